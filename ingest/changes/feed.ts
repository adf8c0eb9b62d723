import { isDeepStrictEqual } from 'node:util';
import type { PoolClient } from 'pg';
import { CHANGE_RETENTION_DAYS, type ChangeDetail, type ChangeKinds } from '../../src/domain/changes';
import type { ChangeStateRow, Family } from '../load/types';

/**
 * The change feed's side of the ingest: after a chunk's (or a rederive batch's) changed
 * entities got new versions, read each one's derived state (the family's `changes` query),
 * compare it with the state the feed last saw (change_states), and write a `changes` row per
 * kind of change, in the same transaction. An entity seen for the first time only has its
 * state kept: a first load records nothing (a fresh store would otherwise announce every
 * entity it holds).
 */

/**
 * Whether a family's states move with the clock alone (deadlines fall due): its daily rederive
 * compares every entity, not only those whose derived records it rewrote.
 */
export function statesMoveWithClock(family: Family): boolean {
  return family.changes?.withClock !== undefined;
}

/**
 * Records the change feed rows of these changed entities (their states against the last
 * seen), keeps their new states, and prunes rows past the retention; in the caller's
 * transaction. A notification on commit wakes the webhook workers (src/changes/webhooks/worker.ts).
 */
export async function recordChangeFeed(client: PoolClient, family: Family, keys: string[], asOf: Date): Promise<void> {
  const query = family.changes;
  if (!query || keys.length === 0) return;
  const day = asOf.toISOString().slice(0, 10);
  const { rows: now } = await client.query<ChangeStateRow>(query.sql, [keys, day]);
  await query.withClock?.(client, now, asOf);
  const { rows: seen } = await client.query<{ key: string; state: object }>(
    'select entity_id as key, state from change_states where family = $1 and entity_id = any($2)',
    [query.kinds.family, keys],
  );
  const before = new Map(seen.map((row) => [row.key, row.state]));
  const changes = now.flatMap((row) => {
    const previous = before.get(row.key);
    return previous ? query.kinds.compare(previous, row.state).map((change) => ({ ...change, row })) : [];
  });
  if (changes.length) {
    await client.query(
      `insert into changes (family, entity_id, kind, occurred_at, zip, borough, detail)
       select $1, * from unnest($2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::text[], $7::jsonb[])`,
      [
        query.kinds.family,
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
      [query.kinds.family, moved.map((row) => row.key), moved.map((row) => JSON.stringify(row.state))],
    );
  }
  await client.query(`delete from changes where occurred_at < $1::timestamptz - make_interval(days => $2)`, [asOf, CHANGE_RETENTION_DAYS]);
}

/**
 * Writes changes a load saw happen rather than read from two states (a contractor's tickets
 * moving to another company's slug when spellings are grouped again), in the caller's
 * transaction. Each kind must be one the family declares observed, so the feed's vocabulary
 * and the document list it.
 */
export async function recordEvents(
  client: PoolClient,
  kinds: ChangeKinds<never>,
  events: ReadonlyArray<{ key: string; kind: string; detail: ChangeDetail }>,
  asOf: Date,
): Promise<void> {
  if (events.length === 0) return;
  for (const { kind } of events) if (!kinds.observed?.includes(kind)) throw new Error(`${kinds.family} declares no observed kind of change ${kind}`);
  await client.query(
    `insert into changes (family, entity_id, kind, occurred_at, detail)
     select $1, * from unnest($2::text[], $3::text[], $4::timestamptz[], $5::jsonb[])`,
    [kinds.family, events.map((e) => e.key), events.map((e) => e.kind), events.map(() => asOf), events.map((e) => JSON.stringify(e.detail))],
  );
  await client.query(`select pg_notify('changes_recorded', current_schema())`);
}
