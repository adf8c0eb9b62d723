/**
 * Device rows: the profile of a device, its username and avatar, its erasure, and the lock
 * every device write holds.
 *
 * A device is known only by its hash (src/domain/community/devices.ts), within a sandbox
 * (DataStore.sandbox): the same install under two test key pairs is two devices, which is what
 * keeps one test key's usernames, avatars and caps out of another's answers. Its row in
 * device_profiles is created by the first write of the device (a report, a username, an
 * avatar) and locked FOR UPDATE by every write, so two concurrent requests of one device run
 * one after the other: that is what makes the report caps and the rename throttle exact.
 */
import type { Pool, PoolClient } from 'pg';
import { inTransaction } from '../../db/transaction';
import { randomId } from '../../domain/community/ids';
import type { ProcessedImage, StoredImage } from '../images';

export interface DeviceRow {
  device_hash: string;
  sandbox: string;
  username: string | null;
  username_key: string | null;
  avatar_id: string | null;
  created_at: Date;
  renamed_at: Date | null;
}

export async function readDevice(pg: Pool | PoolClient, sandbox: string, deviceHash: string): Promise<DeviceRow | null> {
  const { rows } = await pg.query<DeviceRow>('select * from device_profiles where device_hash = $1 and sandbox = $2', [deviceHash, sandbox]);
  return rows[0] ?? null;
}

/**
 * Runs `work` in a transaction holding the device's row FOR UPDATE, creating the row
 * first if the device has none. Concurrent writes of one device queue here.
 */
export function withDeviceLock<T>(pg: Pool, sandbox: string, deviceHash: string, work: (client: PoolClient, device: DeviceRow) => Promise<T>): Promise<T> {
  return inTransaction(pg, async (client) => {
    // A concurrent erasure can delete the row between the insert and the lock (the locking
    // read then finds nothing): insert again. Bounded, since each erasure needs a request.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await client.query('insert into device_profiles (device_hash, sandbox) values ($1, $2) on conflict (device_hash, sandbox) do nothing', [deviceHash, sandbox]);
      const { rows } = await client.query<DeviceRow>('select * from device_profiles where device_hash = $1 and sandbox = $2 for update', [deviceHash, sandbox]);
      if (rows[0]) return work(client, rows[0]);
    }
    throw new Error('device row vanished repeatedly while being locked');
  });
}

/** Like withDeviceLock, but a device without a row is left without one (work gets null). */
export function withExistingDeviceLock<T>(pg: Pool, sandbox: string, deviceHash: string, work: (client: PoolClient, device: DeviceRow | null) => Promise<T>): Promise<T> {
  return inTransaction(pg, async (client) => {
    const { rows } = await client.query<DeviceRow>('select * from device_profiles where device_hash = $1 and sandbox = $2 for update', [deviceHash, sandbox]);
    return work(client, rows[0] ?? null);
  });
}

/**
 * Sets the device's username and starts its rename throttle, inside the device's lock; false
 * when another device of the sandbox holds the same key (device_profiles_username_key).
 */
export async function setUsername(client: PoolClient, sandbox: string, deviceHash: string, username: string, key: string, now: Date): Promise<boolean> {
  try {
    await client.query('update device_profiles set username = $3, username_key = $4, renamed_at = $5 where device_hash = $1 and sandbox = $2', [
      deviceHash,
      sandbox,
      username,
      key,
      now,
    ]);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return false;
    throw error;
  }
}

/** The device holding a username key, if any: usernames are unique within a sandbox (device_profiles_username_key), so the look is there only. */
export async function usernameHolder(pg: Pool, sandbox: string, key: string): Promise<string | undefined> {
  const { rows } = await pg.query<{ device_hash: string }>('select device_hash from device_profiles where username_key = $1 and sandbox = $2', [key, sandbox]);
  return rows[0]?.device_hash;
}

/** An avatar's bytes, while it is the current avatar of a device the caller's sandbox sees. */
export async function avatarImage(pg: Pool, sandbox: string, avatarId: string): Promise<StoredImage | null> {
  const { rows } = await pg.query<{ content_type: string; bytes: Buffer }>("select content_type, bytes from avatars where id = $1 and (sandbox = '' or sandbox = $2)", [
    avatarId,
    sandbox,
  ]);
  return rows[0] ? { contentType: rows[0].content_type, bytes: rows[0].bytes } : null;
}

/** Replaces the device's avatar (inside its lock); the previous avatar id stops answering. */
export async function replaceAvatar(client: PoolClient, sandbox: string, deviceHash: string, avatar: ProcessedImage): Promise<string> {
  const id = randomId();
  await client.query('delete from avatars where device_hash = $1 and sandbox = $2', [deviceHash, sandbox]);
  await client.query('insert into avatars (id, device_hash, sandbox, content_type, bytes) values ($1, $2, $3, $4, $5)', [
    id,
    deviceHash,
    sandbox,
    avatar.contentType,
    avatar.bytes,
  ]);
  await client.query('update device_profiles set avatar_id = $3 where device_hash = $1 and sandbox = $2', [deviceHash, sandbox, id]);
  return id;
}

export interface ErasureResult {
  erased: boolean;
  reports: number;
  auditId: number | null;
}

/**
 * DELETE /profile: erases the device `deviceHash` of `sandbox` (DataStore.sandbox; the same
 * install in other sandboxes keeps its data). Everything of the device leaves every surface at
 * once, in one transaction holding the device's lock (a report being filed concurrently either
 * commits first and is erased too, or comes after and starts a new, empty device).
 *
 * Erased: the profile row (so the username is free at once), the avatar, every report
 * whatever its status, and their photos. Kept: one erasure_audit row with the deletion
 * stamp, a JSON copy of the profile and the reports, and the image bytes in
 * erasure_audit_images. No endpoint reads those tables.
 */
export async function eraseDevice(pg: Pool, sandbox: string, deviceHash: string): Promise<ErasureResult> {
  return withExistingDeviceLock(pg, sandbox, deviceHash, async (client, device) => {
    if (!device) return { erased: false, reports: 0, auditId: null };
    const reports = await client.query(
      `select r.id, r.camis, r.kind, r.pest_subtype, r.body, r.status, r.created_at,
              coalesce((select array_agg(p.id order by p.position) from report_photos p where p.report_id = r.id), '{}') as photo_ids
         from community_reports r where r.device_hash = $1 and r.sandbox = $2 order by r.seq`,
      [deviceHash, sandbox],
    );
    const profile = { username: device.username, avatarId: device.avatar_id, createdAt: device.created_at, renamedAt: device.renamed_at };
    const audit = await client.query<{ id: number }>('insert into erasure_audit (device_hash, sandbox, profile, reports) values ($1, $2, $3, $4) returning id', [
      deviceHash,
      sandbox,
      JSON.stringify(profile),
      JSON.stringify(reports.rows),
    ]);
    const auditId = audit.rows[0].id;
    await client.query(
      `insert into erasure_audit_images (audit_id, image_kind, image_id, report_id, content_type, bytes)
       select $1::bigint, 'photo', p.id, p.report_id, p.content_type, p.bytes
         from report_photos p join community_reports r on r.id = p.report_id where r.device_hash = $2::text and r.sandbox = $3::text
       union all
       select $1::bigint, 'avatar', a.id, null, a.content_type, a.bytes from avatars a where a.device_hash = $2::text and a.sandbox = $3::text`,
      [auditId, deviceHash, sandbox],
    );
    // Photos go with their reports (on delete cascade), the avatar with the profile.
    await client.query('delete from community_reports where device_hash = $1 and sandbox = $2', [deviceHash, sandbox]);
    await client.query('delete from device_profiles where device_hash = $1 and sandbox = $2', [deviceHash, sandbox]);
    return { erased: true, reports: reports.rowCount ?? 0, auditId };
  });
}
