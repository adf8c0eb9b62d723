import { type DatasetFacts, REMOVED } from '../datasets';

/** The contractors' data sets, in load order. */
export const CONTRACTOR_DATASETS: readonly DatasetFacts[] = [
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
