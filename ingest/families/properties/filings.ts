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
import { type LotRecordLoad, lotRecordLoad, placeRecords } from './records';

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
 * Writes the filings of these entities' staged rows, placed as every record data set's are
 * (placeRecords: one filing per source id). Changed: the lots created, those whose filings
 * were written, and the lot a filing moved away from.
 */
export async function applyFilings(
  client: PoolClient,
  dataset: string,
  rows: NumberedRows<FilingRow<unknown>>,
): Promise<{ duplicateLines: number[]; changed: string[]; rejected: Array<{ line: number; reason: string }> }> {
  const { records: filings, duplicateLines, changed, rejected } = await placeRecords(client, dataset, rows, (row): StoredFiling => row, (filing) => filing.bbl);
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

/** A filing data set's own part of its load: its apply is applyFilings unless given. */
type FilingLoadOptions<Facts> = Omit<LotRecordLoad<FilingRow<Facts>>, 'table' | 'revision' | 'apply'> & {
  apply?: (client: PoolClient, rows: NumberedRows<FilingRow<Facts>>) => ReturnType<typeof applyFilings>;
};

/** A compliance-evidence dataset as a keyed dataset of the properties family: the entity is the lot. */
function filingLoad<Facts>(family: Family, source: DatasetSpec<FilingRow<Facts>>, options: FilingLoadOptions<Facts> = {}): KeyedDataset<FilingRow<Facts>> {
  return lotRecordLoad(family, source, {
    ...options,
    table: 'property_filings',
    apply: options.apply ?? ((client, rows) => applyFilings(client, source.name, rows as NumberedRows<FilingRow<unknown>>)),
  });
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
