import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NYC_DATA_DIR, nycDataPresent } from '../../src/nyc/testing/shared-data';
import { TestNamespace, useTestNamespace } from '../../test/support/namespace';
import { CONTRACTORS, OATH_LOAD } from '../families';
import { rebuildIndices } from '../index/rebuild';
import { verifyStores } from '../index/verify';
import { ingestDataset } from '../load/pipeline';
import { rederive } from '../load/rederive';
import { fileSource } from '../sources/source';

const REAL = 'oath/oath_hearings__nycdb.csv';
const describeReal = nycDataPresent(REAL) ? describe : describe.skip;
const AS_OF = new Date('2026-11-23T12:00:00Z');

type Store = TestNamespace['stores']['byMode']['test'];
const load = (store: Store, file: string, asOf = AS_OF, chunkSize?: number) => ingestDataset(store, OATH_LOAD, fileSource(OATH_LOAD.source, file), { asOf, chunkSize });

/** The columns the inline rows fill (SODA names, which the reader takes as the portal's). */
const COLUMNS = [
  'ticket_number', 'violation_date', 'issuing_agency', 'respondent_first_name', 'respondent_last_name', 'balance_due', 'hearing_status',
  'hearing_result', 'hearing_date', 'decision_date', 'penalty_imposed', 'paid_amount', 'additional_penalties_or_late_fees',
  'compliance_status', 'charge_1_code', 'charge_1_code_description', 'charge_1_infraction_amount',
] as const;
type Line = Partial<Record<(typeof COLUMNS)[number], string>>;

function csvFile(name: string, lines: Line[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oath-'));
  const file = path.join(dir, `${name}.csv`);
  const cell = (value: string | undefined) => (value === undefined ? '' : /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  fs.writeFileSync(file, [COLUMNS.join(','), ...lines.map((line) => COLUMNS.map((column) => cell(line[column])).join(','))].join('\n') + '\n');
  return file;
}

/** A decided ticket paid in full (closed). */
const paid = (ticket: string, last: string, first?: string): Line => ({
  ticket_number: ticket, violation_date: '03/02/2025', issuing_agency: 'DEPT OF BUILDINGS', respondent_first_name: first, respondent_last_name: last,
  balance_due: '0.00', hearing_status: 'PAID IN FULL', hearing_result: 'IN VIOLATION', hearing_date: '04/10/2025', decision_date: '04/10/2025',
  penalty_imposed: '500.00', paid_amount: '500.00', compliance_status: 'All Terms Met', charge_1_code: 'BC 28-105.1', charge_1_infraction_amount: '500.00',
});

/** A default decided on 10/01/2026: imposed 2,500 against 1,000 sought, 100 late fees, all due; window to 2026-12-15. */
const DEFAULTED: Line = {
  ticket_number: '0100000001', violation_date: '08/01/2026', issuing_agency: 'DEPT OF BUILDINGS', respondent_last_name: 'ACME CONSTRUCTION CORP',
  balance_due: '2600.00', hearing_status: 'HEARING COMPLETED', hearing_result: 'DEFAULTED', hearing_date: '10/01/2026', decision_date: '10/01/2026',
  penalty_imposed: '2500.00', paid_amount: '0.00', additional_penalties_or_late_fees: '100.00', compliance_status: 'Penalty Due',
  charge_1_code: 'BC 3301.2', charge_1_code_description: 'FAILURE TO SAFEGUARD', charge_1_infraction_amount: '1000.00',
};

const FIRST: Line[] = [
  DEFAULTED,
  paid('0100000002', 'ACME CONSTRUCTION CORPORATION'),
  paid('0100000003', 'ACME CONSTRUCTION CORP.'),
  paid('0100000003', 'ACME CONSTRUCTION CORP.'), // line 5: the same ticket again, merged
  paid('0100000004', 'SMITH', 'JOHN'), // an individual: stored, no company
  { ...paid('0100000005', '& HEATING', 'KINGS PLUMBING') },
  { ...paid('0100000006', '& HEATING', 'KINGS PLUMBING') },
  paid('0100000007', 'KINGS PLUMBING & HEATING C'), // cut at the field's width: starts no other spelling yet
  { ...paid('0100000008', 'SKYLINE WINDOWS LLC'), hearing_status: 'APPEAL PENDING' }, // a status outside the vocabulary
  { ...paid('', 'NOBODY INC') }, // line 11: no ticket number
];

async function companies(store: Store) {
  const { rows } = await store.pg.query(
    `select slug, name, listed, absorbed_into, tickets, open_tickets, defaulted_hearings, fines_sought_cents::int as sought,
       fines_imposed_cents::int as imposed, fines_due_cents::int as due, reopenable_tickets, reopenable_savings_min_cents::int as savings_min,
       reopenable_savings_max_cents::int as savings_max, summary_risk_level as level, spellings
     from contractor_companies order by slug`,
  );
  return rows;
}
const slugs = async (store: Store) =>
  Object.fromEntries((await store.pg.query('select slug, company from contractor_slugs order by slug')).rows.map((row) => [row.slug, row.company]));
const versions = async (store: Store) => (await store.pg.query('select slug, version from contractor_companies order by slug')).rows;

describe('OATH ingest into the contractors family (Postgres + Elasticsearch)', () => {
  let store: Store;
  useTestNamespace((ns) => (store = ns.stores.byMode.test));

  it('accounts for every row, groups spellings into companies with slugs as computed by hand, and the stores agree', async () => {
    const file = csvFile('first', FIRST);
    expect(await load(store, file)).toMatchObject({
      rowsRead: 10, rowsLoaded: 8, rowsMerged: 1, rowsRejected: 1, rejections: [{ line: 11, reason: 'missing Ticket Number' }],
      unknownValues: { 'hearing_status "APPEAL PENDING"': 1 },
      // Staged blocks: ACME, KING, SKYL and the individuals' '~SM'.
      entitiesInFile: 4, entitiesChanged: 4, documentsIndexed: 4,
    });
    expect(await companies(store)).toEqual([
      {
        slug: 'acme-construction-corporation', name: 'ACME CONSTRUCTION CORPORATION', listed: true, absorbed_into: null, tickets: 3, open_tickets: 1,
        defaulted_hearings: 1, sought: 200000, imposed: 350000, due: 260000, reopenable_tickets: 1, savings_min: 150000, savings_max: 260000,
        // 10 x log2(1 + 2,600 / 1,000) = 18 + 5 x 1 default + round(1.5 x 1 open) = 2: 25, MODERATE.
        level: 'MODERATE', spellings: ['ACME CONSTRUCTION CORP', 'ACME CONSTRUCTION CORP.', 'ACME CONSTRUCTION CORPORATION'],
      },
      {
        slug: 'kings-plumbing-and-heating', name: 'KINGS PLUMBING & HEATING', listed: true, absorbed_into: null, tickets: 2, open_tickets: 0,
        defaulted_hearings: 0, sought: 100000, imposed: 100000, due: 0, reopenable_tickets: 0, savings_min: 0, savings_max: 0, level: 'LOW',
        spellings: ['KINGS PLUMBING & HEATING'],
      },
      {
        slug: 'kings-plumbing-and-heating-c', name: 'KINGS PLUMBING & HEATING C', listed: true, absorbed_into: null, tickets: 1, open_tickets: 0,
        defaulted_hearings: 0, sought: 50000, imposed: 50000, due: 0, reopenable_tickets: 0, savings_min: 0, savings_max: 0, level: 'LOW',
        spellings: ['KINGS PLUMBING & HEATING C'],
      },
      {
        // A status value outside the vocabulary: counted, and the ticket is never shown closed.
        slug: 'skyline-windows-llc', name: 'SKYLINE WINDOWS LLC', listed: true, absorbed_into: null, tickets: 1, open_tickets: 1,
        defaulted_hearings: 0, sought: 50000, imposed: 50000, due: 0, reopenable_tickets: 0, savings_min: 0, savings_max: 0, level: 'LOW',
        spellings: ['SKYLINE WINDOWS LLC'],
      },
    ]);
    const { rows: tickets } = await store.pg.query(
      `select ticket, company, spelling, status, defaulted, sought_cents::int, imposed_cents::int, due_cents::int, reopenable_until::text, unknown_values, charge
       from contractor_tickets order by ticket`,
    );
    expect(tickets.map((t) => [t.ticket, t.company, t.status])).toEqual([
      ['0100000001', 'acme-construction-corporation', 'defaulted'],
      ['0100000002', 'acme-construction-corporation', 'closed'],
      ['0100000003', 'acme-construction-corporation', 'closed'],
      ['0100000004', null, 'closed'],
      ['0100000005', 'kings-plumbing-and-heating', 'closed'],
      ['0100000006', 'kings-plumbing-and-heating', 'closed'],
      ['0100000007', 'kings-plumbing-and-heating-c', 'closed'],
      ['0100000008', 'skyline-windows-llc', 'open'],
    ]);
    expect(tickets[0]).toMatchObject({ defaulted: true, sought_cents: 100000, imposed_cents: 250000, due_cents: 260000, reopenable_until: '2026-12-15', charge: 'FAILURE TO SAFEGUARD' });
    expect(tickets[3]).toMatchObject({ spelling: null, company: null });
    expect(tickets[7].unknown_values).toEqual(['hearing_status "APPEAL PENDING"']);

    const document = await store.es.get({ index: store.indexAlias('contractors'), id: 'acme-construction-corporation' });
    const source = document._source as Record<string, unknown>;
    expect(JSON.parse(Buffer.from(source.summary as string, 'base64').toString())).toEqual({
      slug: 'acme-construction-corporation', name: 'ACME CONSTRUCTION CORPORATION', ticketCount: 3, finesDueCents: 260000, riskLevel: 'MODERATE',
    });
    expect(source).toMatchObject({ listed: true, nameNorm: 'acme construction corporation', nameCompact: 'acmeconstructioncorporation', nameExact: 'acme construction corporation' });
    expect(await verifyStores(store, CONTRACTORS)).toMatchObject({ ok: true, counts: { contractors: { postgres: 4, elasticsearch: 4 } } });

    // The same file again changes nothing, whatever the chunk size.
    const before = await versions(store);
    expect(await load(store, file, AS_OF, 1)).toMatchObject({ rowsRead: 10, rowsLoaded: 8, rowsMerged: 1, rowsRejected: 1, entitiesChanged: 0, documentsIndexed: 0 });
    expect(await versions(store)).toEqual(before);
  });

  it('keeps every slug answering when a later ingest changes the primary spelling and merges two groups', async () => {
    const second = csvFile('second', [
      ...FIRST,
      paid('0100000011', 'ACME CONSTRUCTION CORP'),
      paid('0100000012', 'ACME CONSTRUCTION CORP'),
      // Joins the formless KINGS PLUMBING & HEATING (one form for its core) and the cut spelling (it starts it): one company.
      paid('0100000013', 'KINGS PLUMBING & HEATING CORP'),
      paid('0100000014', 'KINGS PLUMBING & HEATING CORP'),
      paid('0100000015', 'KINGS PLUMBING & HEATING CORP'),
      // Two companies (they differ by a word) whose slugs would be one: the kebab is cut at 80 characters.
      paid('0100000016', 'METROPOLITAN CONSTRUCTION AND DEVELOPMENT SERVICES OF THE GREATER NEW YORK AREA NORTH INC'),
      paid('0100000017', 'METROPOLITAN CONSTRUCTION AND DEVELOPMENT SERVICES OF THE GREATER NEW YORK AREA SOUTH INC'),
    ]);
    expect(await load(store, second)).toMatchObject({ rowsRead: 17, rowsLoaded: 15, rowsMerged: 1, rowsRejected: 1 });
    const rows = await companies(store);
    expect(rows.map((row) => [row.slug, row.name, row.listed, row.absorbed_into, row.tickets])).toEqual([
      // Primary spelling now ACME CONSTRUCTION CORP (3 tickets); the slug issued from the old one stays.
      ['acme-construction-corporation', 'ACME CONSTRUCTION CORP', true, null, 5],
      // The older group (issued first) keeps its slug and takes the cut spelling's company in.
      ['kings-plumbing-and-heating', 'KINGS PLUMBING & HEATING CORP', true, null, 6],
      ['kings-plumbing-and-heating-c', 'KINGS PLUMBING & HEATING C', false, 'kings-plumbing-and-heating', 0],
      // The second company of the same (cut) kebab gets -2.
      ['metropolitan-construction-and-development-services-of-the-greater-new-york-area', 'METROPOLITAN CONSTRUCTION AND DEVELOPMENT SERVICES OF THE GREATER NEW YORK AREA NORTH INC', true, null, 1],
      ['metropolitan-construction-and-development-services-of-the-greater-new-york-area-2', 'METROPOLITAN CONSTRUCTION AND DEVELOPMENT SERVICES OF THE GREATER NEW YORK AREA SOUTH INC', true, null, 1],
      ['skyline-windows-llc', 'SKYLINE WINDOWS LLC', true, null, 1],
    ]);
    expect(rows[1].spellings).toEqual(['KINGS PLUMBING & HEATING', 'KINGS PLUMBING & HEATING C', 'KINGS PLUMBING & HEATING CORP']);
    expect(await slugs(store)).toEqual({
      'acme-construction-corporation': 'acme-construction-corporation',
      'kings-plumbing-and-heating': 'kings-plumbing-and-heating',
      'kings-plumbing-and-heating-c': 'kings-plumbing-and-heating',
      'metropolitan-construction-and-development-services-of-the-greater-new-york-area': 'metropolitan-construction-and-development-services-of-the-greater-new-york-area',
      'metropolitan-construction-and-development-services-of-the-greater-new-york-area-2': 'metropolitan-construction-and-development-services-of-the-greater-new-york-area-2',
      'skyline-windows-llc': 'skyline-windows-llc',
    });
    const { rows: moved } = await store.pg.query("select company from contractor_tickets where ticket = '0100000007'");
    expect(moved).toEqual([{ company: 'kings-plumbing-and-heating' }]);
    // The absorbed company's document stays, unlisted, so nothing is orphaned in Elasticsearch.
    const absorbed = await store.es.get({ index: store.indexAlias('contractors'), id: 'kings-plumbing-and-heating-c' });
    expect((absorbed._source as Record<string, unknown>).listed).toBe(false);
    expect(await verifyStores(store, CONTRACTORS)).toMatchObject({ ok: true, counts: { contractors: { postgres: 6, elasticsearch: 6 } } });

    // A third ingest with the first file alone (rows missing from a later file stay) changes nothing.
    const before = await versions(store);
    expect(await load(store, csvFile('first-again', FIRST))).toMatchObject({ entitiesChanged: 0 });
    expect(await versions(store)).toEqual(before);
  });

  it('rederive closes the reopen window as the clock passes day 75, and rebuild and verify stay clean', async () => {
    const acme = async () => (await companies(store)).find((row) => row.slug === 'acme-construction-corporation');
    const window = async () => (await store.pg.query("select status, reopenable_until::text from contractor_tickets where ticket = '0100000001'")).rows[0];

    // Day 75 after the decision (2026-12-15): still live.
    await rederive(store, CONTRACTORS, new Date('2026-12-15T12:00:00Z'));
    expect(await window()).toEqual({ status: 'defaulted', reopenable_until: '2026-12-15' });
    expect(await acme()).toMatchObject({ reopenable_tickets: 1, savings_min: 150000, savings_max: 260000 });

    // Day 76: the window has closed; the default stands.
    const before = await store.pg.query("select version from contractor_companies where slug = 'acme-construction-corporation'");
    expect(await rederive(store, CONTRACTORS, new Date('2026-12-16T12:00:00Z'))).toEqual({ changed: 1 });
    expect(await window()).toEqual({ status: 'defaulted', reopenable_until: null });
    expect(await acme()).toMatchObject({ reopenable_tickets: 0, savings_min: 0, savings_max: 0, defaulted_hearings: 1 });
    const after = await store.pg.query("select version from contractor_companies where slug = 'acme-construction-corporation'");
    expect(Number(after.rows[0].version)).toBeGreaterThan(Number(before.rows[0].version));
    // The same clock again writes nothing.
    expect(await rederive(store, CONTRACTORS, new Date('2026-12-16T18:00:00Z'))).toEqual({ changed: 0 });

    expect(await verifyStores(store, CONTRACTORS)).toMatchObject({ ok: true });
    await rebuildIndices(store, CONTRACTORS);
    expect(await verifyStores(store, CONTRACTORS)).toMatchObject({ ok: true, counts: { contractors: { postgres: 6, elasticsearch: 6 } } });
  });
});

describe('OATH ingest of a ticket docketed under another respondent', () => {
  const ns = useTestNamespace();

  it('moves the ticket to its new company, and back when a later file gives the first respondent again', async () => {
    const store = ns.stores.byMode.test;
    const skyline = FIRST[8];
    await load(store, csvFile('first', FIRST));
    const tickets = async () => Object.fromEntries((await companies(store)).map((row) => [row.slug, [row.listed, row.tickets]]));
    expect(await tickets()).toMatchObject({ 'acme-construction-corporation': [true, 3], 'skyline-windows-llc': [true, 1] });

    expect(await load(store, csvFile('moved', [{ ...skyline, respondent_last_name: 'ACME CONSTRUCTION CORP' }]))).toMatchObject({ rowsLoaded: 1, entitiesChanged: 2 });
    // A company left without tickets is unlisted; its slug still answers for it.
    expect(await tickets()).toMatchObject({ 'acme-construction-corporation': [true, 4], 'skyline-windows-llc': [false, 0] });
    expect(await verifyStores(store, CONTRACTORS)).toMatchObject({ ok: true });

    // The same rows of the SKYL block as the first load: applied again all the same (its digest went with the ticket).
    expect(await load(store, csvFile('back', [skyline]))).toMatchObject({ rowsLoaded: 1, entitiesChanged: 2 });
    expect(await tickets()).toMatchObject({ 'acme-construction-corporation': [true, 3], 'skyline-windows-llc': [true, 1] });
    expect(await verifyStores(store, CONTRACTORS)).toMatchObject({ ok: true });
  });
});

describeReal('OATH ingest of the real file', () => {
  let store: Store;
  useTestNamespace((ns) => (store = ns.stores.byMode.test));

  it('loads every row, 34 companies (one spelling each) and 66 individuals\' tickets, idempotently', async () => {
    const file = path.join(NYC_DATA_DIR, REAL);
    const summary = await load(store, file);
    expect(summary).toMatchObject({ rowsRead: 100, rowsLoaded: 100, rowsMerged: 0, rowsRejected: 0, unknownValues: {} });
    const { rows: counts } = await store.pg.query(
      `select (select count(*)::int from contractor_tickets) as tickets, (select count(*)::int from contractor_tickets where company is null) as individual,
         (select count(*)::int from contractor_companies where listed) as companies, (select count(*)::int from contractor_spellings) as spellings`,
    );
    expect(counts[0]).toEqual({ tickets: 100, individual: 66, companies: 34, spellings: 34 });
    // Line 2 (a company written whole in the last-name field, from '&'), line 84 (head + legal tail), line 51 (the one default).
    const { rows } = await store.pg.query(
      `select c.slug, c.name, c.tickets, c.defaulted_hearings, c.fines_due_cents::int as due from contractor_companies c
       where c.slug in ('and-b-car-and-limousine-inc', 'amerimim-cab-corp', '342-58-street-re-l-l-c') order by c.slug`,
    );
    expect(rows).toEqual([
      { slug: '342-58-street-re-l-l-c', name: '342 58 STREET RE L L C', tickets: 1, defaulted_hearings: 1, due: 30000 },
      { slug: 'amerimim-cab-corp', name: 'AMERIMIM CAB CORP.', tickets: 1, defaulted_hearings: 0, due: 0 },
      { slug: 'and-b-car-and-limousine-inc', name: '& B CAR AND LIMOUSINE, INC', tickets: 1, defaulted_hearings: 0, due: 0 },
    ]);
    expect(await verifyStores(store, CONTRACTORS)).toMatchObject({ ok: true, counts: { contractors: { postgres: 34, elasticsearch: 34 } } });
    const before = await versions(store);
    expect(await load(store, file)).toMatchObject({ rowsRead: 100, rowsLoaded: 100, entitiesChanged: 0, documentsIndexed: 0 });
    expect(await versions(store)).toEqual(before);
  });
});

describe('OATH ingest killed midway', () => {
  const ns = useTestNamespace();

  it('leaves committed blocks whole, and the next run completes it as one clean run would', async () => {
    const store = ns.stores.byMode.test;
    const file = csvFile('crash', FIRST);
    const crash = ingestDataset(store, OATH_LOAD, fileSource(OATH_LOAD.source, file), {
      asOf: AS_OF, chunkSize: 1, afterChunk: (chunk) => {
        if (chunk === 2) throw new Error('killed');
      },
    });
    await expect(crash).rejects.toThrow('killed');
    // Two blocks (ACME, KING) committed with their companies; SKYL and the individuals not yet.
    expect((await companies(store)).map((row) => row.slug)).toEqual(['acme-construction-corporation', 'kings-plumbing-and-heating', 'kings-plumbing-and-heating-c']);
    expect(await load(store, file)).toMatchObject({ rowsRead: 10, rowsLoaded: 8, rowsMerged: 1, rowsRejected: 1, entitiesChanged: 1 });
    expect((await companies(store)).map((row) => [row.slug, row.tickets])).toEqual([
      ['acme-construction-corporation', 3], ['kings-plumbing-and-heating', 2], ['kings-plumbing-and-heating-c', 1], ['skyline-windows-llc', 1],
    ]);
    expect((await store.pg.query('select count(*)::int as n from contractor_tickets')).rows[0].n).toBe(8);
    expect(await verifyStores(store, CONTRACTORS)).toMatchObject({ ok: true, counts: { contractors: { postgres: 4, elasticsearch: 4 } } });
  });
});
