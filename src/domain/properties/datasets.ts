import { type DatasetFacts, NEVER_SYNCED, REMOVED } from '../datasets';

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

/** The properties' data sets, in load order (each one after the data sets it follows). */
export const PROPERTY_DATASETS: readonly DatasetFacts[] = [
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
  docket('hpd-violations', 'HPD Housing Maintenance Code Violations', 'wvxf-dwi5'),
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
];

/** One of the properties' data sets by name. */
export function propertyDataset(name: string): DatasetFacts | undefined {
  return PROPERTY_DATASETS.find((dataset) => dataset.name === name);
}
