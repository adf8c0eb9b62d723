import type { Writable } from 'node:stream';
import { csvLine, writeLine } from './csv-writer';
import { DOB_PERMITS_HEADER, DOB_VIOLATIONS_HEADER, ECB_VIOLATIONS_HEADER, HPD_VIOLATIONS_HEADER, PLUTO_HEADER } from './properties-formats';
import { COMPANY_WORDS, FULL_SCALE_LOTS, GIVEN_NAMES, LOT_BOROUGHS, LotBorough, SURNAMES } from './properties-streets';
import { Random } from './random';
import { type OwnerCounts, writeOwners } from './owners';

/**
 * The properties family at New York's scale, for the bench: PLUTO's ~860,000 tax lots,
 * ~2 million DOB violations, ~1.5 million ECB violations, ~1 million permits and ~3 million
 * HPD violations (a bench-sized share of HPD's data set, which holds several times more), the
 * HPD registrations and contacts of its ~160,000 multiple dwellings (owners.ts), in the real
 * export formats the ingest reads (properties-formats.ts), scaled by `fraction`.
 *
 * Every lot is a pure function of (seed, its index): its borough, block and lot, its
 * address (a block faces one street; Queens numbers hyphenated), its building, and how many
 * records each docket holds for it. So the five files are written in five streaming passes
 * with nothing kept in memory, the dockets in a shuffled lot order as the city's exports are
 * (a lot's records are not next to each other in them). Record counts are skewed as in the
 * city: most lots have none, a long tail has hundreds, and a few heavy lots (large complexes)
 * have thousands.
 */

export const FULL_SCALE = { lots: FULL_SCALE_LOTS, dobViolations: 2_000_000, ecbViolations: 1_500_000, permits: 1_000_000, hpdViolations: 3_000_000 } as const;

export interface PropertiesOptions {
  /** Share of the full scale, (0, 1]. */
  fraction: number;
  seed: number;
  /** The extract date: records fall before it. Fixed by default so a seed fully decides the files. */
  endDate?: string;
}

export interface PropertiesOutputs {
  pluto: Writable;
  dobViolations: Writable;
  ecbViolations: Writable;
  permits: Writable;
  hpdViolations: Writable;
  /** HPD registrations and contacts of the multiple dwellings, and each lot's true owner (owners.ts). */
  hpdRegistrations: Writable;
  hpdContacts: Writable;
  ownersTruth: Writable;
}

export interface PropertiesCounts {
  lots: number;
  dobViolations: number;
  ecbViolations: number;
  permits: number;
  hpdViolations: number;
  /** The heavy lots' BBLs (thousands of records each). */
  heavyLots: string[];
  owners: OwnerCounts;
}

const DAY_MS = 86_400_000;
/** The extract date when none is given. */
const DEFAULT_END = '2026-04-01';

/** 32-bit mix of the seed, a lot's index and a stream number: each lot draws from its own generator. */
export function mix(seed: number, index: number, stream: number): number {
  let h = (seed ^ Math.imul(index + 1, 0x9e3779b1) ^ Math.imul(stream + 1, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

const gaussian = (random: Random) => Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());

/** Poisson(mean): exact below 30, normal above. */
function poisson(random: Random, mean: number): number {
  if (mean <= 0) return 0;
  if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * gaussian(random)));
  const limit = Math.exp(-mean);
  let count = 0;
  for (let product = random.next(); product > limit; product *= random.next()) count += 1;
  return count;
}

export type Kind = 'house' | 'walkup' | 'elevator' | 'mixed' | 'commercial' | 'industrial' | 'condo' | 'vacant' | 'public';

interface KindSpec {
  classes: string[];
  landuse: string;
  floors: [number, number];
  units: [number, number];
  /** Relative record weights per docket: DOB violations, ECB violations, permits, HPD violations (housing code: homes only). */
  weight: [number, number, number, number];
}

const KINDS: Record<Kind, KindSpec> = {
  house: { classes: ['A1', 'A2', 'A5', 'A9', 'B1', 'B2', 'B3', 'B9'], landuse: '01', floors: [1, 3], units: [1, 2], weight: [0.5, 0.4, 0.5, 0.3] },
  walkup: { classes: ['C0', 'C1', 'C2', 'C3', 'C4', 'C7'], landuse: '02', floors: [3, 6], units: [3, 30], weight: [3, 2.5, 1.5, 9] },
  elevator: { classes: ['D1', 'D3', 'D4', 'D6', 'D7', 'D9'], landuse: '03', floors: [6, 40], units: [30, 600], weight: [12, 8, 6, 16] },
  mixed: { classes: ['S1', 'S2', 'S3', 'S4', 'S9'], landuse: '04', floors: [2, 5], units: [1, 6], weight: [2, 2, 1.5, 3] },
  commercial: { classes: ['K1', 'K2', 'K4', 'O4', 'O5', 'O6', 'O8'], landuse: '05', floors: [1, 30], units: [0, 0], weight: [4, 5, 4, 0.05] },
  industrial: { classes: ['E1', 'E9', 'F1', 'F4', 'F5', 'G1', 'G2'], landuse: '06', floors: [1, 4], units: [0, 0], weight: [2, 3, 1, 0.02] },
  condo: { classes: ['R4', 'R2', 'R1'], landuse: '02', floors: [4, 30], units: [1, 1], weight: [0.2, 0.2, 0.3, 0.4] },
  vacant: { classes: ['V0', 'V1', 'V9'], landuse: '11', floors: [0, 0], units: [0, 0], weight: [0.3, 0.6, 0.2, 0] },
  public: { classes: ['W1', 'W2', 'M1', 'P2', 'Q1', 'I5'], landuse: '08', floors: [1, 8], units: [0, 0], weight: [2, 1, 1.5, 0.2] },
};

/** Share of each kind in Manhattan and in the other boroughs (SI has more houses still). */
const KIND_MIX: Record<'dense' | 'outer' | 'island', ReadonlyArray<readonly [Kind, number]>> = {
  dense: [['elevator', 25], ['walkup', 30], ['commercial', 14], ['mixed', 8], ['condo', 8], ['house', 5], ['vacant', 3], ['public', 5], ['industrial', 2]],
  outer: [['house', 63], ['walkup', 12], ['mixed', 6], ['commercial', 5], ['elevator', 3], ['industrial', 3], ['condo', 2], ['vacant', 4], ['public', 2]],
  island: [['house', 80], ['walkup', 3], ['mixed', 3], ['commercial', 4], ['elevator', 1], ['industrial', 2], ['condo', 1], ['vacant', 5], ['public', 1]],
};
const mixOf = (borough: LotBorough) => (borough.code === 1 ? KIND_MIX.dense : borough.code === 5 ? KIND_MIX.island : KIND_MIX.outer);

/** Share of lots with no record at all in a docket, whatever their building. */
const ZERO_SHARE = [0.5, 0.55, 0.45, 0.6];
/** Spread of a lot's activity around its kind's weight (log-normal): the long tail. */
const SPREAD = 1.3;
const TARGET_PER_LOT = [FULL_SCALE.dobViolations, FULL_SCALE.ecbViolations, FULL_SCALE.permits, FULL_SCALE.hpdViolations].map((records) => records / FULL_SCALE.lots);
/** Records of one heavy lot per docket: [least, most]. */
const HEAVY_RECORDS: Array<[number, number]> = [[1_000, 5_000], [700, 3_200], [200, 1_400], [1_500, 6_000]];
/** Heavy lots at full scale; at least 3 whatever the fraction. */
const HEAVY_LOTS_FULL = 50;

/** The dockets, as indices of GeneratedLot.records. */
const DOCKETS = [0, 1, 2, 3] as const;

/** The mean weight of a lot, so the per-docket scale makes the totals come out at the targets. */
const MEAN_WEIGHT = DOCKETS.map((docket) =>
  LOT_BOROUGHS.reduce((sum, borough) => {
    const mix = mixOf(borough);
    const total = mix.reduce((s, [, share]) => s + share, 0);
    return sum + (borough.lots / FULL_SCALE_LOTS) * mix.reduce((s, [kind, share]) => s + (share / total) * KINDS[kind].weight[docket], 0);
  }, 0),
);

export interface GeneratedLot {
  index: number;
  borough: LotBorough;
  bbl: string;
  block: number;
  lot: number;
  bin: string | null;
  houseNumber: string;
  street: string;
  /** Null for the few lots PLUTO gives no address. */
  address: string | null;
  zip: number;
  kind: Kind;
  bldgclass: string;
  numfloors: number;
  unitsres: number;
  bldgarea: number;
  lotarea: number;
  yearbuilt: number;
  ownername: string;
  latitude: number;
  longitude: number;
  cd: number;
  heavy: boolean;
  /** Records in each docket: DOB violations, ECB violations, permits, HPD violations. */
  records: [number, number, number, number];
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const thousands = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const ymd = (ms: number) => isoDay(ms).replace(/-/g, '');
const mdy = (ms: number) => {
  const iso = isoDay(ms);
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
};

/** The generated set's layout for a fraction: lots per borough, heavy lots, the docket scales. */
export class PropertySet {
  readonly lots: number;
  readonly heavyCount: number;
  private readonly starts: number[];
  private readonly perBorough: number[];
  /** Lots between two heavy lots: heavy lots sit at stride/2, stride*3/2, ... */
  readonly heavyStride: number;
  private readonly scale: number[];

  constructor(readonly fraction: number, readonly seed: number) {
    if (!(fraction > 0 && fraction <= 1)) throw new Error('fraction must be in (0, 1]');
    this.perBorough = LOT_BOROUGHS.map((borough) => Math.max(1, Math.round(borough.lots * fraction)));
    this.starts = [];
    let start = 0;
    for (const count of this.perBorough) {
      this.starts.push(start);
      start += count;
    }
    this.lots = start;
    this.heavyCount = Math.max(3, Math.round(HEAVY_LOTS_FULL * fraction));
    this.heavyStride = Math.floor(this.lots / this.heavyCount);
    // The ordinary lots' rate is the full scale's, whatever the fraction: a lot reads the same in
    // every set, and only the (at least 3) heavy lots weigh more in a small one.
    this.scale = DOCKETS.map((docket) => {
      const [least, most] = HEAVY_RECORDS[docket];
      const heavyShare = (HEAVY_LOTS_FULL * (least + most)) / 2 / FULL_SCALE_LOTS;
      const perLot = Math.max(0, TARGET_PER_LOT[docket] - heavyShare);
      return perLot / ((1 - ZERO_SHARE[docket]) * MEAN_WEIGHT[docket] * Math.exp((SPREAD * SPREAD) / 2));
    });
  }

  /** Lot `index` (0 .. lots-1): the same lot for the same seed and fraction, on any machine. */
  lot(index: number): GeneratedLot {
    let b = this.starts.length - 1;
    while (this.starts[b] > index) b -= 1;
    const borough = LOT_BOROUGHS[b];
    const j = index - this.starts[b];
    const blockIndex = Math.floor(j / borough.lotsPerBlock);
    const k = j % borough.lotsPerBlock;
    const blockRandom = new Random(mix(this.seed, b * 1_000_003 + blockIndex, 7));
    const random = new Random(mix(this.seed, index, 1));
    const heavy = index % this.heavyStride === this.heavyStride >> 1 && Math.floor(index / this.heavyStride) < this.heavyCount;

    // A block faces one street; a street's blocks take successive hundreds, so no two lots share an address.
    const block = blockIndex + 1;
    const condoBlock = borough.code <= 4 && blockRandom.chance(0.02);
    const side = random.int(0, 1);
    const lot = condoBlock ? 1001 + k : 1 + 2 * k + side;
    const street = borough.streets[blockIndex % borough.streets.length];
    const hundreds = Math.floor(blockIndex / borough.streets.length) + 1;
    const building = 2 * k + 1 + side;
    const hyphenated = borough.hyphenated && !blockRandom.chance(0.08);
    const houseNumber = hyphenated ? `${hundreds}-${pad(building, 2)}` : String((hundreds - 1) * 100 + building);
    const zip = blockRandom.pick(borough.zips);

    const kind: Kind = heavy ? 'elevator' : condoBlock ? 'condo' : random.weighted(mixOf(borough));
    const spec = KINDS[kind];
    const numfloors = heavy ? random.int(14, 45) : kind === 'house' ? random.pick([1, 1.5, 2, 2, 2.5, 3]) : random.int(spec.floors[0], spec.floors[1]);
    const unitsres = heavy ? random.int(300, 1500) : random.int(spec.units[0], spec.units[1]);
    const lotarea = kind === 'house' ? random.int(1_200, 5_000) : random.int(1_500, 40_000);
    const bldgarea = kind === 'vacant' ? 0 : Math.round(lotarea * Math.max(0.5, numfloors) * (0.5 + random.next() * 0.4));
    const ownerCompany = kind !== 'house' && kind !== 'condo' ? random.chance(0.8) : random.chance(0.1);
    const ownername = kind === 'public'
      ? random.pick(['NYC HOUSING AUTHORITY', 'NYC DEPARTMENT OF EDUCATION', 'DCAS', 'NYC DEPT OF PARKS & REC'])
      : ownerCompany
        ? `${random.pick(COMPANY_WORDS)} ${street.split(' ').slice(-2, -1)[0] ?? ''} ${random.pick(['LLC', 'REALTY CORP', 'ASSOCIATES LLC', 'HOUSING DEVELOPMENT FUND CORP', 'OWNERS CORP'])}`.replace(/\s+/g, ' ')
        : `${random.pick(SURNAMES)}, ${random.pick(GIVEN_NAMES)}${random.chance(0.4) ? ` ${String.fromCharCode(65 + random.int(0, 25))}` : ''}`;

    const records = DOCKETS.map((docket) => {
      const docketRandom = new Random(mix(this.seed, index, 10 + docket));
      if (heavy) return docketRandom.int(HEAVY_RECORDS[docket][0], HEAVY_RECORDS[docket][1]);
      if (docketRandom.chance(ZERO_SHARE[docket])) return 0;
      const activity = spec.weight[docket] * Math.exp(SPREAD * gaussian(docketRandom));
      return poisson(docketRandom, this.scale[docket] * activity);
    }) as [number, number, number, number];

    return {
      index,
      borough,
      bbl: `${borough.code}${pad(block, 5)}${pad(lot, 4)}`,
      block,
      lot,
      bin: kind === 'vacant' ? null : String(borough.code * 1_000_000 + (j % 999_999) + 1),
      houseNumber,
      street,
      address: random.chance(0.01) ? null : `${houseNumber} ${street}`,
      zip,
      kind,
      bldgclass: random.pick(spec.classes),
      numfloors,
      unitsres,
      bldgarea,
      lotarea,
      yearbuilt: kind === 'vacant' ? 0 : random.chance(0.03) ? 0 : random.int(1880, 2024),
      ownername,
      latitude: +(borough.lat[0] + blockRandom.next() * (borough.lat[1] - borough.lat[0])).toFixed(7),
      longitude: +(borough.lon[0] + blockRandom.next() * (borough.lon[1] - borough.lon[0])).toFixed(7),
      cd: borough.code * 100 + blockRandom.int(1, 12),
      heavy,
      records,
    };
  }

  /** Every lot index once, in a shuffled order fixed by the seed (a stride coprime with the count). */
  *shuffledIndices(stream: number): Generator<number> {
    const n = this.lots;
    let stride = (mix(this.seed, n, stream) % n) | 1;
    const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
    while (gcd(stride, n) !== 1) stride += 1;
    const offset = mix(this.seed, n, stream + 100) % n;
    for (let i = 0; i < n; i += 1) yield (offset + i * stride) % n;
  }
}

/** Collects lines and writes them in ~64 KB chunks (with backpressure): one await per chunk, not per row. */
class ChunkedWriter {
  private buffer: string[] = [];
  private size = 0;
  constructor(private readonly out: Writable) {}
  async line(values: ReadonlyArray<string | number | null | undefined>): Promise<void> {
    const text = csvLine(values);
    this.buffer.push(text);
    this.size += text.length;
    if (this.size > 65_536) await this.flush();
  }
  async flush(): Promise<void> {
    if (!this.buffer.length) return;
    const text = this.buffer.join('');
    this.buffer = [];
    this.size = 0;
    await writeLine(this.out, text);
  }
}

function row<H extends readonly string[]>(header: H, values: Partial<Record<H[number], string | number | null>>): Array<string | number | null | undefined> {
  return header.map((column) => values[column as H[number]]);
}

/** DOB's own street spellings beside PLUTO's: 'EAST 47 STREET' may be 'E 47TH ST'. */
function dobStreet(street: string, random: Random): string {
  if (random.chance(0.55)) return street;
  return street
    .replace(/^EAST /, 'E ')
    .replace(/^WEST /, 'W ')
    .replace(/ STREET$/, ' ST')
    .replace(/ AVENUE$/, ' AVE')
    .replace(/ BOULEVARD$/, ' BLVD')
    .replace(/ PLACE$/, ' PL')
    .replace(/\b(\d+) /, (_, digits: string) => {
      const n = Number(digits);
      const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'TH' : ['TH', 'ST', 'ND', 'RD'][n % 10] ?? 'TH';
      return `${digits}${suffix} `;
    });
}

async function writePluto(set: PropertySet, out: Writable): Promise<number> {
  const writer = new ChunkedWriter(out);
  await writeLine(out, csvLine(PLUTO_HEADER));
  for (let index = 0; index < set.lots; index += 1) {
    const lot = set.lot(index);
    const units = lot.unitsres + (lot.kind === 'commercial' || lot.kind === 'mixed' ? 1 + (index % 4) : 0);
    await writer.line(row(PLUTO_HEADER, {
      borough: lot.borough.pluto,
      'Tax block': String(lot.block),
      'Tax lot': String(lot.lot),
      'community board': String(lot.cd),
      'council district': String(1 + (lot.index % 51)),
      postcode: String(lot.zip),
      address: lot.address,
      zonedist1: lot.kind === 'commercial' ? 'C4-4' : lot.kind === 'industrial' ? 'M1-1' : 'R6',
      bldgclass: lot.bldgclass,
      landuse: KINDS[lot.kind].landuse,
      ownername: lot.ownername,
      lotarea: thousands(lot.lotarea),
      bldgarea: thousands(lot.bldgarea),
      numbldgs: lot.kind === 'vacant' ? '0' : String(lot.heavy ? 6 + (index % 10) : 1),
      numfloors: String(lot.numfloors),
      unitsres: thousands(lot.unitsres),
      unitstotal: thousands(units),
      yearbuilt: String(lot.yearbuilt),
      borocode: String(lot.borough.code),
      BBL: lot.bbl,
      latitude: lot.address === null ? null : String(lot.latitude),
      longitude: lot.address === null ? null : String(lot.longitude),
      version: '26v1',
    }));
  }
  await writer.flush();
  return set.lots;
}

/** A date `daysBack` days before the end, at most 35 years back; recent years weigh more. */
const pastDay = (random: Random, endMs: number) => endMs - Math.floor(35 * 365 * random.next() ** 1.8) * DAY_MS - DAY_MS;

const DOB_TYPES: ReadonlyArray<readonly [string, string, string, number]> = [
  ['E', 'ELEVATOR', 'ELEVATORREQUIRED', 25],
  ['AEUHAZ1', 'FAIL TO CERTIFY CLASS 1', 'NONE', 20],
  ['ACC1', '(OTHER BLDGS TYPES) - ELEVATOR AFFIRMATION OF CORRECTION', 'ELEVATORREQUIRED', 12],
  ['LBLVIO', 'LOW PRESSURE BOILER', 'BOILER  REQUIRED', 10],
  ['C', 'CONSTRUCTION', 'OTHER   OPTIONAL', 8],
  ['EVCAT1', 'ELEVATOR ANNUAL INSPECTION / TEST', 'ELEVATORREQUIRED', 5],
  ['BENCH', 'FAILURE TO BENCHMARK', 'NONE', 4],
  ['LL6291', 'LOCAL LAW 62/91 - BOILERS', 'BOILER  REQUIRED', 4],
  ['P', 'PLUMBING', 'NONE', 4],
  ['HBLVIO', 'HIGH PRESSURE BOILER', 'BOILER  REQUIRED', 2],
  ['EVCAT5', 'NON-RESIDENTIAL ELEVATOR PERIODIC INSPECTION/TEST', 'ELEVATORREQUIRED', 2],
  ['RWNRF', 'RETAINING WALL', 'NONE', 1],
  ['FISPNRF', 'NO REPORT FILED FACADE', 'NONE', 3],
];
const DOB_DESCRIPTIONS = [
  'FAILURE TO CERTIFY CORRECTION ON IMMEDIATELY HAZARDOUS (CLASS 1) ECB VIOLATION',
  'FAILURE TO FILE ANNUAL BOILER INSPECTION REPORT',
  'ELEVATOR INSPECTION / TEST NOT FILED',
  "WORK WITHOUT A PERMIT: ALTERED PARTITIONS AT CELLAR. OWNER'S REP NOTIFIED",
  null,
  null,
];

async function writeDobViolations(set: PropertySet, out: Writable, endMs: number): Promise<number> {
  const writer = new ChunkedWriter(out);
  await writeLine(out, csvLine(DOB_VIOLATIONS_HEADER));
  let written = 0;
  for (const index of set.shuffledIndices(1)) {
    const lot = set.lot(index);
    const count = lot.records[0];
    if (count === 0) continue;
    const random = new Random(mix(set.seed, index, 20));
    for (let n = 0; n < count; n += 1) {
      written += 1;
      const issued = pastDay(random, endMs);
      const [code, label, device] = random.weighted(DOB_TYPES.map((type) => [type, type[3]] as const));
      const violationNumber = `${random.int(1000, 9999)}/${pad(written, 7)}`;
      const open = random.chance(endMs - issued < 3 * 365 * DAY_MS ? 0.55 : 0.2);
      const category = open ? 'V-DOB VIOLATION - ACTIVE' : random.weighted([['V*-DOB VIOLATION - DISMISSED', 43], ['V*-DOB VIOLATION - Resolved', 20], ['VW*-VIOLATION - WORK W/O PERMIT DISMISSED', 1], ['VP*-VIOLATION UNSERVED ECB- DISMISSED', 1]] as const);
      const disposed = open ? null : Math.min(endMs - DAY_MS, issued + random.int(10, 700) * DAY_MS);
      const datePart = ymd(issued);
      const mmddyy = `${datePart.slice(4, 6)}${datePart.slice(6, 8)}${datePart.slice(2, 4)}`;
      await writer.line(row(DOB_VIOLATIONS_HEADER, {
        isn_dob_bis_viol: String(1_000_000 + written),
        boro: String(lot.borough.code),
        bin: lot.bin ?? (random.chance(0.5) ? `${lot.borough.code}000000` : null),
        block: pad(lot.block, 5),
        lot: pad(lot.lot, 5),
        issue_date: datePart,
        violation_type_code: code,
        violation_number: violationNumber,
        house_number: lot.houseNumber,
        street: dobStreet(lot.street, random),
        disposition_date: disposed === null ? null : ymd(disposed),
        disposition_comments: disposed === null ? null : random.pick(['PPN203  AOC SUB', 'SWO FULLY RESCINDED', 'DISMISSED PER ECB', 'CERTIFICATE OF CORRECTION ACCEPTED']),
        device_number: code.includes('E') && random.chance(0.6) ? `${lot.borough.code}P${random.int(1000, 99999)}` : null,
        description: random.pick(DOB_DESCRIPTIONS),
        ecb_number: random.chance(0.1) ? `3${pad(random.int(0, 9_999_999), 7)}${String.fromCharCode(72 + random.int(0, 10))}` : null,
        number: `V${open ? '' : '*'}${mmddyy}${code}${violationNumber}`,
        violation_category: category,
        violation_type: `${code}-${label}`.padEnd(66) + device,
      }));
    }
  }
  await writer.flush();
  return written;
}

const ECB_INFRACTIONS: ReadonlyArray<readonly [string, string, string, string, number]> = [
  ['BP7', '27-987', 'FAILURE TO MAINTAIN ELEVATOR', 'Elevators', 10],
  ['BQ2', '27-147', 'WORK WITHOUT PERMIT', 'Construction', 7],
  ['B04', '28-105.1', 'WORK WITHOUT A PERMIT', 'Construction', 12],
  ['263', 'AC 28-204.4', 'FAIL TO COMPLY W/COMMISSIONER ORDER TO FILE CERT OF CORRECTION W/DOB', 'Unknown', 6],
  ['204', '28-302.1', 'FAILURE TO MAINTAIN BLDG WALL(S) OR APPURTENANCES', 'Construction', 8],
  ['B8G', '28-201.1', 'UNLAWFUL ACTS.  FAILURE TO COMPLY WITH AN ORDER OF THE COMMISSIONER', 'Construction', 5],
  ['101', '28-118.3.2', 'OCC CONTRARY TO THAT ALLOWED BY THE C OF O OR DOB RECORDS', 'Zoning', 4],
  ['187', '28-301.1', 'FAILURE TO MAINTAIN BLDG IN CODE-COMPLIANT MANNER', 'Quality of Life', 5],
  ['B06', '27-127', 'FAILURE TO MAINTAIN EXTERIOR BUILDING WALL', 'Local Law', 3],
  ['151', 'BC 3301.2', 'FAILURE TO SAFEGUARD PUBLIC AND PROPERTY', 'Site Safety', 2],
  ['230', '28-315.1.1', 'FAILURE TO FILE BOILER INSPECTION REPORT', 'Boilers', 2],
];

const money = (cents: number) => (cents === 0 ? '.00' : `${Math.trunc(cents / 100)}.${pad(Math.abs(cents % 100), 2)}`);

async function writeEcbViolations(set: PropertySet, out: Writable, endMs: number): Promise<number> {
  const writer = new ChunkedWriter(out);
  await writeLine(out, csvLine(ECB_VIOLATIONS_HEADER));
  let written = 0;
  for (const index of set.shuffledIndices(2)) {
    const lot = set.lot(index);
    const count = lot.records[1];
    if (count === 0) continue;
    const random = new Random(mix(set.seed, index, 21));
    for (let n = 0; n < count; n += 1) {
      written += 1;
      const issued = pastDay(random, endMs);
      const [infraction, section, law, type] = random.weighted(ECB_INFRACTIONS.map((item) => [item, item[4]] as const));
      const active = random.chance(endMs - issued < 2 * 365 * DAY_MS ? 0.45 : 0.08);
      const hearing = issued + random.int(30, 120) * DAY_MS;
      const hearingStatus = active
        ? random.weighted([['IN VIOLATION', 5], ['DEFAULT', 3], ['STIPULATION/IN-VIO', 1]] as const)
        : random.weighted([['IN VIOLATION', 36], ['DISMISSED', 16], ['WRITTEN OFF', 15], ['CURED/IN-VIO', 14], ['STIPULATION/IN-VIO', 12], ['DEFAULT', 6], ['POP/IN-VIO', 1]] as const);
      const dismissed = hearingStatus === 'DISMISSED';
      const imposed = dismissed ? 0 : random.pick([0, 25_000, 62_500, 80_000, 125_000, 250_000, 400_000, 1_000_000, 1_250_000]);
      const due = active && imposed > 0 ? imposed : imposed > 0 && random.chance(0.05) ? random.int(1, imposed / 100) * 100 : random.chance(0.01) ? -imposed : 0;
      const paid = Math.max(0, imposed - Math.max(0, due));
      const certification = dismissed ? 'N/A - DISMISSED' : hearingStatus.startsWith('CURED') ? 'CURE ACCEPTED' : random.weighted([['CERTIFICATE ACCEPTED', 53], ['NO COMPLIANCE RECORDED', 12], ['', 4], ['COMPLIANCE-INSP/DOC', 1]] as const);
      const respondent = lot.ownername.startsWith('NYC') ? lot.ownername : random.chance(0.3) ? `TO THE OWNER OF ${lot.houseNumber} ${lot.street}`.slice(0, 24) : lot.ownername;
      await writer.line(row(ECB_VIOLATIONS_HEADER, {
        isn_dob_bis_extract: String(500_000 + written),
        ecb_violation_number: `${30_000_000 + written}${String.fromCharCode(72 + (written % 12))}`,
        ecb_violation_status: active ? 'ACTIVE' : 'RESOLVE',
        dob_violation_number: `${ymd(issued).slice(4)}${ymd(issued).slice(2, 4)}${infraction}${pad(written % 100, 2)}`,
        bin: lot.bin,
        boro: String(lot.borough.code),
        block: pad(lot.block, 5),
        // ECB writes 4- and 5-digit lots.
        lot: pad(lot.lot, random.chance(0.6) ? 4 : 5),
        hearing_date: ymd(hearing),
        hearing_time: random.pick(['830', '1030', '830', '1030', '900', '1330']),
        served_date: random.chance(0.1) ? '0' : ymd(issued + random.int(0, 20) * DAY_MS),
        issue_date: ymd(issued),
        severity: random.weighted([['Unknown', 47], ['Non-Hazardous', 37], ['Hazardous', 16]] as const),
        violation_type: type,
        respondent_name: respondent,
        respondent_house_number: lot.houseNumber,
        respondent_street: lot.street,
        respondent_city: lot.borough.code === 1 ? 'NEW YORK' : lot.borough.upper,
        respondent_zip: String(lot.zip),
        violation_description: random.chance(0.9) ? `${law}. NOTED AT ${random.pick(['ROOF', 'CELLAR', 'FRONT FACADE', 'REAR YARD', 'ELEVATOR MACHINE ROOM', '1ST FLOOR'])}` : null,
        penality_imposed: money(imposed),
        amount_paid: money(paid),
        balance_due: money(due),
        infraction_code1: infraction,
        section_law_description1: `${section.padEnd(76)}${law}`,
        aggravated_level: random.chance(0.9) ? 'NO' : null,
        hearing_status: hearingStatus,
        certification_status: certification,
      }));
    }
  }
  await writer.flush();
  return written;
}

const PERMIT_KINDS: ReadonlyArray<readonly [string, string, string, string, number]> = [
  // job type, permit type, work type, permit subtype, weight
  ['A2', 'EW', 'OT', 'OT', 30],
  ['A2', 'PL', 'PL', '', 12],
  ['A2', 'EQ', 'EQ', '', 9],
  ['A1', 'AL', '', '', 9],
  ['NB', 'NB', '', '', 6],
  ['NB', 'FO', '', 'EA', 6],
  ['A3', 'EW', 'MH', 'MH', 4],
  ['A2', 'EW', 'SP', 'SP', 3],
  ['DM', 'DM', '', '', 4],
  ['A3', 'EW', 'SD', 'SD', 2],
  ['SG', 'SG', '', '', 1],
];
const PERMITTEES: ReadonlyArray<readonly [string, string, string, string]> = [
  ['FRANKIE', 'COLLETTA', 'FORCE INSTALLATIONS, LLC', 'GC'],
  ['PAUL', 'JOYCE', 'SUNRUN INSTALLATION SVC', 'GC'],
  ['SIMON', 'HUNG', 'QMB PLUMBING & HEATING IN', 'MP'],
  ['MARIA', 'SANTOS', 'EMPIRE BUILDERS GROUP INC', 'GC'],
  ['DAVID', 'COHEN', "COHEN'S FIRE SUPPRESSION", 'FS'],
  ['JAMES', 'MURPHY', 'HUDSON VALLEY CONTRACTING', 'GC'],
  ['WEI', 'CHEN', 'GOLDEN KEY PLUMBING CORP', 'MP'],
];

async function writePermits(set: PropertySet, out: Writable, endMs: number): Promise<number> {
  const writer = new ChunkedWriter(out);
  await writeLine(out, csvLine(DOB_PERMITS_HEADER));
  let written = 0;
  let jobs = 0;
  for (const index of set.shuffledIndices(3)) {
    const lot = set.lot(index);
    const count = lot.records[2];
    if (count === 0) continue;
    const random = new Random(mix(set.seed, index, 22));
    let sequence = 0;
    let job = 0;
    let kind = PERMIT_KINDS[0];
    let filed = 0;
    for (let n = 0; n < count; n += 1) {
      // A job's permits come as an initial permit and its renewals.
      if (n === 0 || sequence >= 1 + random.int(0, 4) || random.chance(0.4)) {
        jobs += 1;
        job = lot.borough.code * 100_000_000 + 20_000_000 + jobs;
        kind = random.weighted(PERMIT_KINDS.map((item) => [item, item[4]] as const));
        filed = pastDay(random, endMs);
        sequence = 0;
      }
      sequence += 1;
      written += 1;
      const issued = Math.min(endMs - DAY_MS, filed + (sequence - 1) * 365 * DAY_MS + random.int(0, 30) * DAY_MS);
      const expires = issued + random.int(90, 365) * DAY_MS;
      const [first, last, business, license] = random.pick(PERMITTEES);
      const [jobType, permitType, workType, subtype] = kind;
      await writer.line(row(DOB_PERMITS_HEADER, {
        BOROUGH: lot.borough.upper,
        'Bin #': lot.bin ?? `${lot.borough.code}000000`,
        'House #': lot.houseNumber,
        'Street Name': lot.street,
        'Job #': String(job),
        'Job doc. #': String(random.chance(0.9) ? 1 : random.int(2, 5)),
        'Job Type': jobType,
        Self_Cert: random.pick(['N', 'N', 'Y', '']),
        Block: pad(lot.block, 5),
        Lot: pad(lot.lot, 5),
        'Community Board': String(lot.cd),
        'Zip Code': `${lot.zip}.0`,
        'Bldg Type': lot.unitsres > 2 || lot.kind === 'commercial' ? '2.0' : '1.0',
        Residential: lot.unitsres > 0 ? 'YES' : null,
        'Work Type': workType,
        'Permit Status': random.weighted([['ISSUED', 969], ['IN PROCESS', 17], ['RE-ISSUED', 10], ['', 4]] as const),
        'Filing Status': sequence === 1 ? 'INITIAL' : 'RENEWAL',
        'Permit Type': permitType,
        'Permit Sequence #': String(sequence),
        'Permit Subtype': subtype,
        'Site Fill': random.pick(['NOT APPLICABLE', 'USE UNDER 300 CU.YD', 'ON-SITE', '', 'NONE']),
        'Filing Date': mdy(issued),
        'Issuance Date': mdy(issued),
        'Expiration Date': mdy(expires),
        'Job Start Date': mdy(filed),
        "Permittee's First Name": first,
        "Permittee's Last Name": last,
        "Permittee's Business Name": business,
        "Permittee's Phone #": `718${pad(random.int(0, 9_999_999), 7)}`,
        "Permittee's License Type": license,
        "Permittee's License #": pad(random.int(1, 999_999), 7),
        "Owner's Business Type": lot.ownername.startsWith('NYC') ? 'NYC AGENCY' : lot.ownername.includes(',') ? 'INDIVIDUAL' : 'CORPORATION',
        'Non-Profit': random.chance(0.04) ? 'Y' : 'N',
        "Owner's Business Name": lot.ownername.includes(',') ? 'N/A' : lot.ownername,
        "Owner's First Name": random.pick(GIVEN_NAMES),
        "Owner's Last Name": random.pick(SURNAMES),
        "Owner's Phone #": `212${pad(random.int(0, 9_999_999), 7)}`,
        DOBRunDate: `${mdy(Math.min(endMs - DAY_MS, issued + DAY_MS))} 00:00:00`,
        PERMIT_SI_NO: String(3_000_000 + written),
        LATITUDE: lot.address === null ? null : String(lot.latitude),
        LONGITUDE: lot.address === null ? null : String(lot.longitude),
        COUNCIL_DISTRICT: `${1 + (lot.index % 51)}.0`,
        CENSUS_TRACT: `${1 + (lot.block % 900)}.0`,
        NTA_NAME: lot.borough.ntas[lot.block % lot.borough.ntas.length],
      }));
    }
  }
  await writer.flush();
  return written;
}

const HPD_CLASSES: ReadonlyArray<readonly [string, number]> = [['A', 26], ['B', 65], ['C', 9]];
/** Order numbers and notice texts of the kind HPD writes (section of the housing maintenance code, the condition, where). */
const HPD_ORDERS: ReadonlyArray<readonly [string, string]> = [
  ['502', 'SECTION 27-2005 ADM CODE PROPERLY REPAIR WITH SIMILAR MATERIAL THE BROKEN OR DEFECTIVE CERAMIC FLOOR TILES'],
  ['508', 'SECTION 27-2013 ADM CODE PAINT WITH LIGHT COLORED PAINT TO THE SATISFACTION OF THIS DEPARTMENT ALL WALLS AND CEILINGS'],
  ['556', 'SECTION 27-2005 ADM CODE & 309 M/D LAW ABATE THE NUISANCE CONSISTING OF MICE'],
  ['567', 'SECTION 27-2031 ADM CODE PROVIDE HOT WATER AT ALL HOT WATER FIXTURES'],
  ['577', 'SECTION 27-2017.4 ADM CODE ABATE THE NUISANCE CONSISTING OF ROACHES'],
  ['686', 'SECTION 27-2040 ADM CODE PROVIDE ADEQUATE LIGHTING AT OR NEAR THE OUTSIDE OF THE FRONT ENTRANCEWAY OF THE BUILDING'],
  ['780', 'SECTION 27-2046.1 HMC: REPAIR OR REPLACE THE SMOKE DETECTOR'],
  ['550', 'SECTION 27-2033 ADM CODE PROVIDE READY ACCESS TO BUILDINGS HEATING SYSTEM'],
];
/** CurrentStatus with its id, open ones and closing ones, weighted as the real export shows them. */
const HPD_OPEN_STATUSES: ReadonlyArray<readonly [readonly [string, string], number]> = [[['2', 'NOV SENT OUT'], 24], [['28', 'INVALID CERTIFICATION'], 2], [['21', 'NOT COMPLIED WITH'], 1]];
const HPD_CLOSED_STATUSES: ReadonlyArray<readonly [readonly [string, string], number]> = [[['19', 'VIOLATION CLOSED'], 44], [['9', 'VIOLATION DISMISSED'], 29]];

async function writeHpdViolations(set: PropertySet, out: Writable, endMs: number): Promise<number> {
  const writer = new ChunkedWriter(out);
  await writeLine(out, csvLine(HPD_VIOLATIONS_HEADER));
  let written = 0;
  for (const index of set.shuffledIndices(4)) {
    const lot = set.lot(index);
    const count = lot.records[3];
    if (count === 0) continue;
    const random = new Random(mix(set.seed, index, 23));
    const buildingId = String(100_000 + index);
    const registrationId = String(100_000 + (index % 800_000));
    for (let n = 0; n < count; n += 1) {
      written += 1;
      const inspected = pastDay(random, endMs);
      const noticed = Math.min(endMs - DAY_MS, inspected + random.int(1, 7) * DAY_MS);
      const violationClass = random.weighted(HPD_CLASSES);
      const [order, text] = random.pick(HPD_ORDERS);
      const open = random.chance(endMs - inspected < 2 * 365 * DAY_MS ? 0.6 : 0.15);
      const [statusId, status] = random.weighted(open ? HPD_OPEN_STATUSES : HPD_CLOSED_STATUSES);
      const statusAt = status === 'NOV SENT OUT' ? noticed : Math.min(endMs - DAY_MS, noticed + random.int(10, 400) * DAY_MS);
      const correctBy = noticed + (violationClass === 'C' ? 1 : violationClass === 'B' ? 30 : 90) * DAY_MS;
      const apartment = lot.unitsres > 1 && random.chance(0.8) ? `${random.int(1, Math.max(1, Math.min(40, lot.numfloors)))}${String.fromCharCode(65 + random.int(0, 5))}` : null;
      await writer.line(row(HPD_VIOLATIONS_HEADER, {
        ViolationID: String(20_000_000 + written),
        BuildingID: buildingId,
        RegistrationID: registrationId,
        BoroID: String(lot.borough.code),
        Borough: lot.borough.upper,
        HouseNumber: lot.houseNumber,
        LowHouseNumber: lot.houseNumber,
        HighHouseNumber: lot.houseNumber,
        StreetName: lot.street,
        Postcode: String(lot.zip),
        Apartment: apartment,
        Story: apartment === null ? random.pick(['Yards / Courts', 'Cellar', 'Roof', '1']) : apartment.replace(/[A-Z]$/, ''),
        Block: String(lot.block),
        Lot: String(lot.lot),
        Class: violationClass,
        InspectionDate: mdy(inspected),
        ApprovedDate: mdy(Math.min(noticed, inspected + DAY_MS)),
        OriginalCertifyByDate: mdy(correctBy + 14 * DAY_MS),
        OriginalCorrectByDate: mdy(correctBy),
        CertifiedDate: !open && random.chance(0.4) ? mdy(Math.min(statusAt, correctBy)) : null,
        OrderNumber: order,
        NOVID: String(5_000_000 + written),
        NOVDescription: apartment === null ? `${text} AT ${random.pick(['PUBLIC HALL, 1st STORY', 'CELLAR', 'ROOF', 'FRONT ENTRANCE'])}` : `${text} IN THE ENTIRE APARTMENT LOCATED AT APT ${apartment}`,
        NOVIssuedDate: mdy(noticed),
        CurrentStatusID: statusId,
        CurrentStatus: status,
        CurrentStatusDate: mdy(statusAt),
        NovType: 'Original',
        ViolationStatus: open ? 'Open' : 'Close',
        RentImpairing: violationClass === 'C' && random.chance(0.3) ? 'Y' : 'N',
        Latitude: lot.address === null ? null : String(lot.latitude),
        Longitude: lot.address === null ? null : String(lot.longitude),
        CommunityBoard: String(lot.cd % 100),
        CouncilDistrict: String(1 + (lot.index % 51)),
        CensusTract: String(1 + (lot.block % 900)),
        BIN: lot.bin,
        BBL: lot.bbl,
        NTA: lot.borough.ntas[lot.block % lot.borough.ntas.length],
      }));
    }
  }
  await writer.flush();
  return written;
}

/**
 * Writes the five files. Each is a pass over the lots (PLUTO in BBL order, the dockets
 * shuffled); memory stays flat whatever the fraction.
 */
export async function generateProperties(outputs: PropertiesOutputs, options: PropertiesOptions): Promise<PropertiesCounts> {
  const set = new PropertySet(options.fraction, options.seed);
  const endMs = Date.parse(`${options.endDate ?? DEFAULT_END}T00:00:00Z`);
  const lots = await writePluto(set, outputs.pluto);
  const dobViolations = await writeDobViolations(set, outputs.dobViolations, endMs);
  const ecbViolations = await writeEcbViolations(set, outputs.ecbViolations, endMs);
  const permits = await writePermits(set, outputs.permits, endMs);
  const hpdViolations = await writeHpdViolations(set, outputs.hpdViolations, endMs);
  const owners = await writeOwners(set, { registrations: outputs.hpdRegistrations, contacts: outputs.hpdContacts, truth: outputs.ownersTruth }, options.endDate ?? DEFAULT_END);
  const heavyLots: string[] = [];
  for (let index = set.heavyStride >> 1; heavyLots.length < set.heavyCount; index += set.heavyStride) heavyLots.push(set.lot(index).bbl);
  return { lots, dobViolations, ecbViolations, permits, hpdViolations, heavyLots, owners };
}
