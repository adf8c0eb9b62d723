import type { ApiFamily } from '../deps';
import { ownersFragment } from './openapi';
import { ownerRoutes } from './routes';

/**
 * Who owns a lot and what else they own: HPD registrations and contacts (loaded by the
 * properties family) grouped into portfolios at load time; what the lots owe is read through
 * the properties family's figures.
 */
export const owners: ApiFamily = {
  name: 'owners',
  routes: ownerRoutes,
  fragments: [ownersFragment],
  // Its portfolios are formed from the properties family's HPD data sets: none of its own.
  datasets: [],
};
