import type { ApiFamily } from '../deps';
import { contractorsFragment } from './openapi';
import { contractorRoutes } from './routes';

/** Companies as OATH dockets them: browse, search, profile, tickets, batch. */
export const contractors: ApiFamily = { name: 'contractors', routes: contractorRoutes, fragments: [contractorsFragment] };
