import * as properties from './properties';
import * as restaurants from './restaurants';
import * as contractors from './contractors';
import type { CityDataset, KeyedDataset } from './types';

const load = (dataset: unknown) => dataset as KeyedDataset<unknown>;

/** The datasets whose rows place buildings (BIN) on lots: a row that names only its building is joined through them. */
const PLACES_BUILDINGS = ['pluto', 'dob-permits', 'dob-jobs', 'dob-now-jobs', 'dob-now-permits'];

/** A property record table's rows of one data set. */
const recordsOf = (table: string, dataset: string, date: string | null) => ({ table, where: `source_dataset = '${dataset}'`, date });

/**
 * Every city data set the project reads, in load order: each one after the data sets it
 * follows. `npm run ingest -- <name> --file` loads a file of any of them; `npm run sync`
 * asks the portal for those it publishes (socrataId), in this order.
 */
export const REGISTRY: readonly CityDataset[] = [
  {
    load: load(restaurants.RESTAURANT_INSPECTIONS_LOAD),
    socrataId: '43nn-pn8j',
    cadence: 'daily',
    key: 'a citation (or a visit without one) of an establishment (camis)',
    follows: [],
    incremental: true,
    shape: 'real sample',
    records: { table: 'restaurant_inspections', date: 'inspected_at' },
  },
  {
    load: load(properties.PLUTO_LOAD),
    socrataId: '64uk-42ks',
    cadence: 'quarterly',
    key: 'a tax lot (bbl)',
    follows: [],
    incremental: true,
    shape: 'real sample',
    records: { table: 'pluto_source_hashes', date: null },
  },
  {
    load: load(properties.PAD_ADDRESSES_LOAD),
    socrataId: null,
    cadence: 'quarterly',
    key: "an address range of a lot's building (bbl)",
    follows: ['pluto'],
    incremental: false,
    shape: 'real sample',
    records: { table: 'property_address_ranges', date: null },
  },
  ...(
    [
      ['dob-permits', 'ipu4-2q9a', properties.DOB_PERMITS_LOAD],
      ['dob-jobs', 'ic3t-wcy2', properties.DOB_JOBS_LOAD],
      ['dob-now-jobs', 'w9ak-ipjd', properties.DOB_NOW_JOBS_LOAD],
      ['dob-now-permits', 'rbx6-tga4', properties.DOB_NOW_PERMITS_LOAD],
    ] as const
  ).map(([name, socrataId, dataset]): CityDataset => ({
    load: load(dataset),
    socrataId,
    cadence: 'daily',
    key: 'a permit or job filing (source id) of a lot (bbl, or its building by BIN)',
    follows: ['pluto'],
    incremental: true,
    shape: 'real sample',
    records: recordsOf('property_permits', name, 'issued_at'),
  })),
  ...(
    [
      ['dob-violations', '3h2n-5cm9', properties.DOB_VIOLATIONS_LOAD],
      ['ecb-violations', '6bgk-3dad', properties.ECB_VIOLATIONS_LOAD],
      ['dob-safety-violations', '855j-jady', properties.DOB_SAFETY_VIOLATIONS_LOAD],
    ] as const
  ).map(([name, socrataId, dataset]): CityDataset => ({
    load: load(dataset),
    socrataId,
    cadence: 'daily',
    key: 'a violation (source id) of a lot (bbl, or its building by BIN)',
    follows: PLACES_BUILDINGS,
    incremental: true,
    shape: 'real sample',
    records: recordsOf('property_violations', name, 'issued_at'),
  })),
  {
    load: load(properties.ELEVATORS_LOAD),
    socrataId: null,
    cadence: 'fixed',
    key: "an elevator device (device number) of a lot's building",
    follows: ['pluto'],
    incremental: false,
    shape: 'real sample',
    records: recordsOf('property_filings', 'elevators', 'filed_on'),
  },
  {
    load: load(properties.DOB_COMPLAINTS_LOAD),
    socrataId: 'eabe-havv',
    cadence: 'daily',
    key: "a complaint (complaint number) of a lot's building (BIN)",
    follows: [...PLACES_BUILDINGS, 'dob-violations', 'ecb-violations', 'dob-safety-violations', 'elevators'],
    incremental: true,
    shape: 'real sample',
    records: recordsOf('property_filings', 'dob-complaints', 'filed_on'),
  },
  {
    load: load(properties.FACADE_FILINGS_LOAD),
    socrataId: null,
    cadence: 'fixed',
    key: 'a hazardous facade re-inspection (ECB number) of a lot',
    follows: PLACES_BUILDINGS,
    incremental: false,
    shape: 'real sample',
    records: recordsOf('property_filings', 'facade-filings', 'filed_on'),
  },
  {
    load: load(properties.ENERGY_BENCHMARKING_LOAD),
    socrataId: null,
    cadence: 'fixed',
    key: 'a benchmarking submission (property id) of a lot',
    follows: PLACES_BUILDINGS,
    incremental: false,
    shape: 'real sample',
    records: recordsOf('property_filings', 'energy-benchmarking', 'filed_on'),
  },
  {
    load: load(properties.ENERGY_GRADES_LOAD),
    socrataId: null,
    cadence: 'fixed',
    key: 'an energy grade (one a lot) of a covered building',
    follows: PLACES_BUILDINGS,
    incremental: false,
    shape: 'real sample',
    records: recordsOf('property_filings', 'energy-grades', 'filed_on'),
  },
  {
    load: load(properties.HPD_REGISTRATIONS_LOAD),
    socrataId: 'tesw-yqqr',
    cadence: 'daily',
    key: 'a multiple dwelling registration (registration id) of a lot',
    follows: PLACES_BUILDINGS,
    incremental: true,
    shape: 'real sample',
    records: recordsOf('property_filings', 'hpd-registrations', 'filed_on'),
  },
  {
    load: load(contractors.OATH_LOAD),
    socrataId: 'jz4z-kudi',
    cadence: 'daily',
    key: 'a summons (ticket number) of a respondent, grouped into companies (slug)',
    follows: [],
    incremental: true,
    shape: 'real sample',
    records: { table: 'contractor_tickets', date: 'violation_date' },
  },
];

export const nameOf = (dataset: CityDataset) => dataset.load.source.name;

export function registered(name: string): CityDataset | undefined {
  return REGISTRY.find((dataset) => nameOf(dataset) === name);
}

/**
 * The named data sets (every one when none is named) in registry order, which puts each
 * after those it follows; an unknown name throws, naming the known ones.
 */
export function inLoadOrder(names: readonly string[] = []): CityDataset[] {
  const unknown = names.filter((name) => !registered(name));
  if (unknown.length) throw new Error(`unknown dataset ${unknown.map((name) => `"${name}"`).join(', ')}; known: ${REGISTRY.map(nameOf).join(', ')}`);
  return names.length ? REGISTRY.filter((dataset) => names.includes(nameOf(dataset))) : [...REGISTRY];
}
