import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OATH_LOAD, RESTAURANTS, RESTAURANT_INSPECTIONS_LOAD } from '../../ingest/families';
import { refreshIndices } from '../../ingest/index/indices';
import { ingestDataset } from '../../ingest/load/pipeline';
import { RESTAURANT_INSPECTIONS } from '../../ingest/sources/restaurants';
import { fileSource } from '../../ingest/sources/source';
import { recencyWeight } from '../../src/domain/restaurants';
import { fixtureReferenceDate } from '../../src/platform/fixture-clock';
import { NYC_DATA_DIR, nycDataPresent } from '../../src/nyc/testing/shared-data';
import { restaurantSummonses } from '../../src/restaurants/store';
import type { DataStore } from '../../src/stores';
import { startTestApi, TestApi } from '../support/api';
import { EstablishmentSpec, portalRows, writePortalFile } from './support';

/**
 * Restaurants' OATH summonses: OATH rows and restaurant rows through the real
 * ingest pipelines, linked at read time by the rule of src/contractors/figures.ts,
 * the four RestaurantStats fields and the oath_summonses risk factor checked by hand. Every
 * response is validated against the OpenAPI document by the test API.
 */

const CLOCK = fixtureReferenceDate(); // 2026-04-01: test keys read the world as of this day
const LOT_A = '1000470001'; // Manhattan block 47 lot 1: two tenants at 100 Broadway
const LOT_B = '3012340056'; // Brooklyn block 1234 lot 56

type Spec = EstablishmentSpec & { bbl?: string };
const ESTABLISHMENTS: Spec[] = [
  { camis: '39000001', name: 'GOLDEN SPOON', building: '100', street: 'BROADWAY', bbl: LOT_A, visits: [{ date: '2026-03-02', score: 10, grade: 'A' }, { date: '2025-06-10', score: 12, grade: 'A' }] },
  { camis: '39000002', name: 'BLUE HARBOR GRILL', building: '100', street: 'BROADWAY', bbl: LOT_A, visits: [{ date: '2026-03-02', score: 9, grade: 'A' }] },
  { camis: '39000003', name: 'KINGS DUMPLING', boro: 'Brooklyn', building: '55', street: 'COURT ST', zip: '11201', bbl: LOT_B, visits: [{ date: '2026-01-15', score: 8, grade: 'A' }] },
  { camis: '39000004', name: 'NO LOT DINER', visits: [{ date: '2026-03-02', score: 11, grade: 'A' }] },
];

const COLUMNS = [
  'ticket_number', 'violation_date', 'issuing_agency', 'respondent_first_name', 'respondent_last_name', 'balance_due', 'hearing_status', 'hearing_result',
  'hearing_date', 'decision_date', 'penalty_imposed', 'paid_amount', 'additional_penalties_or_late_fees', 'compliance_status', 'charge_1_code',
  'charge_1_infraction_amount', 'violation_location_borough', 'violation_location_block_no', 'violation_location_lot_no', 'violation_location_house',
  'violation_location_street_name',
] as const;
type Line = Partial<Record<(typeof COLUMNS)[number], string>>;

function oathFile(lines: Line[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oath-summonses-'));
  const file = path.join(dir, 'oath.csv');
  const cell = (value: string | undefined) => (value === undefined ? '' : /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  fs.writeFileSync(file, [COLUMNS.join(','), ...lines.map((line) => COLUMNS.map((column) => cell(line[column])).join(','))].join('\n') + '\n');
  return file;
}

const at = (borough: string, bbl: string, house?: string, street?: string): Line => ({
  violation_location_borough: borough, violation_location_block_no: bbl.slice(1, 6), violation_location_lot_no: bbl.slice(6), violation_location_house: house, violation_location_street_name: street,
});
/** A health summons decided liable and paid in full (closed). */
const paid = (ticket: string, respondent: string, date: string, place: Line, cents = '300.00'): Line => ({
  ticket_number: ticket, violation_date: date, issuing_agency: 'DEPT OF HEALTH', respondent_last_name: respondent, balance_due: '0.00', hearing_status: 'PAID IN FULL',
  hearing_result: 'IN VIOLATION', hearing_date: date, decision_date: date, penalty_imposed: cents, paid_amount: cents, compliance_status: 'All Terms Met',
  charge_1_code: '04L', charge_1_infraction_amount: cents, ...place,
});

const INLINE: Line[] = [
  // GOLDEN SPOON, name + date: an unpaid default, 1,000.00 imposed and due.
  {
    ...paid('0500000001', 'GOLDEN SPOON NYC INC', '03/02/2026', at('MANHATTAN', LOT_A, '100', 'BROADWAY')),
    hearing_status: 'HEARING COMPLETED', hearing_result: 'DEFAULTED', hearing_date: '03/20/2026', decision_date: '03/20/2026',
    penalty_imposed: '1000.00', paid_amount: '0.00', balance_due: '1000.00', compliance_status: 'Penalty Due', charge_1_infraction_amount: '500.00',
  },
  // GOLDEN SPOON by the date alone (only it was inspected on 06/10/2025): paid, 300.00 imposed.
  paid('0500000002', 'HARBOR HOLDINGS LLC', '06/10/2025', at('MANHATTAN', LOT_A)),
  // Both tenants were inspected on 03/02/2026 and the name is neither's: a tie, linked to none.
  paid('0500000003', 'XYZ FOOD SERVICE LLC', '03/02/2026', at('MANHATTAN', LOT_A)),
  // The pest control unit's summons: not food service.
  { ...paid('0500000004', 'GOLDEN SPOON NYC INC', '03/02/2026', at('MANHATTAN', LOT_A)), issuing_agency: 'PCS - DOHMH' },
  // BLUE HARBOR GRILL, name + date beats GOLDEN SPOON's date alone: docketed, 600.00 imposed, 650.00 due with late fees.
  {
    ...paid('0500000005', 'BLUE HARBOR GRILL LLC', '03/02/2026', at('MANHATTAN', LOT_A, '100', 'BROADWAY')),
    issuing_agency: '812 - DOHMH', hearing_status: 'DOCKETED', penalty_imposed: '600.00', paid_amount: '0.00', additional_penalties_or_late_fees: '50.00',
    balance_due: '650.00', compliance_status: 'Penalty Due',
  },
  // KINGS DUMPLING by name (date not an inspection date), dismissed: counts, no money.
  { ...paid('0500000006', 'KINGS DUMPLING HOUSE CORP', '12/01/2025', at('BROOKLYN', LOT_B, '55', 'COURT STREET')), hearing_status: 'HEARING COMPLETED', hearing_result: 'DISMISSED', penalty_imposed: '0.00', paid_amount: '0.00' },
  // Issued after the clock (2026-04-01): not yet counted by test keys.
  paid('0500000007', 'KINGS DUMPLING HOUSE CORP', '05/01/2026', at('BROOKLYN', LOT_B)),
  // A buildings summons on the same lot.
  { ...paid('0500000008', 'KINGS DUMPLING HOUSE CORP', '01/15/2026', at('BROOKLYN', LOT_B)), issuing_agency: 'DEPT. OF BUILDINGS' },
  // Another address on lot B: the name and date agree but the address contradicts.
  paid('0500000009', 'KINGS DUMPLING HOUSE CORP', '01/15/2026', at('BROOKLYN', LOT_B, '57', 'COURT STREET')),
];

async function ingestRestaurants(store: DataStore, specs: Spec[], asOf: Date) {
  const file = writePortalFile(specs.flatMap((spec) => portalRows(spec).map((row) => ({ ...row, BBL: spec.bbl ?? null }))));
  try {
    await ingestDataset(store, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, file), { asOf });
    await refreshIndices(store, RESTAURANTS);
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
async function ingestOath(store: DataStore, lines: Line[], asOf: Date) {
  const file = oathFile(lines);
  try {
    return await ingestDataset(store, OATH_LOAD, fileSource(OATH_LOAD.source, file), { asOf });
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

let api: TestApi;
const asTest = (p: string) => api.get(p, { key: api.keys.test });

beforeAll(async () => {
  api = await startTestApi();
  const store = api.ns.stores.byMode.test;
  // OATH first for lot A, restaurants next, lot B's summonses last: the link is read time, so load order never matters.
  await ingestOath(store, INLINE.slice(0, 5), CLOCK);
  await ingestRestaurants(store, ESTABLISHMENTS, CLOCK);
  await ingestOath(store, INLINE.slice(5), CLOCK);
});
afterAll(() => api?.stop());

const ZERO = { oathSummonses: 0, finesImposedCents: 0, finesDueCents: 0, defaultedHearings: 0 };

describe('RestaurantStats OATH fields (profile)', () => {
  test('each establishment counts the summonses the rule links to it, computed by hand', async () => {
    const expected: Record<string, typeof ZERO> = {
      '39000001': { oathSummonses: 2, finesImposedCents: 130_000, finesDueCents: 100_000, defaultedHearings: 1 },
      '39000002': { oathSummonses: 1, finesImposedCents: 60_000, finesDueCents: 65_000, defaultedHearings: 0 },
      '39000003': { oathSummonses: 1, finesImposedCents: 0, finesDueCents: 0, defaultedHearings: 0 },
      '39000004': ZERO,
    };
    for (const [camis, oath] of Object.entries(expected)) {
      const res = await asTest(`/api/v1/restaurants/${camis}`);
      expect(res.status).toBe(200);
      expect({ camis, ...res.body.data.stats }).toMatchObject({ camis, ...oath, inspectionCount: ESTABLISHMENTS.find((e) => e.camis === camis)!.visits!.length });
    }
    const batch = await api.post('/api/v1/restaurants/batch', { camis: ['39000002', '39000001'] }, { key: api.keys.test });
    expect(batch.status).toBe(200);
    expect(JSON.stringify(batch.body)).toContain('"oathSummonses":1');
    expect(JSON.stringify(batch.body)).toContain('"oathSummonses":2');
  });

  test('the oath_summonses risk factor and the score it feeds; the summary keeps the inspection-only score search serves', async () => {
    const res = await asTest('/api/v1/restaurants/39000001');
    const { risk, restaurant } = res.body.data;
    // 0500000001 (unpaid default, 2026-03-02) 6 x w; 0500000002 (paid, 2025-06-10) 2 x w.
    const weighted = 6 * recencyWeight('2026-03-02', CLOCK) + 2 * recencyWeight('2025-06-10', CLOCK);
    expect(weighted).toBeCloseTo(6.81, 2);
    const factor = risk.factors.find((f: { key: string }) => f.key === 'oath_summonses');
    expect(factor).toMatchObject({ count: 2, detail: expect.stringMatching(/^7 of 10 points: 2 summonses in the last 36 months \(1 unpaid default judgment\)/) });
    expect(risk.score).toBe(restaurant.riskScore + 7);
    const none = (await asTest('/api/v1/restaurants/39000004')).body.data.risk;
    expect(none.factors.find((f: { key: string }) => f.key === 'oath_summonses')).toMatchObject({ count: 0, detail: expect.stringMatching(/^0 of 10 points/) });
  });

  test('live keys read another store: nothing there', async () => {
    expect((await api.get('/api/v1/restaurants/39000001')).status).toBe(404);
  });
});

const REAL_RESTAURANTS = 'restaurants/dohmh_inspections_export_561_20241009.csv';
const REAL_OATH = 'oath/oath_hearings__nycdb.csv';
const describeReal = nycDataPresent(REAL_RESTAURANTS) && nycDataPresent(REAL_OATH) ? describe : describe.skip;

describeReal('the link on real rows (live store)', () => {
  const live = () => api.ns.stores.byMode.live;
  const NOW = new Date();

  beforeAll(async () => {
    await ingestDataset(live(), RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, path.join(NYC_DATA_DIR, REAL_RESTAURANTS)), { asOf: NOW });
    await ingestDataset(live(), OATH_LOAD, fileSource(OATH_LOAD.source, path.join(NYC_DATA_DIR, REAL_OATH)), { asOf: NOW });
  });

  const allCamis = async () => (await live().pg.query('select camis from restaurant_establishments order by camis')).rows.map((row) => row.camis as string);
  const linked = async () => {
    const figures = await restaurantSummonses(live(), await allCamis(), NOW);
    return Object.fromEntries([...figures].filter(([, f]) => f.oathSummonses > 0).map(([camis, f]) => [camis, f.findings.map((x) => x.ticket).sort()]));
  };

  test('the real OATH sample holds no health summons, and none of its rows links to any of the real establishments (549 establishments of the export are accepted)', async () => {
    const { rows } = await live().pg.query("select count(*)::int as n, count(*) filter (where issuing_agency ~* '(dohmh|doh|health)')::int as health from contractor_tickets");
    expect(rows[0]).toEqual({ n: 100, health: 0 });
    expect((await allCamis()).length).toBe(549);
    // The sample's 8 in-city rows name 8 lots; the only one a restaurant row also names is 1000000000 (block 0, lot 0: no lot), which parseBbl refuses on both sides.
    const { rows: shared } = await live().pg.query("select count(*)::int as n from restaurant_establishments e join contractor_tickets t on t.violation_bbl = e.bbl");
    expect(shared[0].n).toBe(0);
    expect(await linked()).toEqual({});
  });

  test('hand-made summonses at two real shared lots (Queens Center, Grand Central): every link made is the right one', async () => {
    const camisOf = async (name: string) => (await live().pg.query('select camis from restaurant_establishments where name = $1', [name])).rows[0].camis as string;
    const [tiger, cheesecake, playa, joe] = await Promise.all(['TIGER SUGAR', 'THE CHEESECAKE FACTORY', 'PLAYA BOWLS', 'JOE COFFEE'].map(camisOf));
    const QUEENS_CENTER = '4018600100';
    const GRAND_CENTRAL = '1012800001';
    // Labels: the establishment each summons truly belongs to (null: none on record).
    const labelled: Array<[Line, string | null]> = [
      [paid('0600000001', 'SOMEONE LLC', '07/05/2023', at('QUEENS', QUEENS_CENTER, '90-15', 'QUEENS BLVD')), tiger], // date: TIGER SUGAR's inspection
      [paid('0600000002', 'THE CHEESECAKE FACTORY RESTAURANTS INC', '01/04/2021', at('QUEENS', QUEENS_CENTER)), cheesecake], // name
      [paid('0600000003', 'JOE COFFEE LLC', '02/02/2024', at('MANHATTAN', GRAND_CENTRAL, '89', 'E 42 ST')), null], // the address is PLAYA's, the name JOE's
      [paid('0600000004', 'PLAYA BOWLS GC LLC', '01/23/2024', at('MANHATTAN', GRAND_CENTRAL)), playa], // name + date
      [paid('0600000005', 'SOMEONE LLC', '01/01/2022', at('QUEENS', QUEENS_CENTER)), null], // no evidence
      [{ ...paid('0600000006', 'JOE COFFEE LLC', '11/09/2022', at('MANHATTAN', GRAND_CENTRAL)), issuing_agency: 'VECTOR - DOHMH' }, null], // not food service
    ];
    await ingestOath(live(), labelled.map(([line]) => line), NOW);
    const links = await linked();
    const made = Object.entries(links).flatMap(([camis, tickets]) => tickets.map((ticket) => [ticket, camis]));
    const truth = new Map(labelled.map(([line, camis]) => [line.ticket_number!, camis]));
    const correct = made.filter(([ticket, camis]) => truth.get(ticket) === camis).length;
    expect({ made: made.length, correct }).toEqual({ made: 3, correct: 3 }); // precision 3/3, recall 3/3 on this set
    expect(links).toEqual({ [tiger]: ['0600000001'], [cheesecake]: ['0600000002'], [playa]: ['0600000004'] });
    expect(links[joe]).toBeUndefined();
    const profile = await api.get(`/api/v1/restaurants/${playa}`);
    expect(profile.status).toBe(200);
    expect(profile.body.data.stats).toMatchObject({ oathSummonses: 1, finesImposedCents: 30_000, finesDueCents: 0, defaultedHearings: 0 });
  });
});
