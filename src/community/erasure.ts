/**
 * DELETE /profile: everything of a device leaves every surface at once, in one
 * transaction holding the device's lock (a report being filed concurrently either
 * commits first and is erased too, or comes after and starts a new, empty device).
 *
 * Erased: the profile row (so the username is free at once), the avatar, every report
 * whatever its status, and their photos. Kept: one erasure_audit row with the deletion
 * stamp, a JSON copy of the profile and the reports, and the image bytes in
 * erasure_audit_images. No endpoint reads those tables.
 */
import type { Pool } from 'pg';
import { withExistingDeviceLock } from './devices/store';

export interface ErasureResult {
  erased: boolean;
  reports: number;
  auditId: number | null;
}

/** Erases the device `deviceHash` of `sandbox` (DataStore.sandbox); the same install in other sandboxes keeps its data. */
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
