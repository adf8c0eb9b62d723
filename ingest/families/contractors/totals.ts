import type { PoolClient } from 'pg';

/**
 * Each company spelling's ticket totals as of a day (contractor_spelling_totals), kept moving
 * with the tickets a load writes: before the write, the totals of the spellings concerned are
 * made current (recomputed whole when missing or of another day) and the written tickets'
 * share of them taken; after it, their new share is taken and the difference added. A
 * company's totals are then the sums of its spellings' (refreshCompanies), so a load of a few
 * changed tickets reads a few tickets, however many the company holds.
 */

/** The totals, in the table's column order after spelling. */
export const TOTAL_FIELDS = [
  'tickets', 'open_tickets', 'defaulted_hearings', 'defaulted_tickets', 'fines_sought_cents', 'fines_imposed_cents', 'fines_due_cents',
  'reopenable_tickets', 'reopenable_savings_min_cents', 'reopenable_savings_max_cents',
] as const;
export type TotalField = (typeof TOTAL_FIELDS)[number];
export type SpellingTotals = Record<TotalField, number>;

const TYPES: Record<TotalField, string> = {
  tickets: 'integer', open_tickets: 'integer', defaulted_hearings: 'integer', defaulted_tickets: 'integer', fines_sought_cents: 'bigint',
  fines_imposed_cents: 'bigint', fines_due_cents: 'bigint', reopenable_tickets: 'integer', reopenable_savings_min_cents: 'bigint', reopenable_savings_max_cents: 'bigint',
};

/** The tickets' totals by spelling as of the day $1, over the tickets `where` picks (its parameters from $2). */
const aggregate = (where: string) => `select spelling,
    count(*)::int as tickets,
    count(*) filter (where status <> 'closed')::int as open_tickets,
    count(*) filter (where status = 'defaulted')::int as defaulted_hearings,
    count(*) filter (where defaulted)::int as defaulted_tickets,
    coalesce(sum(sought_cents), 0)::float8 as fines_sought_cents,
    coalesce(sum(imposed_cents), 0)::float8 as fines_imposed_cents,
    coalesce(sum(due_cents), 0)::float8 as fines_due_cents,
    count(*) filter (where reopenable_until >= $1::date)::int as reopenable_tickets,
    coalesce(sum(greatest(0, imposed_cents - sought_cents)) filter (where reopenable_until >= $1::date), 0)::float8 as reopenable_savings_min_cents,
    coalesce(sum(imposed_cents + late_fees_due_cents) filter (where reopenable_until >= $1::date), 0)::float8 as reopenable_savings_max_cents
  from contractor_tickets where spelling is not null and ${where} group by spelling`;

async function totalsOf(client: PoolClient, where: string, day: string, values: unknown[]): Promise<Map<string, SpellingTotals>> {
  const { rows } = await client.query(aggregate(where), [day, ...values]);
  return new Map(rows.map((row) => [row.spelling as string, Object.fromEntries(TOTAL_FIELDS.map((field) => [field, Number(row[field])])) as SpellingTotals]));
}

/** Writes these spellings' totals as of the day (`add`: added to the stored ones, which are of that day; else they replace them). */
async function writeTotals(client: PoolClient, totals: Map<string, SpellingTotals>, day: string, add: boolean): Promise<void> {
  if (totals.size === 0) return;
  const spellings = [...totals.keys()];
  const fields = TOTAL_FIELDS.map((field) => field as string);
  await client.query(
    `insert into contractor_spelling_totals (spelling, ${fields.join(', ')}, as_of)
     select u.*, $${fields.length + 2}::date from unnest($1::text[], ${fields.map((field, i) => `$${i + 2}::${TYPES[field as TotalField]}[]`).join(', ')}) as u
     on conflict (spelling) do update set ${fields.map((field) => `${field} = ${add ? `contractor_spelling_totals.${field} + ` : ''}excluded.${field}`).join(', ')}, as_of = excluded.as_of`,
    [spellings, ...TOTAL_FIELDS.map((field) => spellings.map((spelling) => totals.get(spelling)![field])), day],
  );
}

const ZERO: SpellingTotals = Object.fromEntries(TOTAL_FIELDS.map((field) => [field, 0])) as SpellingTotals;

/**
 * Makes these spellings' stored totals those of the day: a spelling without totals, or with
 * another day's, is recomputed whole from its tickets (a spelling without tickets gets zeros).
 */
export async function currentTotals(client: PoolClient, spellings: readonly string[], day: string): Promise<void> {
  if (spellings.length === 0) return;
  const { rows } = await client.query<{ spelling: string }>(
    'select s.spelling from unnest($1::text[]) as s (spelling) left join contractor_spelling_totals t using (spelling) where t.as_of is distinct from $2::date',
    [[...new Set(spellings)], day],
  );
  if (rows.length === 0) return;
  const stale = rows.map((row) => row.spelling);
  const recomputed = await totalsOf(client, 'spelling = any($2)', day, [stale]);
  for (const spelling of stale) if (!recomputed.has(spelling)) recomputed.set(spelling, ZERO);
  await writeTotals(client, recomputed, day, false);
}

/** A ticket's columns that its spelling's totals count, as stored (or as about to be written). */
export interface TicketShareRow {
  spelling: string | null;
  status: string;
  defaulted: boolean;
  soughtCents: number;
  imposedCents: number;
  lateFeesDueCents: number;
  dueCents: number;
  reopenableUntil: string | null;
}

/**
 * aggregate() over tickets in hand (those a load read before writing them, or is writing):
 * the same sums by spelling as of the day, without reading the tickets again.
 */
export function shareOf(tickets: Iterable<TicketShareRow>, day: string): Map<string, SpellingTotals> {
  const totals = new Map<string, SpellingTotals>();
  for (const ticket of tickets) {
    if (ticket.spelling === null) continue;
    let sums = totals.get(ticket.spelling);
    if (!sums) totals.set(ticket.spelling, (sums = { ...ZERO }));
    sums.tickets += 1;
    if (ticket.status !== 'closed') sums.open_tickets += 1;
    if (ticket.status === 'defaulted') sums.defaulted_hearings += 1;
    if (ticket.defaulted) sums.defaulted_tickets += 1;
    sums.fines_sought_cents += ticket.soughtCents;
    sums.fines_imposed_cents += ticket.imposedCents;
    sums.fines_due_cents += ticket.dueCents;
    if (ticket.reopenableUntil !== null && ticket.reopenableUntil >= day) {
      sums.reopenable_tickets += 1;
      sums.reopenable_savings_min_cents += Math.max(0, ticket.imposedCents - ticket.soughtCents);
      sums.reopenable_savings_max_cents += ticket.imposedCents + ticket.lateFeesDueCents;
    }
  }
  return totals;
}

/** The written tickets' share of their spellings' totals, taken before and after a write. */
export function ticketsShare(client: PoolClient, tickets: readonly string[], day: string): Promise<Map<string, SpellingTotals>> {
  return totalsOf(client, 'ticket = any($2)', day, [tickets]);
}

/** After a write: the spellings' totals move by the tickets' share after, less their share before. */
export async function moveTotals(client: PoolClient, before: Map<string, SpellingTotals>, after: Map<string, SpellingTotals>, day: string): Promise<void> {
  const delta = new Map<string, SpellingTotals>();
  for (const spelling of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(spelling) ?? ZERO;
    const now = after.get(spelling) ?? ZERO;
    const moved = Object.fromEntries(TOTAL_FIELDS.map((field) => [field, now[field] - was[field]])) as SpellingTotals;
    if (TOTAL_FIELDS.some((field) => moved[field] !== 0)) delta.set(spelling, moved);
  }
  await writeTotals(client, delta, day, true);
}
