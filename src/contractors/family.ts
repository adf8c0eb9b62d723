import type { ApiFamily } from '../deps';
import { CONTRACTOR_DATASETS } from '../domain/contractors/datasets';
import { CONTRACTOR_CHANGES } from '../domain/contractors/changes';
import { contractorsFragment } from './openapi';
import { contractorRoutes } from './routes';

/** Companies as OATH dockets them: browse, search, profile, tickets, batch. */
export const contractors: ApiFamily = {
  name: 'contractors',
  routes: contractorRoutes,
  fragments: [contractorsFragment],
  changes: CONTRACTOR_CHANGES,
  datasets: CONTRACTOR_DATASETS,
};
