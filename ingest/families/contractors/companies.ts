import type { PoolClient } from 'pg';
import {
  contractorSummaryRisk, groupCompanyNames, issueSlug, primarySpelling, respondentAddressKey, settleSlugs, slugBase, type CompanyName, type IssuedSlug, type Regrouping, type SpellingGroup,
} from '../../../src/domain/contractors';
import type { ChangeDetail } from '../../../src/domain/changes';
import { CONTRACTOR_PATH_WORDS } from '../../../src/contractors/types';
import { isoDate } from '../../../src/nyc';
import { copyIntoTemporaryTable, type CopyColumn } from '../../load/copy-rows';
import { nameBlock } from './names';
import { currentTotals } from './totals';

/** A spelling of a block as grouping sees it: its CompanyName and the company it belonged to before this load (null when new). */
interface BlockSpelling {
  name: CompanyName;
  company: string | null;
  /** The name as stored (null when new): written again only when it differs. */
  storedName: CompanyName | null;
}

/** How a chunk's blocks came out of grouping: each spelling's company, the companies absorbed, those created. */
export interface Grouping {
  companyOf: Map<string, string>;
  /** Every company the chunk's spellings belonged to before or belong to now. */
  touched: Set<string>;
  created: string[];
  /** The change feed's rows of slugs that moved (CONTRACTOR_CHANGES: tickets_moved, merged_into, split_from), keyed by slug. */
  events: Array<{ key: string; kind: string; detail: ChangeDetail }>;
  /** Companies whose reasons of grouping (grouped_because) changed. */
  reasoned: string[];
}

const union = (a: string[], b: string[]) => [...new Set([...a, ...b])].sort();

/**
 * The version of the grouping rule a stored spelling was last grouped under (kept in its
 * name's jsonb): a spelling grouped under an older rule is grouped again when its block is
 * next applied. 2: evidence joins (names.ts rules 7-9) and their reasons.
 */
const GROUPING_VERSION = 2;

/** Field by field: jsonb gives an object's keys back in its own order. A name stored under an older grouping rule is not the same. */
function sameName(stored: CompanyName | null, name: CompanyName): boolean {
  return stored !== null && (stored as CompanyName & { groupingVersion?: number }).groupingVersion === GROUPING_VERSION && stored.spelling === name.spelling && stored.key === name.key && stored.core === name.core && stored.entity === name.entity
    && stored.full === name.full && stored.truncatedPrefixes.join('\n') === name.truncatedPrefixes.join('\n');
}

/** A spelling's row of contractor_spellings: the spelling, as grouping saw it, and its company. */
const SPELLING_COLUMNS: Array<CopyColumn<[string, BlockSpelling, string]>> = [
  ['spelling', 'text', ([spelling]) => spelling],
  ['name_key', 'text', ([, { name }]) => name.key],
  ['block', 'text', ([, { name }]) => nameBlock(name)],
  ['name', 'jsonb', ([, { name }]) => ({ ...name, groupingVersion: GROUPING_VERSION })],
  ['company', 'text', ([, , company]) => company],
];

/**
 * Groups every spelling of these spellings' blocks (the stored ones and the new ones) with
 * names.ts groupCompanies and settles which company each group is (slug-ledger.ts
 * settleSlugs): a slug stays with the spelling it was made from, so a group is the company of
 * the earliest issued slug whose spelling it holds, the other slugs of its spellings answer
 * for it (an absorbed company keeps its row, unlisted, absorbed_into the survivor), and a
 * group holding no slug's spelling gets a new company, its slug issued from its primary
 * spelling. Tickets of a spelling that changed company follow it, and every move is returned
 * as a change of the feed. Ticket counts (`ticketsBySpelling`) decide primary spellings and
 * the order of groups.
 */
export async function groupBlocks(
  client: PoolClient,
  incoming: Map<string, CompanyName>,
  ticketsBySpelling: (spellings: string[]) => Promise<Map<string, number>>,
  asOf: Date,
  incomingAddresses: Map<string, Set<string>> = new Map(),
): Promise<Grouping> {
  const grouping: Grouping = { companyOf: new Map(), touched: new Set(), created: [], events: [], reasoned: [] };
  if (incoming.size === 0) return grouping;
  // A spelling already stored as read now (its cut candidates included) keeps its company: its
  // block's names are those the last grouping saw, so only blocks with a new or changed
  // spelling are grouped again (a load of changed tickets under known names groups nothing).
  const { rows: known } = await client.query('select spelling, name, company from contractor_spellings where spelling = any($1)', [[...incoming.keys()]]);
  const storedOf = new Map(known.map((row) => [row.spelling as string, row as { name: CompanyName; company: string | null }]));
  const unchanged = (spelling: string, name: CompanyName) => {
    const stored = storedOf.get(spelling);
    return stored !== undefined && stored.company !== null && sameName(stored.name, { ...name, truncatedPrefixes: union(stored.name.truncatedPrefixes, name.truncatedPrefixes) });
  };
  const regrouped = new Set([...incoming].filter(([spelling, name]) => !unchanged(spelling, name)).map(([, name]) => nameBlock(name)));
  const grouped = new Map<string, CompanyName>();
  for (const [spelling, name] of incoming) {
    if (regrouped.has(nameBlock(name))) {
      grouped.set(spelling, name);
      continue;
    }
    const company = storedOf.get(spelling)!.company!;
    grouping.companyOf.set(spelling, company);
    grouping.touched.add(company);
  }
  if (grouped.size === 0) return grouping;
  const blocks = [...regrouped];
  const { rows: stored } = await client.query('select spelling, name, company from contractor_spellings where block = any($1)', [blocks]);
  const spellings = new Map<string, BlockSpelling>();
  for (const row of stored) spellings.set(row.spelling, { name: row.name, company: row.company, storedName: row.name });
  for (const [spelling, name] of grouped) {
    const known = spellings.get(spelling);
    if (!known) spellings.set(spelling, { name, company: null, storedName: null });
    // The cut candidates are the union over every field split the spelling was seen in.
    else known.name = { ...name, truncatedPrefixes: union(known.name.truncatedPrefixes, name.truncatedPrefixes) };
  }

  // Evidence: the respondent addresses each spelling was docketed at (stored tickets and this chunk's rows).
  const addresses = await spellingAddresses(client, [...spellings.keys()]);
  for (const [spelling, seen] of incomingAddresses) {
    if (!addresses.has(spelling)) addresses.set(spelling, new Set());
    for (const address of seen) addresses.get(spelling)!.add(address);
  }
  const { companyOf: groupKeyOf, reasons } = groupCompanyNames([...spellings.values()].map(({ name }) => name), { addresses, blockOf: nameBlock });
  const counts = await ticketsBySpelling([...spellings.keys()]);
  const groups = new Map<string, string[]>();
  for (const [spelling, { name }] of spellings) {
    const group = groupKeyOf.get(name.key)!;
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group)!.push(spelling);
  }
  const ticketsOf = (members: string[]) => members.reduce((sum, spelling) => sum + (counts.get(spelling) ?? 0), 0);
  const ordered = [...groups.entries()].sort(([a, x], [b, y]) => ticketsOf(y) - ticketsOf(x) || (a < b ? -1 : a > b ? 1 : 0));

  const previous = [...new Set([...spellings.values()].flatMap(({ company }) => (company ? [company] : [])))];
  const spellingGroups: SpellingGroup[] = ordered.map(([, members]) => ({
    members,
    primary: primarySpelling(members.map((spelling) => ({ spelling, tickets: counts.get(spelling) ?? 0 })))!,
  }));
  const regrouping: Regrouping = { groups: spellingGroups, companyBefore: new Map([...spellings].map(([spelling, { company }]) => [spelling, company])) };
  const ledger = await slugLedger(client, [...spellings.keys()], previous);
  // Settled once without issuing to learn which groups need a new slug (settleSlugs is pure
  // and asks in the same order every time), then again with the slugs issued for them.
  const needing: SpellingGroup[] = [];
  settleSlugs(ledger, regrouping, (group) => {
    needing.push(group);
    return `\u0000${needing.length}`;
  });
  const issued = await issueSlugs(client, needing.map(({ primary }) => primary));
  const issuedFor = new Map(needing.map((group, index) => [group, issued[index]]));
  const settlement = settleSlugs(ledger, regrouping, (group) => issuedFor.get(group)!);
  if (settlement.issued.length) {
    const slugs = settlement.issued.map(({ slug }) => slug);
    const primaries = settlement.issued.map(({ spelling }) => spelling);
    await client.query(
      `insert into contractor_companies (slug, name, listed, tickets, open_tickets, defaulted_hearings, fines_sought_cents, fines_imposed_cents,
         fines_due_cents, reopenable_tickets, reopenable_savings_min_cents, reopenable_savings_max_cents, summary_risk_score, summary_risk_level, spellings, as_of)
       select slug, name, false, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 'LOW', '{}', $3 from unnest($1::text[], $2::text[]) as u (slug, name)`,
      [slugs, primaries, isoDate(asOf)],
    );
    // In order of issue: issued_seq orders them after every slug issued before, as the settlement did.
    await client.query(
      'insert into contractor_slugs (slug, company, spelling, base) select slug, slug, spelling, base from unnest($1::text[], $2::text[], $3::text[]) with ordinality as u (slug, spelling, base, n) order by n',
      [slugs, primaries, primaries.map(slugBase)],
    );
    grouping.created.push(...slugs);
  }
  // Slugs now answering for another company (absorbed), or for their own again (split back off).
  const issuedHere = new Set(settlement.issued.map(({ slug }) => slug));
  const redirected = [...settlement.written].filter(([slug]) => !issuedHere.has(slug));
  if (redirected.length) {
    const slugs = redirected.map(([slug]) => slug);
    const companies = redirected.map(([, { company }]) => company);
    await client.query('update contractor_slugs as s set company = r.company from unnest($1::text[], $2::text[]) as r (slug, company) where s.slug = r.slug', [slugs, companies]);
    await client.query(
      `update contractor_companies as c set absorbed_into = nullif(r.company, r.slug), listed = c.listed and r.company = r.slug
       from unnest($1::text[], $2::text[]) as r (slug, company) where c.slug = r.slug`,
      [slugs, companies],
    );
    for (const [slug, { company }] of redirected) grouping.touched.add(slug).add(company);
  }
  for (const company of previous) grouping.touched.add(company);
  for (const { slug, from, to } of settlement.redirects) {
    grouping.events.push({ key: slug, kind: to === slug ? 'split_from' : 'merged_into', detail: { from, to } });
  }

  // Each company's reasons of grouping (its group's), written where they changed.
  const reasonRows = ordered.map(([group, members]) => [settlement.companyOf.get(members[0])!, JSON.stringify(reasons.get(group) ?? [])] as const);
  if (reasonRows.length) {
    const { rows: reasoned } = await client.query(
      `update contractor_companies as c set grouped_because = u.reasons::jsonb from unnest($1::text[], $2::text[]) as u (slug, reasons)
       where c.slug = u.slug and c.grouped_because is distinct from u.reasons::jsonb returning c.slug`,
      [reasonRows.map(([company]) => company), reasonRows.map(([, text]) => text)],
    );
    grouping.reasoned.push(...reasoned.map((row) => row.slug as string));
  }

  const changed: Array<[string, BlockSpelling, string]> = [];
  for (const [spelling, entry] of spellings) {
    const company = settlement.companyOf.get(spelling)!;
    grouping.companyOf.set(spelling, company);
    grouping.touched.add(company);
    if (entry.company !== company || !sameName(entry.storedName, entry.name)) changed.push([spelling, entry, company]);
  }
  if (changed.length) {
    await copyIntoTemporaryTable(client, 'incoming_spellings', 'contractor_spellings', SPELLING_COLUMNS, changed);
    await client.query(
      `insert into contractor_spellings (spelling, name_key, block, name, company)
       select spelling, name_key, block, name, company from incoming_spellings
       on conflict (spelling) do update set name_key = excluded.name_key, block = excluded.block, name = excluded.name, company = excluded.company`,
    );
    await client.query('drop table incoming_spellings');
  }
  // The stored tickets of spellings that moved follow them, and the feed says so: one change
  // per company they left and company they joined, with how many moved.
  if (settlement.moves.length) {
    const { rows: moved } = await client.query(
      `update contractor_tickets as t set company = m.company from unnest($1::text[], $2::text[]) as m (spelling, company)
       where t.spelling = m.spelling and t.company is distinct from m.company returning t.spelling`,
      [settlement.moves.map(({ spelling }) => spelling), settlement.moves.map(({ to }) => to)],
    );
    const movedOf = new Map<string, number>();
    for (const { spelling } of moved) movedOf.set(spelling, (movedOf.get(spelling) ?? 0) + 1);
    const counted = new Map<string, { from: string; to: string; count: number }>();
    for (const { spelling, from, to } of settlement.moves) {
      const count = movedOf.get(spelling) ?? 0;
      if (count === 0) continue;
      const pair = counted.get(`${from}\n${to}`) ?? { from, to, count: 0 };
      pair.count += count;
      counted.set(`${from}\n${to}`, pair);
    }
    for (const { from, to, count } of counted.values()) grouping.events.push({ key: from, kind: 'tickets_moved', detail: { from, to, count } });
  }
  return grouping;
}

/** The respondent addresses (respondentAddressKey) the stored tickets of these spellings were docketed at, by spelling. */
async function spellingAddresses(client: PoolClient, spellings: string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (spellings.length === 0) return out;
  const { rows } = await client.query(
    `select spelling, respondent_house, respondent_street, respondent_zip from contractor_tickets
     where spelling = any($1) and respondent_house is not null and respondent_street is not null and respondent_zip is not null
     group by 1, 2, 3, 4`,
    [spellings],
  );
  for (const row of rows) {
    const address = respondentAddressKey(row.respondent_house, row.respondent_street, row.respondent_zip);
    if (address === null) continue;
    if (!out.has(row.spelling)) out.set(row.spelling, new Set());
    out.get(row.spelling)!.add(address);
  }
  return out;
}

/**
 * The slugs a regrouping of these spellings can move: those made from one of them, those
 * answering for a company they had, and those answering for any of these (an absorbed slug
 * whose spelling lies elsewhere follows its company).
 */
async function slugLedger(client: PoolClient, spellings: string[], companies: string[]): Promise<Map<string, IssuedSlug>> {
  const select = 'select slug, spelling, issued_seq::float8 as seq, company from contractor_slugs';
  const { rows } = await client.query(`${select} where spelling = any($1) or company = any($2)`, [spellings, companies]);
  const ledger = new Map<string, IssuedSlug>(rows.map((row) => [row.slug as string, { spelling: row.spelling, seq: row.seq, company: row.company }]));
  const followed = [...new Set([...ledger.values()].map(({ company }) => company))].filter((company) => !companies.includes(company));
  if (followed.length) {
    const { rows: followers } = await client.query(`${select} where company = any($1)`, [followed]);
    for (const row of followers) ledger.set(row.slug, { spelling: row.spelling, seq: row.seq, company: row.company });
  }
  return ledger;
}

/**
 * New slugs for these primary spellings, in order (slugs.ts issueSlug against every slug
 * ever issued and those issued here, never a word of the family's paths): the slugs of the
 * same bases are read at once, then each candidate is checked, and those another base
 * already took are issued again.
 */
async function issueSlugs(client: PoolClient, spellings: string[]): Promise<string[]> {
  if (spellings.length === 0) return [];
  const bases = [...new Set(spellings.map(slugBase))];
  const { rows } = await client.query('select slug from contractor_slugs where base = any($1) or slug = any($1)', [bases]);
  const taken = new Set<string>(rows.map((row) => row.slug as string));
  for (;;) {
    const issuedNow = new Set<string>();
    const slugs = spellings.map((spelling) => {
      const slug = issueSlug(spelling, { has: (candidate) => taken.has(candidate) || issuedNow.has(candidate) }, CONTRACTOR_PATH_WORDS);
      issuedNow.add(slug);
      return slug;
    });
    // 'acme-2' may have been issued from the base 'acme-2' (a spelling ACME 2), not from 'acme'.
    const { rows: clashes } = await client.query('select slug from contractor_slugs where slug = any($1)', [slugs]);
    if (clashes.length === 0) return slugs;
    for (const { slug } of clashes) taken.add(slug);
  }
}

/** The company columns refreshCompanies writes, compared to decide what changed (as_of is written with them, never compared). */
const TOTAL_COLUMNS: Array<[string, string]> = [
  ['name', 'text'], ['listed', 'boolean'], ['tickets', 'integer'], ['open_tickets', 'integer'], ['defaulted_hearings', 'integer'],
  ['fines_sought_cents', 'bigint'], ['fines_imposed_cents', 'bigint'], ['fines_due_cents', 'bigint'], ['reopenable_tickets', 'integer'],
  ['reopenable_savings_min_cents', 'bigint'], ['reopenable_savings_max_cents', 'bigint'], ['summary_risk_score', 'integer'],
  ['summary_risk_level', 'text'], ['last_violation_date', 'date'], ['spellings', 'text'],
];

/** The totals that add up over a company's spellings, and a company's totals without tickets. */
const SUMMED_COLUMNS = [
  'tickets', 'open_tickets', 'defaulted_hearings', 'fines_sought_cents', 'fines_imposed_cents', 'fines_due_cents', 'reopenable_tickets',
  'reopenable_savings_min_cents', 'reopenable_savings_max_cents',
] as const;
const NO_TICKETS: Readonly<Record<string, unknown>> = { ...Object.fromEntries(SUMMED_COLUMNS.map((column) => [column, 0])), last_violation_date: null };

/**
 * Recomputes these companies' totals as of `asOf` (savings count the windows live on the
 * clock's day, as savings.ts does) from their spellings' totals (totals.ts; made current
 * first), and writes those that differ; returns their slugs. A company without tickets, or
 * absorbed, is unlisted.
 */
export async function refreshCompanies(client: PoolClient, slugs: string[], asOf: Date): Promise<string[]> {
  if (slugs.length === 0) return [];
  const today = isoDate(asOf);
  const { rows } = await client.query('select slug, name, absorbed_into from contractor_companies where slug = any($1)', [slugs]);
  const { rows: spellingRows } = await client.query('select company, spelling from contractor_spellings where company = any($1) order by spelling', [slugs]);
  await currentTotals(client, spellingRows.map((row) => row.spelling as string), today);
  // Each spelling's totals, and each company's newest violation (an index lookup apiece).
  const { rows: groups } = await client.query(
    `select s.company, s.spelling, ${SUMMED_COLUMNS.map((column) => `t.${column}::float8 as ${column}`).join(', ')}
     from contractor_spellings s join contractor_spelling_totals t using (spelling) where s.company = any($1)`,
    [slugs],
  );
  const { rows: newest } = await client.query(
    'select c.slug, (select max(violation_date) from contractor_tickets t where t.company = c.slug)::text as last_violation_date from unnest($1::text[]) as c (slug)',
    [slugs],
  );
  const spellingsOf = new Map<string, string[]>();
  for (const { company, spelling } of spellingRows) {
    if (!spellingsOf.has(company)) spellingsOf.set(company, []);
    spellingsOf.get(company)!.push(spelling);
  }
  const countsOf = new Map<string, Map<string, number>>();
  const totalsOf = new Map<string, Record<string, unknown>>();
  for (const group of groups) {
    if (!countsOf.has(group.company)) countsOf.set(group.company, new Map());
    countsOf.get(group.company)!.set(group.spelling, group.tickets);
    const totals = totalsOf.get(group.company) ?? { ...NO_TICKETS };
    for (const column of SUMMED_COLUMNS) totals[column] = (totals[column] as number) + group[column];
    totalsOf.set(group.company, totals);
  }
  for (const { slug, last_violation_date } of newest) if (totalsOf.has(slug)) totalsOf.get(slug)!.last_violation_date = last_violation_date;
  const fresh = rows.map((company) => {
    const row = { ...company, ...(totalsOf.get(company.slug) ?? NO_TICKETS) } as Record<string, any>;
    const spellings = spellingsOf.get(row.slug) ?? [];
    const counts = countsOf.get(row.slug) ?? new Map<string, number>();
    const name = primarySpelling(spellings.map((spelling) => ({ spelling, tickets: counts.get(spelling) ?? 0 }))) ?? row.name;
    const risk = contractorSummaryRisk({ finesDueCents: row.fines_due_cents, defaultedHearings: row.defaulted_hearings, openTickets: row.open_tickets });
    const values: Record<string, unknown> = {
      ...row,
      name,
      listed: row.absorbed_into === null && row.tickets > 0,
      summary_risk_score: risk.score,
      summary_risk_level: risk.level,
      spellings: JSON.stringify(spellings),
    };
    return values;
  });
  const columns = TOTAL_COLUMNS.map(([name]) => name);
  const assigned = (name: string) => (name === 'spellings' ? 'array(select jsonb_array_elements_text(f.spellings::jsonb))' : `f.${name}`);
  const { rows: written } = await client.query(
    `update contractor_companies as c set ${columns.map((name) => `${name} = ${assigned(name)}`).join(', ')}, as_of = $${columns.length + 2}::date
     from unnest($1::text[], ${TOTAL_COLUMNS.map(([, type], index) => `$${index + 2}::${type}[]`).join(', ')}) as f (slug, ${columns.join(', ')})
     where c.slug = f.slug and (${columns.map((name) => `c.${name}`).join(', ')}) is distinct from (${columns.map(assigned).join(', ')})
     returning c.slug`,
    [fresh.map((row) => row.slug), ...columns.map((name) => fresh.map((row) => row[name])), today],
  );
  return written.map((row) => row.slug as string);
}
