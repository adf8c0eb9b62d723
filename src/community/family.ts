import type { ApiFamily } from '../deps';
import { communityFragment } from './openapi';
import { communityRoutes } from './routes';

/** Community reports and device profiles. */
export const community: ApiFamily = { name: 'community', routes: communityRoutes, fragments: [communityFragment] };
