import type { PoolClient } from 'pg';
import { upsertSql } from '../../load/upsert';
import type { RawRecord } from '../../sources/columns';
import { type DatasetSpec, textField } from '../../sources/dataset';
import {
  boilerUnknownValues,
  DOB_COMPLAINTS,
  DOB_NOW_BOILERS,
  DOB_NOW_ELEVATORS,
  DOB_NOW_FACADES,
  ELEVATORS,
  elevatorUnknownValues,
  ENERGY_BENCHMARKING,
  ENERGY_GRADES,
  FACADE_FILINGS,
  FilingRow,
  HPD_CONTACTS,
  HPD_REGISTRATIONS,
  type HpdContactRow,
  LL84_DISCLOSURE,
  type Ll84DisclosureRow,
  municipalUnknownValues,
} from '../../sources/properties';
import type { Family, KeyedDataset, NumberedRows } from '../../load/types';
import { joinByBin, lotOrBuildingKey, recordBuildings } from './buildings';
import { removeAbsentRecords } from './records';
import { createUnseenLots } from './unseen-lots';

type StoredFiling = FilingRow<unknown> & { bbl: string };

const FILING_COLUMNS: Array<[string, string, (filing: StoredFiling, dataset: string) => unknown]> = [
  ['source_dataset', 'text', (_, dataset) => dataset],
  ['source_id', 'text', (filing) => filing.sourceId],
  ['bbl', 'text', (filing) => filing.bbl],
  ['bin', 'text', (filing) => filing.bin],
  ['filed_on', 'date', (filing) => filing.filedOn],
  ['end_on', 'date', (filing) => filing.endOn],
  ['status', 'text', (filing) => filing.status],
  ['category', 'text', (filing) => filing.category],
  ['facts', 'jsonb', (filing) => JSON.stringify(filing.facts)],
  ['fields', 'jsonb', (filing) => JSON.stringify(filing.fields)],
];

const UPSERT_FILINGS = upsertSql('property_filings', FILING_COLUMNS.map(([name, type]) => [name, type]), ['source_dataset', 'source_id'], 'bbl');

/**
 * Writes the filings of these entities' staged rows: rows that name only their building
 * joined to its lot by BIN (an unknown BIN rejects the row), one filing per source id (a
 * later row of the same id is a merged duplicate), lots named before PLUTO created, the
 * buildings the rows place on lots recorded. Changed: the lots whose filings were written,
 * and the lot a filing moved away from.
 */
export async function applyFilings(
  client: PoolClient,
  dataset: string,
  rows: NumberedRows<FilingRow<unknown>>,
): Promise<{ duplicateLines: number[]; changed: string[]; rejected: Array<{ line: number; reason: string }> }> {
  const { joined, rejected } = await joinByBin(client, rows);
  const bySourceId = new Map<string, StoredFiling>();
  const duplicateLines: number[] = [];
  for (const { line, row } of joined) {
    if (bySourceId.has(row.sourceId)) duplicateLines.push(line);
    else bySourceId.set(row.sourceId, row);
  }
  const filings = [...bySourceId.values()];
  const changed = new Set(await createUnseenLots(client, [...new Set(filings.map((filing) => filing.bbl))]));
  // Only what the rows themselves say places a building: not the lots just found by BIN.
  await recordBuildings(client, dataset, rows.map(({ row }) => row));

  const { rows: moved } = await client.query(
    `select stored.bbl from property_filings stored
     join unnest($2::text[], $3::text[]) as incoming (source_id, bbl) using (source_id)
     where stored.source_dataset = $1 and stored.bbl <> incoming.bbl`,
    [dataset, filings.map((filing) => filing.sourceId), filings.map((filing) => filing.bbl)],
  );
  for (const { bbl } of moved) changed.add(bbl);
  if (filings.length) {
    const { rows: written } = await client.query(UPSERT_FILINGS, FILING_COLUMNS.map(([, , get]) => filings.map((filing) => get(filing, dataset))));
    for (const { bbl } of written) changed.add(bbl);
  }
  return { duplicateLines, changed: [...changed], rejected };
}

interface FilingLoadOptions<Facts> {
  unknownValues?: (row: FilingRow<Facts>) => string[];
  /** The entity a row belongs to; the lot, or `bin:<BIN>` for a row that names only its building, unless given. */
  keyOf?: (row: FilingRow<Facts>) => string;
  /** Writes the staged rows; applyFilings unless given. */
  apply?: (client: PoolClient, rows: NumberedRows<FilingRow<Facts>>) => ReturnType<typeof applyFilings>;
  /**
   * A filing's source id from its raw row, as the reader gives it (null when the row does
   * not tell it): with it, a full sync removes the filings the city no longer publishes.
   * `storedId` is the SQL of the source id a stored filing was read under (`t.source_id`
   * unless a row is stored under several ids).
   */
  removal?: { recordIdOfRaw: (record: RawRecord) => string | null; storedId?: string };
}

/** A compliance-evidence dataset as a keyed dataset of the properties family: the entity is the lot. */
function filingLoad<Facts>(family: Family, source: DatasetSpec<FilingRow<Facts>>, options: FilingLoadOptions<Facts> = {}): KeyedDataset<FilingRow<Facts>> {
  return {
    family,
    source,
    keyOf: options.keyOf ?? lotOrBuildingKey,
    // The parsers leave out what changes with every export (DOB complaints' DOBRunDate, LL33's PDFIndex).
    stagedJson: (row) => JSON.stringify(row),
    // Bump when the way rows become filings changes.
    digestSalt: `${source.name}-v1`,
    sourceHashes: `${source.name.replace(/-/g, '_')}_source_hashes`,
    apply: options.apply ?? ((client, rows) => applyFilings(client, source.name, rows as NumberedRows<FilingRow<unknown>>)),
    ...(options.unknownValues && { unknownValues: options.unknownValues }),
    ...(options.removal && {
      removal: {
        recordId: (row: FilingRow<Facts>) => row.sourceId,
        recordIdOfRaw: options.removal.recordIdOfRaw,
        remove: (client: PoolClient, seen: string) => removeAbsentRecords(client, 'property_filings', source.name, seen, options.removal!.storedId),
      },
    }),
  };
}

/** A raw column as the readers take a source id from it, trimmed. */
const column = (key: string) => (record: RawRecord) => textField(record[key]);

const REGISTRATION_KEY = 'registration:';

/**
 * HPD contacts name only their registration: each row joins the lot that registration is
 * held on (hpd-registrations), and a row whose registration is not held is rejected with its
 * line, its digest not recorded, so the next run (after the registrations) tries it again.
 */
async function applyContacts(client: PoolClient, rows: NumberedRows<HpdContactRow>): ReturnType<typeof applyFilings> {
  const ids = [...new Set(rows.map(({ row }) => row.facts.registrationId))];
  const { rows: held } = await client.query(
    "select source_id, bbl, bin from property_filings where source_dataset = 'hpd-registrations' and source_id = any($1)",
    [ids],
  );
  const lotOf = new Map(held.map((registration) => [registration.source_id as string, { bbl: registration.bbl as string, bin: registration.bin as string | null }]));
  const joined: NumberedRows<FilingRow<unknown>> = [];
  const rejected: Array<{ line: number; reason: string }> = [];
  for (const { line, row } of rows) {
    const lot = lotOf.get(row.facts.registrationId);
    if (lot) joined.push({ line, row: { ...row, ...lot } });
    else rejected.push({ line, reason: `unknown RegistrationID "${row.facts.registrationId}": no HPD registration with it is loaded (load hpd-registrations first)` });
  }
  const applied = await applyFilings(client, HPD_CONTACTS.name, joined);
  return { ...applied, rejected: [...rejected, ...applied.rejected] };
}

/**
 * An LL84 submission may name several lots: it is stored once per lot (the first under the
 * row's own source id, each further one under `<source id>|<bbl>`), so no lot it covers reads
 * as not submitted.
 */
async function applyDisclosures(client: PoolClient, rows: NumberedRows<Ll84DisclosureRow>): ReturnType<typeof applyFilings> {
  const perLot = rows.flatMap(({ line, row }) => [
    { line, row: row as FilingRow<unknown> },
    ...row.facts.bbls.slice(1).map((bbl) => ({ line, row: { ...row, sourceId: `${row.sourceId}|${bbl}`, bbl, bin: null } as FilingRow<unknown> })),
  ]);
  const applied = await applyFilings(client, LL84_DISCLOSURE.name, perLot);
  return { ...applied, duplicateLines: [...new Set(applied.duplicateLines)] };
}

export function filingLoads(family: Family) {
  return {
    DOB_COMPLAINTS_LOAD: filingLoad(family, DOB_COMPLAINTS, { removal: { recordIdOfRaw: column('complaint_number') } }),
    FACADE_FILINGS_LOAD: filingLoad(family, FACADE_FILINGS),
    ELEVATORS_LOAD: filingLoad(family, ELEVATORS, { unknownValues: elevatorUnknownValues }),
    ENERGY_BENCHMARKING_LOAD: filingLoad(family, ENERGY_BENCHMARKING, { unknownValues: municipalUnknownValues }),
    ENERGY_GRADES_LOAD: filingLoad(family, ENERGY_GRADES),
    HPD_REGISTRATIONS_LOAD: filingLoad(family, HPD_REGISTRATIONS, { removal: { recordIdOfRaw: column('registrationid') } }),
    // Sorts after every BBL and BIN key: a file's rows are applied in key order.
    HPD_CONTACTS_LOAD: filingLoad(family, HPD_CONTACTS, {
      keyOf: (row) => `${REGISTRATION_KEY}${row.facts.registrationId}`,
      apply: applyContacts,
      removal: { recordIdOfRaw: column('registrationcontactid') },
    }),
    // A placeholder filing without a TR6 number is named by what its row's lot reads to: not told by the raw row alone.
    DOB_NOW_FACADES_LOAD: filingLoad(family, DOB_NOW_FACADES, { removal: { recordIdOfRaw: column('tr6_no') } }),
    DOB_NOW_ELEVATORS_LOAD: filingLoad(family, DOB_NOW_ELEVATORS, { removal: { recordIdOfRaw: column('device_number') } }),
    DOB_NOW_BOILERS_LOAD: filingLoad(family, DOB_NOW_BOILERS, { unknownValues: boilerUnknownValues, removal: { recordIdOfRaw: column('tracking_number') } }),
    LL84_DISCLOSURE_LOAD: filingLoad(family, LL84_DISCLOSURE, {
      apply: applyDisclosures,
      // Stored once per lot it names: `<property id>|<year>`, then `|<bbl>` for each further lot.
      removal: {
        recordIdOfRaw: (record) => {
          const [property, year] = [textField(record.property_id), Number(textField(record.report_year))];
          return property === null || !Number.isInteger(year) ? null : `${property}|${year}`;
        },
        storedId: "split_part(t.source_id, '|', 1) || '|' || split_part(t.source_id, '|', 2)",
      },
    }),
  };
}
