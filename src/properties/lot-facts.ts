import type {
  BenchmarkingSubmission,
  ElevatorDevice,
  EnergyGradeListing,
  FacadeFiling,
  HpdRegistration,
  LotFacts,
  PlutoLot,
  SafetyViolation,
} from '../domain/properties/types';
import type { PoolClient } from 'pg';
import type { DataStore } from '../stores';

/** A pool or a client inside the ingest's transaction. */
type Queryable = Pick<PoolClient, 'query'>;

/** Groups rows by their bbl. */
function byBbl<T extends { bbl: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(row.bbl, [...(groups.get(row.bbl) ?? []), row]);
  return groups;
}

/**
 * A lot's facts for the deadline rules (src/domain/properties/types.ts `LotFacts`): its
 * PLUTO attributes and what the loaded compliance-evidence datasets show for it.
 *
 * A dataset is loaded in this store when its per-entity digest table has a row (every load
 * that applies rows writes them). Each evidence field is:
 * - absent when its dataset was never loaded here (the rules serve a reminder);
 * - `[]` (or energyGrade `null`) when it is loaded and shows nothing for the lot, for the
 *   datasets that list every lot they concern (elevator devices, LL33 grades, HPD
 *   registrations, DOB safety violations);
 * - for the files that list only some of the lots the rule's source would (the facade
 *   re-inspection extract lists only lots with a hazardous-facade ECB violation; the LL84
 *   municipal report only city buildings), present only for the lots they list: their
 *   silence about another lot says nothing, and reading it as "nothing filed" would make
 *   every such lot overdue.
 *
 * Read for a batch of lots with one query per dataset (the change feed compares the deadlines
 * of each ingest chunk's lots); one lot's read is the batch of one.
 */

/** The PLUTO attributes the deadline rules read, of the lots on record among these. */
async function plutoLots(pg: Queryable, bbls: readonly string[]): Promise<PlutoLot[]> {
  const { rows } = await pg.query(
    'select bbl, numfloors, bldgclass, unitsres, bldgarea, numbldgs, cd, block, yearbuilt from property_lots where bbl = any($1)',
    [bbls],
  );
  return rows.map(plutoLotOf);
}

function plutoLotOf(row: Record<string, any>): PlutoLot {
  const district = row.cd === null ? null : Number(row.cd);
  return {
    bbl: row.bbl,
    numfloors: row.numfloors,
    bldgclass: row.bldgclass,
    unitsres: row.unitsres,
    bldgarea: row.bldgarea,
    numbldgs: row.numbldgs,
    cd: district !== null && Number.isInteger(district) ? district : null,
    block: row.block,
    yearbuilt: row.yearbuilt,
  };
}

/** The evidence datasets (ingest names) and the digest table that says each was loaded here. */
const EVIDENCE_DATASETS = {
  'dob-safety-violations': 'dob_safety_violations_source_hashes',
  'facade-filings': 'facade_filings_source_hashes',
  elevators: 'elevators_source_hashes',
  'energy-benchmarking': 'energy_benchmarking_source_hashes',
  'energy-grades': 'energy_grades_source_hashes',
  'hpd-registrations': 'hpd_registrations_source_hashes',
} as const;
type EvidenceDataset = keyof typeof EVIDENCE_DATASETS;

/** The evidence datasets this store has loaded. */
async function loadedEvidence(pg: Queryable): Promise<Set<EvidenceDataset>> {
  const names = Object.keys(EVIDENCE_DATASETS) as EvidenceDataset[];
  const { rows } = await pg.query(
    `select ${names.map((name, index) => `exists (select 1 from ${EVIDENCE_DATASETS[name]}) as d${index}`).join(', ')}`,
  );
  return new Set(names.filter((_, index) => rows[0][`d${index}`]));
}

/**
 * The lots' DOB safety violations, by lot (Violation Type and Device Type as the dataset writes
 * them). A violation loaded before those columns were stored has neither: its identifier
 * (which carries the DOB NOW type code, as in VIO-FTC-VT-CAT1-...) and remarks stand in
 * for the type, read for the words the rules look for (CAT1, BOILER, FACADE...).
 */
async function safetyViolationsOf(pg: Queryable, bbls: readonly string[]): Promise<Map<string, SafetyViolation[]>> {
  const { rows } = await pg.query(
    `select bbl, identifier, description, status, violation_type, device_type, issued_at::text as issued_at from property_violations
     where bbl = any($1) and source_dataset = 'dob-safety-violations' order by bbl, issued_at, identifier`,
    [bbls],
  );
  const violations = new Map<string, SafetyViolation[]>();
  for (const [bbl, ofLot] of byBbl(rows)) {
    violations.set(
      bbl,
      ofLot.map((row) => ({
        violationType: row.violation_type ?? [row.identifier, row.description].filter(Boolean).join(' '),
        deviceType: row.device_type,
        violationStatus: row.status,
        issuedOn: row.issued_at,
      })),
    );
  }
  return violations;
}

interface StoredFiling {
  bbl: string;
  dataset: EvidenceDataset;
  filedOn: string | null;
  endOn: string | null;
  facts: Record<string, unknown>;
}

const FISP_CYCLE_9_START = '2020-02-21';

/**
 * The FISP cycle a date falls in: cycle 9 ran from 2020-02-21 for five years, each cycle
 * starting on February 21 five years after the last (domain-facts Part 1).
 */
export function fispCycleOn(date: string): number {
  const year = Number(date.slice(0, 4));
  const beforeStart = date.slice(5) < FISP_CYCLE_9_START.slice(5);
  return 9 + Math.floor((year - 2020 - (beforeStart ? 1 : 0)) / 5);
}

const COMPLIANT = /^(records show )?compliance$/i;

/**
 * The facade evidence of the DOB hazardous-facade re-inspection extract. Each ECB violation
 * there was issued because a FISP technical report was filed UNSAFE ('FACADE TECHNICAL
 * REPORT FILE UNSAFE'), so it stands for an UNSAFE report of the cycle of its issue date;
 * when its latest re-inspection found the condition corrected (Compliance, Records Show
 * Compliance), the correction stands for a SAFE report of the same cycle dated that day.
 */
export function facadeFilingsOf(reinspections: ReadonlyArray<Record<string, unknown>>): FacadeFiling[] {
  const byViolation = new Map<string, Array<Record<string, unknown>>>();
  for (const facts of reinspections) {
    const key = String(facts.ecbNumber);
    byViolation.set(key, [...(byViolation.get(key) ?? []), facts]);
  }
  const filings: FacadeFiling[] = [];
  for (const attempts of byViolation.values()) {
    const issuedOn = (attempts[0].issuedOn as string | null) ?? null;
    const cycle = issuedOn === null ? '' : String(fispCycleOn(issuedOn));
    filings.push({ cycle, filingType: 'Hazardous facade ECB violation', filingStatus: 'UNSAFE', submittedOn: issuedOn });
    const latest = attempts
      .filter((attempt) => attempt.reinspectedOn)
      .sort((a, b) => String(a.reinspectedOn).localeCompare(String(b.reinspectedOn)))
      .at(-1);
    if (latest && COMPLIANT.test(String(latest.attemptResult ?? ''))) {
      filings.push({ cycle, filingType: `Re-inspection: ${latest.attemptResult}`, filingStatus: 'SAFE', submittedOn: latest.reinspectedOn as string });
    }
  }
  return filings;
}

function elevatorDeviceOf(facts: Record<string, unknown>): ElevatorDevice {
  return {
    deviceNumber: String(facts.deviceNumber),
    deviceType: (facts.deviceType as string | null) ?? null,
    deviceStatus: (facts.deviceStatus as string | null) ?? null,
    periodicLatestInspection: (facts.periodicLatestInspection as string | null) ?? null,
    // The 2015 device file has no CAT1 or CAT5 columns: none on file.
    cat1LatestReportFiled: null,
    cat5LatestReportFiled: null,
  };
}

/** The report years with a figure (score, source EUI or GHG intensity) in the municipal report. */
function benchmarkingSubmissionsOf(rows: ReadonlyArray<Record<string, unknown>>): BenchmarkingSubmission[] {
  const years = new Set<number>();
  for (const facts of rows) {
    for (const year of (facts.years as Array<Record<string, number | null>>) ?? []) {
      if (year.energyStarScore !== null || year.sourceEui !== null || year.ghgIntensity !== null) years.add(Number(year.year));
    }
  }
  return [...years].sort((a, b) => a - b).map((reportYear) => ({ reportYear, submittedOn: null }));
}

function energyGradeOf(rows: ReadonlyArray<Record<string, unknown>>): EnergyGradeListing | null {
  if (rows.length === 0) return null;
  return { grade: (rows[0].grade as string | null) ?? null, grossFloorArea: (rows[0].grossFloorArea as number | null) ?? null };
}

function hpdRegistrationOf(filing: StoredFiling): HpdRegistration {
  return { lastRegistrationDate: filing.filedOn, registrationEndDate: filing.endOn };
}

/** The lot's facts for the deadline rules; null when the lot is not on record. */
export async function lotFacts(store: DataStore, bbl: string): Promise<LotFacts | null> {
  return (await lotFactsOf(store.pg, [bbl])).get(bbl) ?? null;
}

/**
 * The facts of the lots on record among these, by BBL: a query per dataset for the whole
 * batch (keep batches to an ingest chunk's size; the arrays travel as one parameter).
 */
export async function lotFactsOf(pg: Queryable, bbls: readonly string[]): Promise<Map<string, LotFacts>> {
  const facts = new Map<string, LotFacts>();
  if (bbls.length === 0) return facts;
  const lots = await plutoLots(pg, bbls);
  if (lots.length === 0) return facts;
  const onRecord = lots.map((lot) => lot.bbl);
  const loaded = await loadedEvidence(pg);
  const { rows } = await pg.query(
    `select bbl, source_dataset, filed_on::text as filed_on, end_on::text as end_on, facts from property_filings
     where bbl = any($1) and source_dataset = any($2) order by bbl, source_dataset, filed_on nulls first, source_id`,
    [onRecord, [...loaded]],
  );
  const filingsOf = byBbl<StoredFiling>(rows.map((row) => ({ bbl: row.bbl, dataset: row.source_dataset, filedOn: row.filed_on, endOn: row.end_on, facts: row.facts })));
  const violationsOf = loaded.has('dob-safety-violations') ? await safetyViolationsOf(pg, onRecord) : null;
  for (const pluto of lots) facts.set(pluto.bbl, factsOfLot(pluto, loaded, filingsOf.get(pluto.bbl) ?? [], violationsOf?.get(pluto.bbl) ?? []));
  return facts;
}

function factsOfLot(pluto: PlutoLot, loaded: Set<EvidenceDataset>, filings: readonly StoredFiling[], safetyViolations: SafetyViolation[]): LotFacts {
  const of = (dataset: EvidenceDataset) => filings.filter((filing) => filing.dataset === dataset);
  const facts: LotFacts = { ...pluto };
  if (loaded.has('dob-safety-violations')) facts.safetyViolations = safetyViolations;
  if (loaded.has('elevators')) facts.elevatorDevices = of('elevators').map((filing) => elevatorDeviceOf(filing.facts));
  if (loaded.has('hpd-registrations')) facts.hpdRegistrations = of('hpd-registrations').map(hpdRegistrationOf);
  if (loaded.has('energy-grades')) facts.energyGrade = energyGradeOf(of('energy-grades').map((filing) => filing.facts));
  // Listed lots only (see the top of this file).
  const reinspections = of('facade-filings');
  if (reinspections.length) facts.facadeFilings = facadeFilingsOf(reinspections.map((filing) => filing.facts));
  const municipal = of('energy-benchmarking');
  if (municipal.length) facts.benchmarkingSubmissions = benchmarkingSubmissionsOf(municipal.map((filing) => filing.facts));
  return facts;
}
