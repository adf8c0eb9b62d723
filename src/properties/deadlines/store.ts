import type { PoolClient } from 'pg';
import { heldEvidenceOf, heldEvidenceStatement, type HeldEvidence } from '../../datasets/coverage';
import type { DatasetFacts } from '../../domain/datasets';
import { propertyDataset } from '../../domain/properties/datasets';
import { keptRows } from '../../db/kept-reads';
import { prepared } from '../../db/pool';
import type {
  DobViolation,
  EvidenceSource,
  FilingList,
  LotFacts,
  PlutoLot,
  SafetyViolation,
} from '../../domain/properties/types';
import type { DataStore } from '../../stores';
import { benchmarkingSubmissionsOf, disclosuresOf, dobNowBoilerOf, dobNowElevatorOf, dobNowFacadeOf, elevatorDeviceOf, energyGradeOf, facadeFilingsOf, hpdRegistrationOf, type StoredFiling } from './shape';

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
 * A dataset is loaded in this store when it holds records (src/datasets/coverage.ts,
 * heldEvidence). Each evidence field is read from the current dataset where it is loaded (DOB
 * NOW facade filings, elevator compliance and boiler reports, the LL84 disclosure), else from
 * the older file (the facade extract, the 2015 device file, the municipal LL84 report), and is:
 * - absent when no dataset that fills it is loaded here (the rules serve a reminder);
 * - `[]` (or energyGrade `null`) when it is loaded and shows nothing for the lot, for the
 *   datasets that list every lot they concern (elevator devices, LL33 grades, HPD
 *   registrations, the violation dockets, the DOB NOW datasets, the LL84 disclosure);
 * - for the files that list only some of the lots the rule's source would (the facade
 *   re-inspection extract lists only lots with a hazardous-facade ECB violation; the LL84
 *   municipal report only city buildings), present only for the lots they list: their
 *   silence about another lot says nothing, and reading it as "nothing filed" would make
 *   every such lot overdue.
 * `evidenceSources` names each field's dataset and the day up to which it is known complete
 * here (its evidenceAsOf), which the rules need before they call anything overdue.
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

/**
 * The lists the rules read, each from the current data set where it is loaded, else from the
 * older file as before (`older`), else from neither (absent: a reminder naming the current
 * one). `listsEveryLot`: the data set lists every lot the obligation concerns, so its silence
 * about a lot reads "nothing filed" ([]); the older facade extract and municipal LL84 report
 * list only some lots, so they count only for the lots they list.
 */
const LISTS = {
  facadeFilings: { current: 'dob-now-facades', older: 'facade-filings', olderListsEveryLot: false },
  elevatorDevices: { current: 'dob-now-elevators', older: 'elevators', olderListsEveryLot: true },
  benchmarkingSubmissions: { current: 'll84-disclosure', older: 'energy-benchmarking', olderListsEveryLot: false },
  boilerReports: { current: 'dob-now-boilers', older: null, olderListsEveryLot: false },
  hpdRegistrations: { current: 'hpd-registrations', older: null, olderListsEveryLot: false },
  safetyViolations: { current: 'dob-safety-violations', older: null, olderListsEveryLot: false },
  dobViolations: { current: 'dob-violations', older: null, olderListsEveryLot: false },
} as const satisfies Partial<Record<FilingList, { current: string; older: string | null; olderListsEveryLot: boolean }>>;
type ListName = keyof typeof LISTS;

/** Every data set the deadlines read, with the LL33 grades that decide benchmarking's reach. */
const EVIDENCE_DATASETS: readonly DatasetFacts[] = [...new Set(['energy-grades', ...Object.values(LISTS).flatMap((list) => [list.current, ...(list.older ? [list.older] : [])])])].map((name) => {
  const facts = propertyDataset(name);
  if (!facts) throw new Error(`the deadlines read ${name}, which the dataset registry does not name`);
  return facts;
});
const HELD_EVIDENCE = heldEvidenceStatement(EVIDENCE_DATASETS);
const VIOLATION_DATASETS = EVIDENCE_DATASETS.filter((dataset) => dataset.records.table === 'property_violations').map((dataset) => dataset.name);

/** What this store holds of each evidence data set (whether loaded, how far known complete), read on the connection given. */
export async function heldEvidence(pg: Queryable): Promise<Map<string, HeldEvidence>> {
  return heldEvidenceOf((await pg.query(HELD_EVIDENCE)).rows);
}

/**
 * The same, kept between requests until one of the tables it reads is written (src/db/kept-reads.ts):
 * every deadlines request needs it, and it changes only when a load or sync writes.
 */
async function keptHeldEvidence(store: DataStore): Promise<Map<string, HeldEvidence>> {
  return heldEvidenceOf(await keptRows(store, prepared(HELD_EVIDENCE.text, HELD_EVIDENCE.values)));
}

/** The lots' DOB safety and DOB (BIS) violations, by lot. */
async function violationsOf(pg: Queryable, bbls: readonly string[], datasets: readonly string[]): Promise<Map<string, Array<Record<string, any>>>> {
  if (datasets.length === 0) return new Map();
  const { rows } = await pg.query(
    `select bbl, source_dataset, identifier, description, status, is_open, violation_type, device_type, issued_at::text as issued_at from property_violations
     where bbl = any($1) and source_dataset = any($2) order by bbl, issued_at, identifier`,
    [bbls, datasets],
  );
  return byBbl(rows as Array<Record<string, any> & { bbl: string }>);
}

/**
 * A DOB safety violation (Violation Type and Device Type as the dataset writes them). One
 * loaded before those columns were stored has neither: its identifier (which carries the DOB
 * NOW type code, as in VIO-FTC-VT-CAT1-...) and remarks stand in for the type, read for the
 * words the rules look for (CAT1, BOILER, FACADE...).
 */
function safetyViolationOf(row: Record<string, any>): SafetyViolation {
  return {
    violationType: row.violation_type ?? [row.identifier, row.description].filter(Boolean).join(' '),
    deviceType: row.device_type,
    violationStatus: row.status,
    issuedOn: row.issued_at,
  };
}

/** A DOB (BIS) violation: its type code (stored from VIOLATION_TYPE_CODE; loaded before that, the description's leading code, as `LBLVIO-LOW PRESSURE BOILER`). */
function dobViolationOf(row: Record<string, any>): DobViolation {
  return { violationType: row.violation_type ?? /^[A-Z0-9/]+(?=-)/.exec(row.description ?? '')?.[0] ?? null, isOpen: row.is_open, issuedOn: row.issued_at };
}

/** The facts of the lots on record among these, by BBL, for a request (what the store holds of each data set kept between requests). */
export async function lotFactsForRequest(store: DataStore, bbls: readonly string[]): Promise<Map<string, LotFacts>> {
  return lotFactsOf(store.pg, bbls, await keptHeldEvidence(store));
}

/** The lot's facts for the deadline rules; null when the lot is not on record. */
export async function lotFacts(store: DataStore, bbl: string): Promise<LotFacts | null> {
  return (await lotFactsOf(store.pg, [bbl], await keptHeldEvidence(store))).get(bbl) ?? null;
}

/**
 * The facts of the lots on record among these, by BBL: a query per dataset for the whole
 * batch (keep batches to an ingest chunk's size; the arrays travel as one parameter). `held`
 * is what the store holds of each evidence data set; read on `pg` when not given (inside an
 * ingest's transaction, which sees its own writes).
 */
export async function lotFactsOf(pg: Queryable, bbls: readonly string[], held?: Map<string, HeldEvidence>): Promise<Map<string, LotFacts>> {
  const facts = new Map<string, LotFacts>();
  if (bbls.length === 0) return facts;
  const lots = await plutoLots(pg, bbls);
  if (lots.length === 0) return facts;
  const onRecord = lots.map((lot) => lot.bbl);
  const evidence = held ?? (await heldEvidence(pg));
  const loaded = new Set([...evidence.values()].filter((dataset) => dataset.held).map((dataset) => dataset.name));
  const filingDatasets = EVIDENCE_DATASETS.filter((dataset) => dataset.records.table === 'property_filings' && loaded.has(dataset.name)).map((dataset) => dataset.name);
  const { rows } = filingDatasets.length
    ? await pg.query(
        `select bbl, source_dataset, filed_on::text as filed_on, end_on::text as end_on, facts from property_filings
         where bbl = any($1) and source_dataset = any($2) order by bbl, source_dataset, filed_on nulls first, source_id`,
        [onRecord, filingDatasets],
      )
    : { rows: [] };
  const filingsOf = byBbl<StoredFiling>(rows.map((row) => ({ bbl: row.bbl, dataset: row.source_dataset, filedOn: row.filed_on, endOn: row.end_on, facts: row.facts })));
  const violations = await violationsOf(pg, onRecord, VIOLATION_DATASETS.filter((name) => loaded.has(name)));
  for (const pluto of lots) facts.set(pluto.bbl, factsOfLot(pluto, evidence, filingsOf.get(pluto.bbl) ?? [], violations.get(pluto.bbl) ?? []));
  return facts;
}

function sourceOf(name: string, evidence: Map<string, HeldEvidence>): EvidenceSource {
  return { dataset: name, title: propertyDataset(name)!.title, asOf: evidence.get(name)?.asOf ?? null };
}

function factsOfLot(pluto: PlutoLot, evidence: Map<string, HeldEvidence>, filings: readonly StoredFiling[], violations: ReadonlyArray<Record<string, any>>): LotFacts {
  const isHeld = (name: string | null) => name !== null && evidence.get(name)?.held === true;
  const of = (dataset: string) => filings.filter((filing) => filing.dataset === dataset).map((filing) => filing.facts);
  const facts: LotFacts = { ...pluto };
  const sources: NonNullable<LotFacts['evidenceSources']> = {};
  /** The data set a list is read from for this lot, or null when none can say anything of it. */
  const readFrom = (list: ListName): string | null => {
    const { current, older, olderListsEveryLot } = LISTS[list];
    if (isHeld(current)) return current;
    if (older !== null && isHeld(older) && (olderListsEveryLot || filings.some((filing) => filing.dataset === older))) return older;
    return null;
  };
  const fill = <K extends ListName>(list: K, read: (dataset: string) => NonNullable<LotFacts[K]>) => {
    const dataset = readFrom(list);
    sources[list] = sourceOf(dataset ?? LISTS[list].current, evidence);
    if (dataset !== null) facts[list] = read(dataset) as LotFacts[K];
  };
  fill('safetyViolations', (dataset) => violations.filter((row) => row.source_dataset === dataset).map(safetyViolationOf));
  fill('dobViolations', (dataset) => violations.filter((row) => row.source_dataset === dataset).map(dobViolationOf));
  fill('elevatorDevices', (dataset) => of(dataset).map(dataset === 'elevators' ? elevatorDeviceOf : dobNowElevatorOf));
  fill('hpdRegistrations', (dataset) => filings.filter((filing) => filing.dataset === dataset).map(hpdRegistrationOf));
  fill('facadeFilings', (dataset) => (dataset === 'facade-filings' ? facadeFilingsOf(of(dataset)) : of(dataset).map(dobNowFacadeOf)));
  fill('benchmarkingSubmissions', (dataset) => (dataset === 'energy-benchmarking' ? benchmarkingSubmissionsOf(of(dataset)) : disclosuresOf(of(dataset))));
  fill('boilerReports', (dataset) => of(dataset).map(dobNowBoilerOf));
  if (isHeld('energy-grades')) facts.energyGrade = energyGradeOf(of('energy-grades'));
  facts.evidenceSources = sources;
  return facts;
}
