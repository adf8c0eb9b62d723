/**
 * The dataset registry: every city data set the project reads, in load order (each one after
 * the data sets it follows), with what the city publishes of it and where its records are
 * held here. The ingest joins each entry to its reader and keyed load (ingest/families/registry.ts);
 * the API reads it to say how fresh each data set is (GET /meta/sources) and what a deadline's
 * evidence covers.
 */

/** How often the city publishes a data set anew ('fixed': a file published once, never updated). */
export type Cadence = 'daily' | 'weekly' | 'monthly' | 'quarterly' | 'yearly' | 'fixed';

export interface DatasetFacts {
  /** The command-line word (`npm run ingest -- <name>`, `npm run sync -- <name>`) and its name everywhere. */
  name: string;
  /** The family its records belong to. */
  family: 'restaurants' | 'properties' | 'contractors';
  /** The data set's title as the city publishes it. */
  title: string;
  /** The portal's id (`<portal>/resource/<id>.json`); null for a file the portal does not publish, which only `npm run ingest -- <name> --file` loads. */
  socrataId: string | null;
  cadence: Cadence;
  /** The record a row is, and the entity it belongs to, in words. */
  key: string;
  /** Data sets to load first: their rows place what this one's rows name, such as a building's lot. */
  follows: readonly string[];
  /** The portal's system fields (`:id`, `:updated_at`) serve incremental fetches: a sync asks only for rows changed since the last one. */
  incremental: boolean;
  /** Where its reader's columns come from: a real sample of its current shape, or the portal's published column list. */
  shape: 'real sample' | 'published columns';
  /** Its records as held: the table, this data set's rows in it, and the column of a record's own date (null: none). */
  records: { table: string; where?: string; date: string | null };
  /**
   * What a full sync does with a record the city no longer publishes: `removed` (it stops
   * being served, and the change feed records what that changes) or `kept`, and why.
   */
  dropped: { action: 'removed' | 'kept'; why: string };
}

const REMOVED = (what: string): DatasetFacts['dropped'] => ({ action: 'removed', why: `${what} stops being served` });
/** A file the portal does not publish is never synced: nothing is ever compared with it. */
const NEVER_SYNCED: DatasetFacts['dropped'] = { action: 'kept', why: 'a file, never synced: loaded again by hand' };

/** The data sets whose rows place buildings (BIN) on lots: a row that names only its building is joined through them. */
const PLACES_BUILDINGS = ['pluto', 'dob-permits', 'dob-jobs', 'dob-now-jobs', 'dob-now-permits'];

/** A property record table's rows of one data set. */
const recordsOf = (table: string, dataset: string, date: string | null) => ({ table, where: `source_dataset = '${dataset}'`, date });

const permit = (name: string, title: string, socrataId: string): DatasetFacts => ({
  name,
  family: 'properties',
  title,
  socrataId,
  cadence: 'daily',
  key: 'a permit or job filing (source id) of a lot (bbl, or its building by BIN)',
  follows: ['pluto'],
  incremental: true,
  shape: 'real sample',
  records: recordsOf('property_permits', name, 'issued_at'),
  dropped: REMOVED('the permit or job filing'),
});

const docket = (name: string, title: string, socrataId: string): DatasetFacts => ({
  name,
  family: 'properties',
  title,
  socrataId,
  cadence: 'daily',
  key: 'a violation (source id) of a lot (bbl, or its building by BIN)',
  follows: PLACES_BUILDINGS,
  incremental: true,
  shape: 'real sample',
  records: recordsOf('property_violations', name, 'issued_at'),
  dropped: REMOVED("the violation (its lot's counts change)"),
});

/** A compliance-evidence data set: its records in property_filings, dated by filed_on unless `date` says otherwise (null: undated). */
const evidence = (facts: Omit<DatasetFacts, 'family' | 'records' | 'dropped'> & { date?: string | null }): DatasetFacts => {
  const { date, ...rest } = facts;
  return {
    ...rest,
    family: 'properties',
    records: recordsOf('property_filings', facts.name, date === undefined ? 'filed_on' : date),
    dropped: facts.socrataId ? REMOVED("the filing (the lot's deadlines read without it)") : NEVER_SYNCED,
  };
};

export const DATASETS: readonly DatasetFacts[] = [
  {
    name: 'restaurants',
    family: 'restaurants',
    title: 'DOHMH New York City Restaurant Inspection Results',
    socrataId: '43nn-pn8j',
    cadence: 'daily',
    key: 'a citation (or a visit without one) of an establishment (camis)',
    follows: [],
    incremental: true,
    shape: 'real sample',
    records: { table: 'restaurant_inspections', date: 'inspected_at' },
    dropped: { action: 'kept', why: "the city's export drops inspections older than its window; this API keeps the history" },
  },
  {
    name: 'pluto',
    family: 'properties',
    title: 'Primary Land Use Tax Lot Output (PLUTO)',
    socrataId: '64uk-42ks',
    cadence: 'quarterly',
    key: 'a tax lot (bbl)',
    follows: [],
    incremental: true,
    shape: 'real sample',
    records: { table: 'pluto_source_hashes', date: null },
    dropped: { action: 'kept', why: 'a lot a PLUTO release no longer lists (merged, renumbered) keeps what the other datasets hold of it' },
  },
  {
    name: 'pad-addresses',
    family: 'properties',
    title: 'Property Address Directory (PAD), address file',
    socrataId: null,
    cadence: 'quarterly',
    key: "an address range of a lot's building (bbl)",
    follows: ['pluto'],
    incremental: false,
    shape: 'real sample',
    records: { table: 'property_address_ranges', date: null },
    dropped: NEVER_SYNCED,
  },
  permit('dob-permits', 'DOB Permit Issuance', 'ipu4-2q9a'),
  permit('dob-jobs', 'DOB Job Application Filings', 'ic3t-wcy2'),
  permit('dob-now-jobs', 'DOB NOW: Build – Job Application Filings', 'w9ak-ipjd'),
  permit('dob-now-permits', 'DOB NOW: Build – Approved Permits', 'rbx6-tga4'),
  docket('dob-violations', 'DOB Violations', '3h2n-5cm9'),
  docket('ecb-violations', 'DOB ECB Violations', '6bgk-3dad'),
  docket('dob-safety-violations', 'DOB Safety Violations', '855j-jady'),
  evidence({
    name: 'elevators',
    title: 'DOB elevator devices (the 2015 device file)',
    socrataId: null,
    cadence: 'fixed',
    key: "an elevator device (device number) of a lot's building",
    follows: ['pluto'],
    incremental: false,
    shape: 'real sample',
  }),
  evidence({
    name: 'dob-complaints',
    title: 'DOB Complaints Received',
    socrataId: 'eabe-havv',
    cadence: 'daily',
    key: "a complaint (complaint number) of a lot's building (BIN)",
    follows: [...PLACES_BUILDINGS, 'dob-violations', 'ecb-violations', 'dob-safety-violations', 'elevators'],
    incremental: true,
    shape: 'real sample',
  }),
  evidence({
    name: 'facade-filings',
    title: 'DOB hazardous facade re-inspections (a DOB extract)',
    socrataId: null,
    cadence: 'fixed',
    key: 'a hazardous facade re-inspection (ECB number) of a lot',
    follows: PLACES_BUILDINGS,
    incremental: false,
    shape: 'real sample',
  }),
  evidence({
    name: 'energy-benchmarking',
    title: 'LL84 municipal benchmarking report',
    socrataId: null,
    cadence: 'fixed',
    key: 'a benchmarking submission (property id) of a lot',
    follows: PLACES_BUILDINGS,
    incremental: false,
    shape: 'real sample',
  }),
  evidence({
    name: 'energy-grades',
    title: 'LL33 energy grades (covered buildings list)',
    socrataId: null,
    cadence: 'fixed',
    key: 'an energy grade of a covered building (bbl)',
    follows: PLACES_BUILDINGS,
    incremental: false,
    shape: 'real sample',
  }),
  evidence({
    name: 'hpd-registrations',
    title: 'HPD Multiple Dwelling Registrations',
    socrataId: 'tesw-yqqr',
    cadence: 'daily',
    key: 'a multiple dwelling registration (registration id) of a lot',
    follows: PLACES_BUILDINGS,
    incremental: true,
    shape: 'real sample',
  }),
  evidence({
    name: 'hpd-contacts',
    title: 'HPD Registration Contacts',
    socrataId: 'feu5-w2e2',
    cadence: 'daily',
    key: "a registration's contact (registration contact id) of the registration's lot",
    follows: ['hpd-registrations'],
    incremental: true,
    shape: 'real sample',
    date: null,
  }),
  evidence({
    name: 'dob-now-facades',
    title: 'DOB NOW: Safety – Facades Compliance Filings',
    socrataId: 'xubg-57si',
    cadence: 'daily',
    key: 'a FISP filing (TR6 number) of a lot (bbl, or its building by BIN)',
    follows: PLACES_BUILDINGS,
    incremental: true,
    shape: 'published columns',
  }),
  evidence({
    name: 'dob-now-elevators',
    title: 'DOB NOW: Elevator Safety Compliance',
    socrataId: 'e5aq-a4j2',
    cadence: 'daily',
    key: 'an elevator device (device number) of a lot (bbl, or its building by BIN)',
    follows: PLACES_BUILDINGS,
    incremental: true,
    shape: 'published columns',
  }),
  evidence({
    name: 'dob-now-boilers',
    title: 'DOB NOW: Safety Boiler',
    socrataId: '52dp-yji6',
    cadence: 'daily',
    key: "a boiler inspection report (tracking number) of a lot's building (BIN)",
    follows: PLACES_BUILDINGS,
    incremental: true,
    shape: 'published columns',
  }),
  evidence({
    name: 'll84-disclosure',
    title: 'Energy and Water Data Disclosure for LL84',
    socrataId: '5zyy-y8am',
    cadence: 'yearly',
    key: 'a benchmarking submission (property id and report year) of each lot it names',
    follows: PLACES_BUILDINGS,
    incremental: true,
    shape: 'published columns',
  }),
  {
    name: 'oath',
    family: 'contractors',
    title: 'OATH Hearings Division Case Status',
    socrataId: 'jz4z-kudi',
    cadence: 'daily',
    key: 'a summons (ticket number) of a respondent, grouped into companies (slug)',
    follows: [],
    incremental: true,
    shape: 'real sample',
    records: { table: 'contractor_tickets', date: 'violation_date' },
    dropped: REMOVED("the summons (its company's totals change)"),
  },
];

export function datasetFacts(name: string): DatasetFacts | undefined {
  return DATASETS.find((dataset) => dataset.name === name);
}
