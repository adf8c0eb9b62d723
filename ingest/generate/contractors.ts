import type { Writable } from 'node:stream';
import { csvLine, portalDate, writeLine } from './csv-writer';
import { GIVEN_NAMES, SURNAMES } from './properties-streets';
import { Random } from './random';

/**
 * The OATH Hearings Division case-status export at New York's scale, for the contractors
 * bench: about 2 million summonses over about 300,000 respondents, scaled by `fraction`, in
 * the portal export format (OATH_HEADER, every column) that ingest/sources/contractors/oath.ts
 * reads.
 *
 * Every respondent is a pure function of (seed, its index): company or individual, its name,
 * and how many summonses it has. Counts are Zipf-like over the respondent's rank in the full
 * city (rank = index / fraction, so a fraction samples the whole curve): at fraction 1 the
 * top companies have thousands of tickets, rank 100 about 560, rank 10,000 about 22, the tail
 * one or two. Respondents are written in a permuted order, so the file is streamed with
 * nothing kept in memory but the counters.
 *
 * Each summons writes its company in one of the spellings the real dockets show and the
 * ingest groups (src/domain/contractors/names.ts): whole in the last-name field, with a
 * period or L.L.C., the legal form spelled out (CORPORATION, INCORPORATED), split into a head
 * (first-name field) and a legal tail, cut at 25 characters, spaces squeezed out, trade words
 * abbreviated (CONSTR, MGMT, PLBG). Individuals are first/last or 'LAST,FIRST,' in one field.
 * Statuses and money use the real vocabularies (tickets.ts), with defaults whose 75-day
 * window is live at the extract date.
 */

export const FULL_SCALE_CONTRACTORS = { respondents: 300_000, summonses: 2_000_000 } as const;

/** The portal export's header (the real file's order): 38 columns, then 4 per charge, 10 charges. */
export const OATH_HEADER: readonly string[] = [
  'Ticket Number', 'Violation Date', 'Violation Time', 'Issuing Agency', 'Respondent First Name', 'Respondent Last Name', 'Balance Due',
  'Violation Location (Borough)', 'Violation Location (Block No.)', 'Violation Location (Lot No.)', 'Violation Location (House #)',
  'Violation Location (Street Name)', 'Violation Location (Floor)', 'Violation Location (City)', 'Violation Location (Zip Code)',
  'Violation Location (State Name)', 'Respondent Address (Borough)', 'Respondent Address (House #)', 'Respondent Address (Street Name)',
  'Respondent Address (City)', 'Respondent Address (Zip Code)', 'Respondent Address (State Name)', 'Hearing Status', 'Hearing Result',
  'Scheduled Hearing Location', 'Hearing Date', 'Hearing Time', 'Decision Location (Borough)', 'Decision Date', 'Total Violation Amount',
  'Violation Details', 'Date Judgment Docketed', 'Respondent Address or Facility Number(For FDNY and DOB Tickets)', 'Penalty Imposed',
  'Paid Amount', 'Additional Penalties or Late Fees', 'Compliance Status', 'Violation Description',
  ...Array.from({ length: 10 }, (_, i) => [`Charge #${i + 1}: Code`, `Charge #${i + 1}: Code Section`, `Charge #${i + 1}: Code Description`, `Charge #${i + 1}: Infraction Amount`]).flat(),
];
const COLUMN = Object.fromEntries(OATH_HEADER.map((name, i) => [name, i]));

export interface ContractorsOptions {
  /** Share of the full scale, (0, 1]. */
  fraction: number;
  seed: number;
  /** The extract date: summonses fall before it. Fixed by default so a seed fully decides the file. */
  endDate?: string;
}

export interface ContractorsCounts {
  respondents: number;
  companies: number;
  individuals: number;
  summonses: number;
  /** The companies with the most summonses (canonical names), most first. */
  heaviest: Array<{ name: string; summonses: number }>;
}

const DAY_MS = 86_400_000;
const DEFAULT_END = '2026-03-31';
/** Zipf-like ticket count by full-scale rank: K x rank^-S (calibrated: ~2.0 million over 300,000 respondents). */
const ZIPF_K = 14_000;
const ZIPF_S = 0.7;

function mix(seed: number, index: number, stream: number): number {
  let h = (seed ^ Math.imul(index + 1, 0x9e3779b1) ^ Math.imul(stream + 1, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** How many respondents at a fraction. */
export const respondentsAt = (fraction: number) => Math.max(1, Math.round(FULL_SCALE_CONTRACTORS.respondents * fraction));

/** The summonses of the respondent at `index` (its rank in the full city is index / fraction). */
export function summonsCount(fraction: number, index: number, seed: number): number {
  const rank = (index + 0.5) / fraction;
  const random = new Random(mix(seed, index, 7));
  return Math.max(1, Math.round(ZIPF_K * rank ** -ZIPF_S * (0.7 + 0.6 * random.next())));
}

const SYLLABLES = ['KA', 'VO', 'RI', 'MAR', 'TEL', 'DO', 'BRO', 'SAN', 'LEX', 'TOR', 'NIA', 'GAL', 'PER', 'ZO', 'QUIN', 'AL', 'BER', 'CA', 'DEN', 'ES', 'FIN', 'GRA', 'HOL', 'IR', 'JA', 'KEN', 'LO', 'MEL', 'NOR', 'OS', 'PRA', 'RO', 'STER', 'TRI', 'UL', 'VAN', 'WEL', 'XI', 'YOR', 'ZEN'];
const PLACE_WORDS = ['EMPIRE', 'HUDSON', 'PARKVIEW', 'BROADWAY', 'GOTHAM', 'LIBERTY', 'ATLANTIC', 'BOROUGH', 'CROWN', 'HARBOR', 'RIVERSIDE', 'UNION', 'METRO', 'KINGS', 'QUEENSBORO', 'BRONXDALE', 'FLATBUSH', 'ASTORIA', 'BAYSIDE', 'TRIBORO', 'SKYLINE', 'NORTHEAST', 'ALL CITY', 'FIVE STAR', 'FIRST CHOICE', 'GREEN', 'BLUE RIBBON'];
/** Trade words, with the abbreviation the dockets use where there is one (names.ts reads it back). */
const TRADES: ReadonlyArray<readonly [string, string | null]> = [
  ['CONSTRUCTION', 'CONSTR'], ['CONSTRUCTION', 'CONST'], ['GENERAL CONTRACTING', null], ['BUILDERS', null], ['MANAGEMENT', 'MGMT'], ['REALTY', null],
  ['PLUMBING', 'PLBG'], ['PLUMBING AND HEATING', 'PLBG AND HTG'], ['ELECTRIC', null], ['MECHANICAL', null], ['RESTORATION', null], ['DEVELOPMENT', 'DEV'],
  ['ROOFING', null], ['MASONRY', null], ['DEMOLITION', null], ['SCAFFOLDING', null], ['IRON WORKS', null], ['CARTING', null], ['DELI GROCERY', null],
  ['RESTAURANT', null], ['PIZZA', null], ['AUTO REPAIR', null], ['TAXI', null], ['PROPERTIES', null], ['ASSOCIATES', 'ASSOC'], ['SERVICES', 'SVC'],
];
/** Legal forms as written, with their spelled-out variant. */
const FORMS: ReadonlyArray<readonly [string, string, number]> = [
  ['INC', 'INCORPORATED', 30], ['CORP', 'CORPORATION', 22], ['LLC', 'L.L.C.', 35], ['CO', 'COMPANY', 4], ['LTD', 'LIMITED', 2], ['', '', 7],
];

interface Respondent {
  kind: 'company' | 'individual';
  /** Company: the canonical name; individual: FIRST LAST. */
  name: string;
  head: string;
  tail: string;
  trade: readonly [string, string | null];
  form: readonly [string, string, number];
  first: string;
  last: string;
}

function pseudoWord(random: Random): string {
  const parts = random.int(2, 3);
  let word = '';
  for (let i = 0; i < parts; i += 1) word += random.pick(SYLLABLES);
  return word;
}

/** The respondent at `index`: a pure function of (seed, index). Individuals are most of the long tail, never the heavy head. */
export function respondentAt(seed: number, index: number, count: number): Respondent {
  const random = new Random(mix(seed, index, 1));
  const individual = count <= 6 && random.chance(0.35);
  const first = random.pick(GIVEN_NAMES);
  const last = `${random.pick(SURNAMES)}${random.chance(0.5) ? '' : random.pick(['', 'O', 'ER', 'SKI', 'MAN', 'ELLI'])}`;
  const trade = random.pick(TRADES);
  const form = random.weighted(FORMS.map((f) => [f, f[2]] as const));
  if (individual) return { kind: 'individual', name: `${first} ${last}`, head: first, tail: last, trade, form, first, last };
  // The distinctive head: an invented word (with the index's digits folded in, so heads rarely collide), a place, a surname.
  const coined = `${pseudoWord(random)}${SYLLABLES[index % SYLLABLES.length]}`.replace(/'/g, '');
  const head = random.weighted<string>([
    [coined, 45],
    [`${random.pick(PLACE_WORDS)} ${coined}`, 20],
    [`${last.replace(/'/g, '')} ${coined}`, 15],
    [`${last.replace(/'/g, '')} & ${random.pick(SURNAMES).replace(/'/g, '')}`.concat(` ${coined}`), 10],
    [`${coined} ${random.pick(PLACE_WORDS)}`, 10],
  ]);
  const tail = [trade[0], form[0]].filter(Boolean).join(' ');
  return { kind: 'company', name: `${head} ${tail}`, head, tail, trade, form, first, last };
}

/** One summons's respondent fields: the company in one of its docket spellings, or the person. */
function spelling(respondent: Respondent, random: Random): { first: string; last: string } {
  if (respondent.kind === 'individual') {
    return random.chance(0.2) ? { first: '', last: `${respondent.last},${respondent.first},` } : { first: respondent.first, last: respondent.last };
  }
  const { head, trade, form } = respondent;
  const whole = respondent.name;
  const roll = random.next();
  if (roll < 0.62) return { first: '', last: whole };
  if (roll < 0.7 && form[0]) return { first: '', last: `${head} ${trade[0]}${form[0] === 'LLC' ? ' L.L.C.' : ` ${form[0]}.`}` };
  if (roll < 0.76 && form[0]) return { first: '', last: `${head} ${trade[0]} ${form[1]}` };
  if (roll < 0.82 && form[0]) return { first: head, last: `${trade[0]} ${form[0]}` };
  if (roll < 0.9 && whole.length > 26) return { first: '', last: whole.slice(0, 25).trimEnd() };
  if (roll < 0.94 && trade[1]) return { first: '', last: `${head} ${trade[1]} ${form[0]}`.trim() };
  // Spaces squeezed out of the head ('WAVECREST' style; names.ts reads a squeezed word only where no word in it has another canonical spelling).
  if (roll < 0.97 && head.includes(' ')) return { first: '', last: `${head.replace(/\s+/g, '')} ${respondent.tail}` };
  return { first: '', last: `${head}  ${[trade[0], form[0]].filter(Boolean).join(' ')}`.toLowerCase().replace(/^./, (c) => c.toUpperCase()) };
}

interface Agency {
  name: string;
  weight: number;
  charges: ReadonlyArray<readonly [string, string, string, number]>;
}
const AGENCIES: readonly Agency[] = [
  { name: 'DEPT OF BUILDINGS', weight: 38, charges: [
    ['BC 3301.2', 'AC 28-201.1', 'FAILURE TO SAFEGUARD ALL PERSONS AND PROPERTY AFFECTED BY CONSTRUCTION OPERATIONS', 2500],
    ['BC 28-105.1', 'AC 28-105.1', 'WORK WITHOUT A PERMIT', 1000], ['BC 3314.4.5', 'AC 28-201.1', 'FAILURE TO MAINTAIN SCAFFOLD', 6000],
    ['BC 28-301.1', 'AC 28-301.1', 'FAILURE TO MAINTAIN BUILDING IN CODE COMPLIANT MANNER', 1250], ['BC 3301.9', 'AC 28-201.1', 'FAILURE TO PROVIDE SITE SAFETY MANAGER', 5000],
  ] },
  { name: 'DEPT OF SANITATION', weight: 22, charges: [['AC 16-118', 'AC 16-118(6)', 'DIRTY SIDEWALK', 100], ['16 RCNY 1-04', '16-RCNY 1-04(C)', 'IMPROPER DISPOSAL OF COMMERCIAL WASTE', 300]] },
  { name: 'DOHMH - HEALTH', weight: 12, charges: [['FC 81.09', 'RCNY 81.09', 'FOOD NOT PROTECTED FROM CONTAMINATION', 300], ['FC 81.23', 'RCNY 81.23', 'EVIDENCE OF MICE OR LIVE MICE', 600]] },
  { name: 'FIRE DEPARTMENT OF NYC', weight: 8, charges: [['FC 901.6', 'FC 901.6.1', 'FAILURE TO MAINTAIN FIRE PROTECTION SYSTEM', 1000]] },
  { name: 'DEPT OF TRANSPORTATION', weight: 8, charges: [['AC 19-109', 'AC 19-109(A)', 'OBSTRUCTION OF STREET WITHOUT PERMIT', 1000]] },
  { name: 'DEPT OF ENVIRONMENT PROT', weight: 7, charges: [['AC 24-218', 'AC 24-218(A)', 'NOISE FROM CONSTRUCTION OUTSIDE PERMITTED HOURS', 2800]] },
  { name: 'TAXI AND LIMOUSINE COMMISSION', weight: 5, charges: [['RCNY 55-13', '35 RCNY 55-13(A)', 'UNLICENSED FOR-HIRE OPERATION', 500]] },
];
const BOROUGHS: ReadonlyArray<readonly [string, string, string, number]> = [
  ['MANHATTAN', 'NEW YORK', '100', 30], ['BROOKLYN', 'BROOKLYN', '112', 28], ['QUEENS', 'JAMAICA', '114', 22], ['BRONX', 'BRONX', '104', 12],
  ['STATEN IS', 'STATEN ISLAND', '103', 4], ['NOT NYC', 'YONKERS', '107', 4],
];
const STREETS = ['BROADWAY', 'WEST 34 STREET', 'ATLANTIC AVENUE', 'GRAND CONCOURSE', 'QUEENS BOULEVARD', 'FULTON STREET', 'EAST 188 STREET', '5 AVENUE', 'NOSTRAND AVENUE', 'ROOSEVELT AVENUE', 'VICTORY BOULEVARD', 'AMSTERDAM AVENUE'];

type Outcome = 'paid' | 'liable_due' | 'liable_part' | 'default' | 'docketed' | 'dismissed' | 'cured' | 'written_off' | 'reopened' | 'pending' | 'adjourned' | 'stipulated';
const OUTCOMES: ReadonlyArray<readonly [Outcome, number]> = [
  ['paid', 33], ['liable_due', 7], ['liable_part', 4], ['default', 18], ['docketed', 6], ['dismissed', 12], ['cured', 2], ['written_off', 3],
  ['reopened', 2], ['pending', 8], ['adjourned', 2], ['stipulated', 3],
];

const money = (cents: number) => (cents / 100).toFixed(2);

/** The permutation of respondent indices the file is written in (an affine map modulo n). */
function order(n: number, seed: number): (k: number) => number {
  let a = (mix(seed, 0, 3) % n) | 1;
  const gcd = (x: number, y: number): number => (y === 0 ? x : gcd(y, x % y));
  while (gcd(a, n) !== 1) a += 2;
  const b = mix(seed, 0, 4) % n;
  return (k) => Number((BigInt(a) * BigInt(k) + BigInt(b)) % BigInt(n));
}

/** Writes the export (header first) to `out`; returns what it wrote. */
export async function generateContractors(out: Writable, options: ContractorsOptions): Promise<ContractorsCounts> {
  const { fraction, seed } = options;
  const endMs = Date.parse(`${options.endDate ?? DEFAULT_END}T00:00:00Z`);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const n = respondentsAt(fraction);
  const at = order(n, seed);
  const counts: ContractorsCounts = { respondents: n, companies: 0, individuals: 0, summonses: 0, heaviest: [] };
  await writeLine(out, csvLine(OATH_HEADER));
  let ticketSeq = 0;
  for (let k = 0; k < n; k += 1) {
    const index = at(k);
    const tickets = summonsCount(fraction, index, seed);
    const respondent = respondentAt(seed, index, tickets);
    if (respondent.kind === 'company') counts.companies += 1;
    else counts.individuals += 1;
    if (respondent.kind === 'company' && (counts.heaviest.length < 5 || tickets > counts.heaviest[counts.heaviest.length - 1].summonses)) {
      counts.heaviest.push({ name: respondent.name, summonses: tickets });
      counts.heaviest.sort((x, y) => y.summonses - x.summonses || x.name.localeCompare(y.name));
      counts.heaviest.length = Math.min(5, counts.heaviest.length);
    }
    const random = new Random(mix(seed, index, 2));
    const home = random.weighted(BOROUGHS.map((b) => [b, b[3]] as const));
    const homeAgency = random.weighted(AGENCIES.map((a) => [a, a.weight] as const));
    const respondentHouse = String(random.int(1, 2400));
    const respondentStreet = random.pick(STREETS);
    let chunk = '';
    for (let t = 0; t < tickets; t += 1) {
      ticketSeq += 1;
      const row: Array<string | null> = new Array(OATH_HEADER.length).fill(null);
      const set = (column: string, value: string | null) => void (row[COLUMN[column]] = value);
      const agency = random.chance(0.8) ? homeAgency : random.weighted(AGENCIES.map((a) => [a, a.weight] as const));
      // Ticket numbers as the agencies write them: ten digits, sanitation's with a letter.
      const digits = String(100_000_000 + ((ticketSeq * 7_919 + mix(seed, 0, 5)) % 900_000_000) + 0).padStart(9, '0');
      set('Ticket Number', agency.name === 'DEPT OF SANITATION' ? `${digits}${'ABCDEFGHJKLMNPRSTUVWXYZ'[ticketSeq % 23]}` : `0${digits}`);
      // Violation dates: 2005 to the extract date, skewed recent.
      const ageDays = Math.floor(7_600 * random.next() ** 2.2);
      const violationMs = endMs - (ageDays + 1) * DAY_MS;
      set('Violation Date', portalDate(day(violationMs)));
      set('Issuing Agency', agency.name);
      const name = spelling(respondent, random);
      set('Respondent First Name', name.first || null);
      set('Respondent Last Name', name.last);
      const place = random.chance(0.7) ? home : random.weighted(BOROUGHS.map((b) => [b, b[3]] as const));
      set('Violation Location (Borough)', place[0]);
      if (place[0] !== 'NOT NYC' && random.chance(0.9)) {
        set('Violation Location (Block No.)', String(random.int(1, 9_000)).padStart(5, '0'));
        set('Violation Location (Lot No.)', String(random.int(1, 150)).padStart(4, '0'));
        set('Violation Location (House #)', place[0] === 'QUEENS' ? `${random.int(10, 250)}-${String(random.int(1, 99)).padStart(2, '0')}` : String(random.int(1, 2400)));
        set('Violation Location (Street Name)', random.pick(STREETS));
      }
      set('Violation Location (City)', place[1]);
      set('Violation Location (Zip Code)', `${place[2]}${String(random.int(1, 99)).padStart(2, '0')}`);
      set('Violation Location (State Name)', 'NY');
      set('Respondent Address (Borough)', home[0]);
      set('Respondent Address (House #)', respondentHouse);
      set('Respondent Address (Street Name)', respondentStreet);
      set('Respondent Address (City)', home[1]);
      set('Respondent Address (Zip Code)', `${home[2]}${String(random.int(1, 99)).padStart(2, '0')}`);
      set('Respondent Address (State Name)', 'NY');
      // Charges: one to three, the amounts sought.
      const chargeCount = random.weighted([[1, 75], [2, 20], [3, 5]] as const);
      let soughtCents = 0;
      for (let c = 1; c <= chargeCount; c += 1) {
        const [code, section, description, dollars] = random.pick(agency.charges);
        const cents = dollars * 100 * random.pick([1, 1, 1, 2, 0.5]);
        soughtCents += cents;
        set(`Charge #${c}: Code`, code);
        set(`Charge #${c}: Code Section`, section);
        set(`Charge #${c}: Code Description`, description);
        set(`Charge #${c}: Infraction Amount`, money(cents));
      }
      set('Total Violation Amount', money(soughtCents));
      set('Violation Description', null);
      // The hearing: 30 to 90 days after the violation; undecided when it is not yet past.
      const hearingMs = violationMs + random.int(30, 90) * DAY_MS;
      let outcome = random.weighted(OUTCOMES);
      if (hearingMs >= endMs) outcome = 'pending';
      else if (outcome === 'pending' || outcome === 'reopened' || outcome === 'adjourned') {
        if (ageDays > 400) outcome = 'paid';
      }
      const imposed = outcome === 'dismissed' || outcome === 'cured' ? 0 : Math.round((soughtCents * random.pick([1, 1, 1, 2, 0.5, 4])) / 100) * 100;
      const fees = outcome === 'default' || outcome === 'docketed' ? Math.round(imposed * 0.1) : 0;
      set('Hearing Date', portalDate(day(hearingMs)));
      set('Hearing Time', random.pick(['8:30', '10:30', '13:00']));
      set('Scheduled Hearing Location', place[0] === 'NOT NYC' ? 'MANHATTAN' : place[0]);
      const decide = (status: string, result: string, balance: number, paid: number, compliance: string) => {
        set('Hearing Status', status);
        set('Hearing Result', result);
        set('Decision Date', portalDate(day(hearingMs)));
        set('Decision Location (Borough)', place[0] === 'NOT NYC' ? 'MANHATTAN' : place[0]);
        set('Penalty Imposed', money(imposed));
        set('Paid Amount', money(paid));
        set('Additional Penalties or Late Fees', money(fees));
        set('Balance Due', money(balance));
        set('Compliance Status', compliance);
      };
      switch (outcome) {
        case 'paid': decide('PAID IN FULL', 'IN VIOLATION', 0, imposed, 'All Terms Met'); break;
        case 'stipulated': decide('HEARING COMPLETED', 'STIPULATED', 0, imposed, 'All Terms Met'); break;
        case 'liable_due': decide('HEARING COMPLETED', 'IN VIOLATION', imposed, 0, 'Penalty Due'); break;
        case 'liable_part': decide('HEARING COMPLETED', 'IN VIOLATION', Math.round(imposed / 2), imposed - Math.round(imposed / 2), 'Penalty Due'); break;
        case 'default': decide('HEARING COMPLETED', random.pick(['DEFAULTED', 'DEFAULT']), imposed + fees, 0, random.chance(0.8) ? 'Penalty Due' : 'Both Due'); break;
        case 'docketed':
          decide('DOCKETED', 'DEFAULTED', imposed + fees, 0, 'Penalty Due');
          set('Date Judgment Docketed', portalDate(day(Math.min(endMs - DAY_MS, hearingMs + random.int(90, 200) * DAY_MS))));
          break;
        case 'dismissed': decide('HEARING COMPLETED', 'DISMISSED', 0, 0, 'All Terms Met'); break;
        case 'cured': decide('HEARING COMPLETED', 'CURED', 0, 0, 'All Terms Met'); break;
        case 'written_off': decide('WRITTEN OFF', 'WRITTEN OFF', 0, 0, 'All Terms Met'); break;
        case 'reopened':
          // A default, then a new hearing scheduled after the decision.
          decide('RESCHEDULED', 'DEFAULTED', imposed, 0, 'Penalty Due');
          set('Hearing Date', portalDate(day(Math.max(endMs + 7 * DAY_MS, hearingMs + 30 * DAY_MS))));
          break;
        case 'adjourned':
          set('Hearing Status', 'HEARING COMPLETED');
          set('Hearing Result', 'ADJOURNED');
          break;
        case 'pending':
          set('Hearing Status', random.pick(['NEW ISSUANCE', 'RESCHEDULED', 'HEARING PENDING']));
          // OATH writes the penalty of a rescheduled hearing before any decision.
          if (random.chance(0.3)) set('Penalty Imposed', money(soughtCents));
          break;
      }
      chunk += csvLine(row);
      if (chunk.length > 64_000) {
        await writeLine(out, chunk);
        chunk = '';
      }
      counts.summonses += 1;
    }
    if (chunk) await writeLine(out, chunk);
  }
  return counts;
}
