import type { DatasetFacts } from '../datasets';

/** The restaurants' data sets, in load order. */
export const RESTAURANT_DATASETS: readonly DatasetFacts[] = [
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
];
