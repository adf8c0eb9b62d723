import { keptRows } from '../db/kept-reads';
import { prepared } from '../db/pool';
import { DOCK_FADE_DAYS, NEGATIVE_KIND_DOCK, PUBLIC_STATUSES, REPORT_KINDS, type CommunityBlock } from '../domain/community/score';
import type { DataStore } from '../stores';
import { type CommunityBlockRow, communityBlocksOf } from './shape';

/**
 * The community block of restaurant profiles, loaded for many establishments at once
 * (profiles and batch); the owner-remediation block beside it is remediation/store.ts'. The
 * restaurant profile calls these through figures.ts; the community family owns what they
 * compute. Both read the reports and documents tables as kept reads (src/db/kept-reads.ts:
 * served again only until either table is written), so moderation, erasure and new reports
 * show at once; the fading score is computed anew each time.
 *
 * They sit on the hot path of every profile, so each is one round trip for all requested
 * camis, as a named (prepared) statement: most profiles have no reports and no documents,
 * and planning the statement would otherwise cost more than running it.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const NEGATIVE_KINDS = REPORT_KINDS.filter((kind) => NEGATIVE_KIND_DOCK[kind] > 0);

/**
 * The oldest filing time read as docking: the start of the UTC day the fade window opens on,
 * so the statement's values hold for a day (a kept read) while the reports between it and the
 * window's exact start dock nothing (dockWeight 0).
 */
function dockingSince(asOf: Date): Date {
  const opens = asOf.getTime() - DOCK_FADE_DAYS * DAY_MS;
  return new Date(opens - (((opens % DAY_MS) + DAY_MS) % DAY_MS));
}

/**
 * Per establishment and kind, over public (non-hidden) reports of the shared rows and the
 * caller's sandbox $5: the count, the newest filing, and the filing times and client keys of
 * the reports young enough to still dock points (negative kinds only, younger than the fade
 * window as of $4). The two arrays are aggregated in one pass over the same rows with the same
 * filter and no ordering of their own, so their items pair up by position. The sandbox and the
 * client key are carried in community_reports_block, so the read stays index-only,
 * and it is tested as an OR of two comparisons: in a generic plan `sandbox in ('', $5)`
 * builds its array again for every row scanned (measured: +45% on an establishment with
 * 5,000 reports, against +11% for the OR and nothing measurable for one with a few).
 */
const communityBlocksSql = (camisMatch: string) => `
  select camis, kind, count(*)::int as count, max(created_at) as last,
         array_agg(created_at) filter (where kind = any($3) and created_at > $4) as docking,
         array_agg(client_key) filter (where kind = any($3) and created_at > $4) as docking_clients
    from community_reports
   where ${camisMatch} and status = any($2) and (sandbox = '' or sandbox = $5)
   group by camis, kind`;

/**
 * The statement for one establishment (every profile) compares with a scalar: Postgres
 * then settles on one generic plan for the prepared statement, where an array parameter
 * makes it plan each execution anew, which costs more than the execution itself.
 */
const COMMUNITY_BLOCKS = { one: communityBlocksSql('camis = $1'), many: communityBlocksSql('camis = any($1)') };

/**
 * One block per requested camis (establishments with no reports get the empty block), as
 * the store's sandbox sees it. Hidden reports count for nothing.
 */
export async function communityBlocks(store: DataStore, camis: string[], asOf: Date): Promise<Map<string, CommunityBlock>> {
  if (!camis.length) return communityBlocksOf(camis, [], asOf);
  const statement = camis.length === 1 ? COMMUNITY_BLOCKS.one : COMMUNITY_BLOCKS.many;
  const rows = await keptRows<CommunityBlockRow>(
    store,
    prepared(statement, [camis.length === 1 ? camis[0] : camis, PUBLIC_STATUSES, NEGATIVE_KINDS, dockingSince(asOf), store.sandbox]),
  );
  return communityBlocksOf(camis, rows, asOf);
}
