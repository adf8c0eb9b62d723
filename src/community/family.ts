import type { ApiFamily } from '../deps';
import { devicesFragment } from './devices/openapi';
import { communityFragment } from './openapi';
import { remediationFragment } from './remediation/openapi';
import { reportsFragment } from './reports/openapi';
import { communityRoutes } from './routes';

/** Community reports and device profiles. */
export const community: ApiFamily = {
  name: 'community',
  routes: communityRoutes,
  fragments: [communityFragment, remediationFragment, reportsFragment, devicesFragment],
};
