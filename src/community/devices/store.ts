/**
 * Device rows: the profile of a device and the lock every device write holds.
 *
 * A device is known only by its hash (device.ts), within a sandbox (DataStore.sandbox): the
 * same install under two test key pairs is two devices, which is what keeps one test key's
 * usernames, avatars and caps out of another's answers. Its row in device_profiles is created by
 * the first write of the device (a report, a username, an avatar) and locked FOR UPDATE by
 * every write, so two concurrent requests of one device run one after the other: that is
 * what makes the report caps and the rename throttle exact.
 */
import type { Pool, PoolClient } from 'pg';
import { inTransaction } from '../../db/transaction';
import { funDefault } from '../../domain/community/devices';
import { canRenameAt } from '../../domain/community/usernames';

export interface DeviceRow {
  device_hash: string;
  sandbox: string;
  username: string | null;
  username_key: string | null;
  avatar_id: string | null;
  created_at: Date;
  renamed_at: Date | null;
}

/** The Device profile resource. */
export interface DeviceProfile {
  username: string | null;
  funDefault: string;
  displayName: string;
  avatarId: string | null;
  createdAt: string | null;
  renamedAt: string | null;
  canRenameAt: string | null;
}

/** The profile a device sees; a device without a row (never wrote, or erased) gets its defaults. */
export function profileOf(deviceHash: string, row: DeviceRow | null, now: Date): DeviceProfile {
  const fun = funDefault(deviceHash);
  const next = row ? canRenameAt(row.renamed_at, now) : null;
  return {
    username: row?.username ?? null,
    funDefault: fun,
    displayName: row?.username ?? fun,
    avatarId: row?.avatar_id ?? null,
    createdAt: row ? row.created_at.toISOString() : null,
    renamedAt: row?.renamed_at ? row.renamed_at.toISOString() : null,
    canRenameAt: next ? next.toISOString() : null,
  };
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

export { inTransaction };
