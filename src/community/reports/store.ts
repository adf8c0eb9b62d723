/**
 * Storing and reading community reports and their photos, and moving a report's status (the
 * operator's moderation, ../admin.ts).
 *
 * Visibility rules, in one place:
 *   - public surfaces (restaurant report list, photo bytes, counts, score): every status
 *     but hidden (PUBLIC_STATUSES);
 *   - the device's own history: every status, hidden included;
 *   - erased devices: nothing anywhere (their rows are gone; only erasure_audit keeps a copy);
 *   - sandboxes (DataStore.sandbox): a read sees the shared rows ('') and its own sandbox's,
 *     by id too; a write, a cap count and a device's own history stay in its own sandbox.
 */
import type { Pool, PoolClient } from 'pg';
import { inTransaction } from '../../db/transaction';
import { randomId } from '../../domain/community/ids';
import type { PestSubtype } from '../../domain/community/reports';
import { PUBLIC_STATUSES, reportCapHit, utcDayStart, nextUtcDayStart, type ReportCapScope, type ReportKind, type ReportStatus } from '../../domain/community/score';
import type { ProcessedImage, StoredImage } from '../images';
import { ownReportOf, publicReportOf } from './shape';
import type { OwnReport, PublicReport } from './types';

export interface ReportRow {
  id: string;
  seq: number;
  camis: string;
  device_hash: string;
  kind: ReportKind;
  pest_subtype: PestSubtype | null;
  body: string;
  status: ReportStatus;
  created_at: Date;
  photo_ids: string[];
  username: string | null;
  avatar_id: string | null;
}

/** Columns of a report row with its photo ids (in upload order) and its author's current name and avatar. */
const REPORT_SELECT = `
  select r.id, r.seq, r.camis, r.device_hash, r.kind, r.pest_subtype, r.body, r.status, r.created_at,
         coalesce((select array_agg(p.id order by p.position) from report_photos p where p.report_id = r.id), '{}') as photo_ids,
         d.username, d.avatar_id
    from community_reports r
    join device_profiles d on d.device_hash = r.device_hash and d.sandbox = r.sandbox`;

export async function establishmentExists(pg: Pool | PoolClient, camis: string): Promise<boolean> {
  const { rowCount } = await pg.query('select 1 from restaurant_establishments where camis = $1', [camis]);
  return (rowCount ?? 0) > 0;
}

/**
 * Non-hidden reports of the device (in its sandbox) on the UTC day of `now`: in all, and about
 * `camis`. Exact only inside the device lock; read on the pool, it is the cheap look before an
 * upload's photos are decoded.
 */
export async function reportsToday(
  client: Pool | PoolClient,
  sandbox: string,
  deviceHash: string,
  camis: string,
  now: Date,
): Promise<{ deviceToday: number; establishmentToday: number }> {
  const { rows } = await client.query<{ device_today: number; establishment_today: number }>(
    `select count(*)::int as device_today, (count(*) filter (where camis = $2))::int as establishment_today
       from community_reports
      where device_hash = $1 and sandbox = $5 and status <> 'hidden' and created_at >= $3 and created_at < $4`,
    [deviceHash, camis, utcDayStart(now), nextUtcDayStart(now), sandbox],
  );
  return { deviceToday: rows[0].device_today, establishmentToday: rows[0].establishment_today };
}

export interface NewReport {
  camis: string;
  sandbox: string;
  deviceHash: string;
  /** src/domain/community/devices.ts reportClientKey of the filing client's address; null for a report no client sent (written by the operator's tools). */
  clientKey: string | null;
  kind: ReportKind;
  pestSubtype: PestSubtype | null;
  body: string;
  photos: ProcessedImage[];
  now: Date;
}

export type FileResult = { ok: true; report: PublicReport } | { ok: false; scope: ReportCapScope };

/**
 * Files a report within the caps, inside the device lock the caller holds (withDeviceLock):
 * the count and the insert happen while no other request of the device can write.
 */
export async function fileReport(client: PoolClient, input: NewReport): Promise<FileResult> {
  const scope = reportCapHit(await reportsToday(client, input.sandbox, input.deviceHash, input.camis, input.now));
  if (scope) return { ok: false, scope };
  const id = randomId();
  await client.query(
    `insert into community_reports (id, camis, sandbox, device_hash, client_key, kind, pest_subtype, body, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [id, input.camis, input.sandbox, input.deviceHash, input.clientKey, input.kind, input.pestSubtype, input.body, input.now],
  );
  for (const [position, photo] of input.photos.entries()) {
    await client.query('insert into report_photos (id, report_id, position, content_type, bytes) values ($1, $2, $3, $4, $5)', [
      randomId(),
      id,
      position,
      photo.contentType,
      photo.bytes,
    ]);
  }
  const { rows } = await client.query<ReportRow>(`${REPORT_SELECT} where r.id = $1`, [id]);
  return { ok: true, report: publicReportOf(rows[0]) };
}

/** One page of an establishment's public reports, newest first, after the keyset position `beforeSeq`. */
export async function publicReportsPage(
  pg: Pool,
  query: { sandbox: string; camis: string; kinds: ReportKind[] | null; beforeSeq: number | null; limit: number },
): Promise<Array<PublicReport & { seq: number }>> {
  const { rows } = await pg.query<ReportRow>(
    `${REPORT_SELECT}
      where r.camis = $1 and (r.sandbox = '' or r.sandbox = $6) and r.status = any($2) and ($3::text[] is null or r.kind = any($3)) and ($4::bigint is null or r.seq < $4)
      order by r.seq desc
      limit $5`,
    [query.camis, PUBLIC_STATUSES, query.kinds, query.beforeSeq, query.limit, query.sandbox],
  );
  return rows.map((row) => ({ ...publicReportOf(row), seq: row.seq }));
}

/** One page of the device's own reports (every status), newest first. */
export async function ownReportsPage(
  pg: Pool,
  query: { sandbox: string; deviceHash: string; beforeSeq: number | null; limit: number },
): Promise<Array<OwnReport & { seq: number }>> {
  const { rows } = await pg.query<ReportRow>(
    `${REPORT_SELECT}
      where r.device_hash = $1 and r.sandbox = $4 and ($2::bigint is null or r.seq < $2)
      order by r.seq desc
      limit $3`,
    [query.deviceHash, query.beforeSeq, query.limit, query.sandbox],
  );
  return rows.map((row) => ({ ...ownReportOf(row), seq: row.seq }));
}

/** A photo's bytes, only while its report is on public surfaces (not hidden, not erased) of the caller's sandbox. */
export async function publicPhoto(pg: Pool, sandbox: string, photoId: string): Promise<StoredImage | null> {
  const { rows } = await pg.query<{ content_type: string; bytes: Buffer }>(
    `select p.content_type, p.bytes
       from report_photos p join community_reports r on r.id = p.report_id
      where p.id = $1 and r.status = any($2) and (r.sandbox = '' or r.sandbox = $3)`,
    [photoId, PUBLIC_STATUSES, sandbox],
  );
  return rows[0] ? { contentType: rows[0].content_type, bytes: rows[0].bytes } : null;
}

/**
 * Moves a report to `status`, with its line in community_admin_log, in one transaction that
 * holds the report's row. The status it had, or null when there is no such report (unknown, or
 * erased by its device).
 */
export async function moveReportStatus(pg: Pool, reportId: string, status: ReportStatus, reason: string | null): Promise<ReportStatus | null> {
  return inTransaction(pg, async (client) => {
    const { rows } = await client.query<{ status: ReportStatus }>('select status from community_reports where id = $1 for update', [reportId]);
    if (!rows[0]) return null;
    const from = rows[0].status;
    await client.query('update community_reports set status = $2 where id = $1', [reportId, status]);
    await client.query(`insert into community_admin_log (action, target, from_value, to_value, reason) values ('report_status', $1, $2, $3, $4)`, [
      reportId,
      from,
      status,
      reason,
    ]);
    return from;
  });
}
