import type { PoolClient } from 'pg';
import { respondentAddressKey, ticketStanding, unknownTicketValues, type CompanyName } from '../../../src/domain/contractors';
import { isoDate } from '../../../src/nyc';
import { OATH_HEARINGS, type OathRow } from '../../sources/contractors';
import { textField } from '../../sources/dataset';
import path from 'node:path';
import { FIXTURES_DIR } from '../../../src/platform/fixture-clock';
import type { Family, IngestFamily, KeyedDataset, NumberedRows } from '../../load/types';
import { groupBlocks, refreshCompanies, type Grouping } from './companies';
import { buildDocuments } from './documents';
import { cachedRespondentCompany, stagedKeyOf } from './names';
import { rederiveTickets, StoredTicket, writeTickets } from './tickets';
import { currentTotals, moveTotals, shareOf, ticketsShare } from './totals';
import { CONTRACTOR_CHANGES } from '../../../src/domain/contractors/changes';
import type { ChangeKinds } from '../../../src/domain/changes';
import { recordEvents } from '../../changes/feed';
import { CONTRACTOR_DATASETS } from '../../../src/domain/contractors/datasets';

/**
 * Contractors: companies as the city dockets them at OATH, keyed by the first slug each was
 * issued, with every summons (individuals' too, under no company) in contractor_tickets.
 */
export const CONTRACTORS: Family = {
  name: 'contractors',
  entities: 'companies',
  entityTable: 'contractor_companies',
  key: 'slug',
  versionSequence: 'contractor_version_seq',
  outbox: 'contractor_outbox',
  // Read on every keystroke of the typeahead: one segment answers fastest.
  indices: [{ name: 'contractors', forceMerge: true }],
  legacyAliases: [],
  lockName: 'contractor',
  buildDocuments,
  // A ticket's status and reopenableUntil move with the clock (a hearing date passing, a
  // 75-day window closing), and the company's open tickets, defaults and savings with them.
  rederive: async (client, slugs, asOf) => [...new Set([...(await rederiveTickets(client, slugs, asOf)), ...(await refreshCompanies(client, slugs, asOf))])],
  // From the company's spelling totals (kept current as of the load's day by the apply), not
  // its tickets: a company's state costs its spellings, however many tickets it holds.
  changes: {
    kinds: CONTRACTOR_CHANGES,
    sql: `select c.slug as key, null as zip, null as borough,
            json_build_object('tickets', coalesce(sum(t.tickets), 0)::int, 'closed', coalesce(sum(t.tickets - t.open_tickets), 0)::int,
              'defaulted', coalesce(sum(t.defaulted_tickets), 0)::int, 'reopenable', coalesce(sum(t.reopenable_tickets), 0)::int) as state
          from contractor_companies c left join contractor_spellings s on s.company = c.slug
            left join contractor_spelling_totals t on t.spelling = s.spelling
          where c.slug = any($1) and $2::date is not null group by c.slug`,
  },
};

/**
 * Applies the staged rows of some grouping blocks: one ticket per ticket number (a later
 * row of the same number in the chunk is a merged duplicate), the blocks' spellings grouped
 * into companies (stored spellings included), the tickets written with their company and
 * standing as of `asOf`, and the totals of every company concerned recomputed.
 */
async function applyOath(client: PoolClient, rows: NumberedRows<OathRow>, asOf: Date): Promise<{ duplicateLines: number[]; changed: string[] }> {
  const byTicket = new Map<string, { row: OathRow; name: CompanyName | null }>();
  const duplicateLines: number[] = [];
  for (const { line, row } of rows) {
    if (byTicket.has(row.ticket)) duplicateLines.push(line);
    else byTicket.set(row.ticket, { row, name: cachedRespondentCompany(row.respondent) });
  }
  const entries = [...byTicket.values()];
  const ticketNumbers = [...byTicket.keys()];

  // Each spelling as last read, its cut candidates the union over every row (sorted): one
  // name per spelling, built once, though a company's spelling repeats on many rows.
  const seen = new Map<string, { name: CompanyName; prefixes: Set<string> }>();
  for (const { name } of entries) {
    if (!name) continue;
    const known = seen.get(name.spelling);
    if (!known) seen.set(name.spelling, { name, prefixes: new Set(name.truncatedPrefixes) });
    else {
      known.name = name;
      for (const prefix of name.truncatedPrefixes) known.prefixes.add(prefix);
    }
  }
  const incoming = new Map<string, CompanyName>();
  for (const [spelling, { name, prefixes }] of seen) incoming.set(spelling, { ...name, truncatedPrefixes: [...prefixes].sort() });
  const day = isoDate(asOf);
  // What the stores hold of these tickets: the company and staged key each had before, and
  // the columns their spellings' totals count (their share before the write).
  const { rows: prior } = await client.query(
    `select ticket, spelling, company, respondent_first_name, respondent_last_name, reopened, status, defaulted,
       sought_cents::float8 as sought_cents, imposed_cents::float8 as imposed_cents, late_fees_due_cents::float8 as late_fees_due_cents,
       due_cents::float8 as due_cents, reopenable_until::text as reopenable_until
     from contractor_tickets where ticket = any($1)`,
    [ticketNumbers],
  );
  // The totals of every spelling these tickets had or have, made current before they move.
  await currentTotals(client, [...prior.flatMap((row) => (row.spelling ? [row.spelling as string] : [])), ...incoming.keys()], day);
  // Tickets per spelling as they will be once this chunk is written.
  const ticketsBySpelling = async (spellings: string[]) => {
    await currentTotals(client, spellings, day);
    const { rows: counted } = await client.query('select spelling, tickets as n from contractor_spelling_totals where spelling = any($1)', [spellings]);
    const counts = new Map<string, number>(counted.map((row) => [row.spelling as string, row.n as number]));
    for (const { spelling } of prior) if (spelling !== null && counts.has(spelling)) counts.set(spelling, counts.get(spelling)! - 1);
    for (const { name } of entries) if (name) counts.set(name.spelling, (counts.get(name.spelling) ?? 0) + 1);
    return counts;
  };
  // The respondent addresses each spelling is docketed at in this chunk: evidence for grouping.
  const addresses = new Map<string, Set<string>>();
  for (const { row, name } of entries) {
    const address = name ? respondentAddressKey(row.respondentHouse, row.respondentStreet, row.respondentZip) : null;
    if (!name || address === null) continue;
    if (!addresses.has(name.spelling)) addresses.set(name.spelling, new Set());
    addresses.get(name.spelling)!.add(address);
  }
  const grouping = await groupBlocks(client, incoming, ticketsBySpelling, asOf, addresses);

  // A ticket docketed under another respondent before leaves that company, and the block it
  // was staged under loses its digest: that block is applied again when next seen, even
  // with the rows it had then.
  const concerned = new Set<string>([...grouping.touched, ...prior.flatMap((row) => (row.company ? [row.company as string] : []))]);
  const stagedKey = new Map(entries.map(({ row }) => [row.ticket, stagedKeyOf(row.respondent)]));
  const left = [...new Set(prior
    .map((row) => stagedKeyOf({ firstName: row.respondent_first_name, lastName: row.respondent_last_name }) as string)
    .filter((key, index) => key !== stagedKey.get(prior[index].ticket)))];
  if (left.length) await client.query('delete from oath_source_hashes where slug = any($1)', [left]);
  // A summons an earlier load showed reopened has used its one new hearing, whatever this row shows.
  const reopenedBefore = new Set(prior.filter((row) => row.reopened).map((row) => row.ticket as string));
  const tickets: StoredTicket[] = entries.map(({ row, name }) => ({
    row,
    spelling: name?.spelling ?? null,
    company: name ? grouping.companyOf.get(name.spelling)! : null,
    standing: ticketStanding({ ...row, reopenedBefore: reopenedBefore.has(row.ticket) }, asOf),
    asOf: day,
  }));
  // A ticket never changes slug silently: the regrouping's moves, and summonses the city now
  // dockets under a spelling of another company, are in the feed with the chunk.
  await recordEvents(client, CONTRACTOR_CHANGES as ChangeKinds<never>, withRedocketed(grouping.events, prior, grouping.companyOf, tickets), asOf);
  // The tickets' share of their spellings' totals before the write (as read above) and after
  // it (as written: a stored ticket not rewritten already holds every value written).
  const before = shareOf(prior.map((row) => ({
    spelling: row.spelling, status: row.status, defaulted: row.defaulted, soughtCents: row.sought_cents, imposedCents: row.imposed_cents,
    lateFeesDueCents: row.late_fees_due_cents, dueCents: row.due_cents, reopenableUntil: row.reopenable_until,
  })), day);
  const after = shareOf(tickets.map(({ spelling, standing }) => ({
    spelling, status: standing.status, defaulted: standing.defaulted, soughtCents: standing.soughtCents, imposedCents: standing.imposedCents,
    lateFeesDueCents: standing.lateFeesCents, dueCents: standing.dueCents, reopenableUntil: standing.reopenableUntil,
  })), day);
  const written = await writeTickets(client, tickets, new Set(prior.map((row) => row.ticket as string)));
  await moveTotals(client, before, after, day);
  const changed = await refreshCompanies(client, [...concerned].sort(), asOf);
  return { duplicateLines, changed: [...new Set([...changed, ...grouping.created, ...grouping.reasoned, ...written])] };
}

/**
 * The grouping's feed rows with the stored tickets this chunk gives another company (a
 * summons amended to another respondent) counted into tickets_moved: from the company the
 * ticket had once its spelling was grouped again, to the one it is written with.
 */
function withRedocketed(
  events: Grouping['events'],
  prior: Array<{ ticket: string; spelling: string | null; company: string | null }>,
  companyOf: ReadonlyMap<string, string>,
  tickets: StoredTicket[],
): Grouping['events'] {
  const all = events.map((event) => ({ ...event, detail: { ...event.detail } }));
  const companyNow = new Map(tickets.map(({ row, company }) => [row.ticket, company]));
  for (const row of prior) {
    const from = (row.spelling !== null ? companyOf.get(row.spelling) : undefined) ?? row.company;
    const to = companyNow.get(row.ticket) ?? null;
    if (from === null || to === null || from === to) continue;
    const same = all.find((event) => event.kind === 'tickets_moved' && event.detail.from === from && event.detail.to === to);
    if (same) same.detail.count = (same.detail.count ?? 0) + 1;
    else all.push({ key: from, kind: 'tickets_moved', detail: { from, to, count: 1 } });
  }
  return all;
}

/** The OATH Hearings Division case status into the contractors family, staged by grouping block. */
export const OATH_LOAD: KeyedDataset<OathRow> = {
  family: CONTRACTORS,
  source: OATH_HEARINGS,
  // The grouping block of the respondent's company (names.ts nameBlock), or '~' and the
  // first letters of an individual's name: a block's spellings are grouped whole.
  keyOf: (row) => stagedKeyOf(row.respondent),
  // The rows hold nothing that changes with every export.
  stagedJson: (row) => JSON.stringify(row),
  // Bump when the way rows become tickets or companies changes (every block is applied again).
  // v2: accented letters folded in company names (CAFÉ ROYAL INC = CAFE ROYAL INC).
  // v3: spellings grouped on evidence too (typos, abbreviations, acronyms, cuts at 32, shared respondent addresses).
  digestSalt: 'oath-v3',
  sourceHashes: 'oath_source_hashes',
  apply: (client, rows, asOf) => applyOath(client, rows, asOf),
  // Tickets by number, spellings, totals and companies by key, a company's spellings and
  // tickets by company, a block's spellings by block, slugs by base: each lookup has its index
  // (a company absorbed, rare, still scans for the companies it had absorbed).
  keyedPlans: true,
  // Counted as the rows are read; the standing itself is derived once, when applied.
  unknownValues: (row) => unknownTicketValues(row),
  // A summons the city no longer publishes (a full sync did not see it) stops being served; its company's totals follow.
  removal: {
    recordId: (row) => row.ticket,
    recordIdOfRaw: (record) => textField(record.ticket_number)?.toUpperCase() ?? null,
    async remove(client, seen, asOf) {
      const day = isoDate(asOf);
      const { rows: absent } = await client.query<{ ticket: string; spelling: string | null }>(
        `select ticket, spelling from contractor_tickets t where not exists (select 1 from ${seen} s where s.id = t.ticket)`,
      );
      const tickets = absent.map((row) => row.ticket);
      await currentTotals(client, absent.flatMap((row) => (row.spelling ? [row.spelling] : [])), day);
      const before = await ticketsShare(client, tickets, day);
      const { rows } = await client.query<{ company: string | null }>('delete from contractor_tickets where ticket = any($1) returning company', [tickets]);
      await moveTotals(client, before, new Map(), day);
      const companies = [...new Set(rows.flatMap((row) => (row.company ? [row.company] : [])))].sort();
      return { removed: rows.length, changed: await refreshCompanies(client, companies, asOf) };
    },
  },
};

/** The contractors family as the ingest knows it: OATH's case status (fixtures/contractors/README.md for the test mode's summonses). */
export const CONTRACTORS_INGEST: IngestFamily = {
  family: CONTRACTORS,
  facts: CONTRACTOR_DATASETS,
  datasets: [OATH_LOAD as KeyedDataset<unknown>],
  fixture: [{ dataset: OATH_LOAD as KeyedDataset<unknown>, file: path.join(FIXTURES_DIR, 'contractors', 'oath.csv') }],
};

export { buildDocuments } from './documents';
export { nameBlock, cachedRespondentCompany } from './names';
