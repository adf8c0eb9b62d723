import { isDeepStrictEqual } from 'node:util';
import type { PoolClient } from 'pg';
import { CHANGE_RETENTION_DAYS, type ChangeFamily, changeKinds, type ChangeState, type PropertyState } from '../../src/changes/kinds';
import { deadlinesFor } from '../../src/domain/properties/deadlines';
import { lotFactsOf } from '../../src/properties/lot-facts';
import type { Family } from '../families/types';

/**
 * The change feed's side of the ingest: after a chunk's (or a rederive batch's) changed
 * entities got new versions, read each one's derived state, compare it with the state the
 * feed last saw (change_states), and write a `changes` row per kind of change, in the same
 * transaction. An entity seen for the first time only has its state kept: a first load
 * records nothing (a fresh store would otherwise announce every entity it holds).
 */

interface StateRow {
  key: string;
  zip: string | null;
  borough: string | null;
  state: ChangeState;
}

/**
 * Each ingest family's state query: $1 the keys, $2 the clock's date; `withClock` adds to the
 * states what the rules compute on the clock. Families without one record no changes.
 */
const STATE_QUERIES: Record<string, { family: ChangeFamily; sql: string; withClock?: (client: PoolClient, rows: StateRow[], asOf: Date) => Promise<void> }> = {
  restaurants: {
    family: 'restaurant',
    sql: `select e.camis as key, e.zip, e.borough,
            json_build_object('lastInspection', p.last_inspected_at::text, 'grade', p.grade, 'closed', coalesce(p.closed, false),
              'citations', (select count(*)::int from restaurant_citations c where c.camis = e.camis)) as state
          from restaurant_establishments e left join restaurant_profiles p on p.camis = e.camis
          where e.camis = any($1) and $2::date is not null`,
  },
  properties: {
    family: 'property',
    sql: `select l.bbl as key, l.zip, l.borough,
            json_build_object('violations', count(v.source_id)::int, 'open', count(v.source_id) filter (where v.is_open)::int) as state
          from property_lots l left join property_violations v on v.bbl = l.bbl
          where l.bbl = any($1) and $2::date is not null group by l.bbl`,
    withClock: addDeadlineStatuses,
  },
  contractors: {
    family: 'contractor',
    // From the company's spelling totals (kept current as of the load's day by the apply), not
    // its tickets: a company's state costs its spellings, however many tickets it holds.
    sql: `select c.slug as key, null as zip, null as borough,
            json_build_object('tickets', coalesce(sum(t.tickets), 0)::int, 'closed', coalesce(sum(t.tickets - t.open_tickets), 0)::int,
              'defaulted', coalesce(sum(t.defaulted_tickets), 0)::int, 'reopenable', coalesce(sum(t.reopenable_tickets), 0)::int) as state
          from contractor_companies c left join contractor_spellings s on s.company = c.slug
            left join contractor_spelling_totals t on t.spelling = s.spelling
          where c.slug = any($1) and $2::date is not null group by c.slug`,
  },
};

/**
 * Each lot's deadline statuses on the clock (the engine of GET /properties/{bbl}/deadlines, on
 * the same facts, read for the whole chunk at once).
 */
async function addDeadlineStatuses(client: PoolClient, rows: StateRow[], asOf: Date): Promise<void> {
  const facts = await lotFactsOf(client, rows.map((row) => row.key));
  for (const row of rows) {
    const lot = facts.get(row.key);
    if (lot) (row.state as PropertyState).deadlines = Object.fromEntries(deadlinesFor(lot, asOf).map((item) => [item.kind, item.status]));
  }
}

/**
 * Whether a family's states move with the clock alone (deadlines fall due): its daily rederive
 * compares every entity, not only those whose derived records it rewrote.
 */
export function statesMoveWithClock(family: Family): boolean {
  return STATE_QUERIES[family.name]?.withClock !== undefined;
}

/**
 * Records the change feed rows of these changed entities (their states against the last
 * seen), keeps their new states, and prunes rows past the retention; in the caller's
 * transaction. A notification on commit wakes the webhook workers (src/webhooks/worker.ts).
 */
export async function recordChangeFeed(client: PoolClient, family: Family, keys: string[], asOf: Date): Promise<void> {
  const query = STATE_QUERIES[family.name];
  if (!query || keys.length === 0) return;
  const day = asOf.toISOString().slice(0, 10);
  const { rows: now } = await client.query<StateRow>(query.sql, [keys, day]);
  await query.withClock?.(client, now, asOf);
  const { rows: seen } = await client.query<{ key: string; state: ChangeState }>(
    'select entity_id as key, state from change_states where family = $1 and entity_id = any($2)',
    [query.family, keys],
  );
  const before = new Map(seen.map((row) => [row.key, row.state]));
  const changes = now.flatMap((row) => {
    const previous = before.get(row.key);
    return previous ? changeKinds(query.family, previous, row.state).map((change) => ({ ...change, row })) : [];
  });
  if (changes.length) {
    await client.query(
      `insert into changes (family, entity_id, kind, occurred_at, zip, borough, detail)
       select $1, * from unnest($2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::text[], $7::jsonb[])`,
      [
        query.family,
        changes.map((c) => c.row.key),
        changes.map((c) => c.kind),
        changes.map(() => asOf),
        changes.map((c) => c.row.zip),
        changes.map((c) => c.row.borough),
        changes.map((c) => JSON.stringify(c.detail)),
      ],
    );
    await client.query(`select pg_notify('changes_recorded', current_schema())`);
  }
  // Only the states that moved are written: a daily rederive compares every lot, and most
  // states stay as they were (jsonb gives keys back in its own order, which isDeepStrictEqual ignores).
  const moved = now.filter((row) => !before.has(row.key) || !isDeepStrictEqual(before.get(row.key), row.state));
  if (moved.length) {
    await client.query(
      `insert into change_states (family, entity_id, state) select $1, * from unnest($2::text[], $3::jsonb[])
       on conflict (family, entity_id) do update set state = excluded.state`,
      [query.family, moved.map((row) => row.key), moved.map((row) => JSON.stringify(row.state))],
    );
  }
  await client.query(`delete from changes where occurred_at < $1::timestamptz - make_interval(days => $2)`, [asOf, CHANGE_RETENTION_DAYS]);
}
