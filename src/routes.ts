import type { Logger } from 'pino';
import { communityRoutes } from './community/routes';
import type { Config } from './config';
import type { Route } from './contract/routes';
import type { OpenApiDocument } from './contract/types';
import type { UsageBuffer } from './platform/usage';
import type { CursorCodec } from './search/cursor';
import { feedRoutes } from './feeds/routes';
import { platformRoutes } from './platform/routes';
import { restaurantRoutes } from './restaurants/routes';
import type { Stores } from './stores';

export interface AppDeps {
  config: Config;
  stores: Stores;
  usage: UsageBuffer;
  doc: OpenApiDocument;
  logger: Logger;
  cursors: CursorCodec;
}

/** Every family's routes; a family adds one line here. */
export function allRoutes(deps: AppDeps): Route[] {
  return [...platformRoutes(deps), ...communityRoutes(deps), ...restaurantRoutes(deps), ...feedRoutes(deps)];
}
