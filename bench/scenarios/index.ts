import type { BenchScenario } from '../types';
import { contractorScenarios } from './contractors';
import { exportScenarios } from './exports';
import { ownerScenarios } from './owners';
import { ingestScenarios } from './ingest';
import { platformScenarios } from './platform';
import { propertyScenarios } from './properties';
import { restaurantScenarios } from './restaurants';
import { syncScenarios } from './sync';
import { webhookScenarios } from './webhooks';

/** Every scenario, in the order `npm run bench` runs them; a family adds its list here. */
export const scenarios: BenchScenario[] = [...platformScenarios, ...restaurantScenarios, ...ingestScenarios, ...propertyScenarios, ...ownerScenarios, ...contractorScenarios, ...exportScenarios, ...webhookScenarios, ...syncScenarios];
