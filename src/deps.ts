import type { Logger } from 'pino';
import type { Config } from './config';
import type { ExportSlots } from './contract/export-slots';
import type { Route } from './contract/routes';
import type { ApiFragment, OpenApiDocument } from './contract/types';
import type { ChangeKinds } from './domain/changes';
import type { DatasetFacts } from './domain/datasets';
import type { UsageBuffer } from './platform/usage';
import type { CursorCodec } from './search/cursor';
import type { Stores } from './stores';

/**
 * What the app hands every family's routes. It lives in the core, not beside the list of
 * families in src/families.ts, so a family depends on the core and the app on the families,
 * never the other way round.
 */
export interface AppDeps {
  config: Config;
  stores: Stores;
  usage: UsageBuffer;
  doc: OpenApiDocument;
  logger: Logger;
  cursors: CursorCodec;
  /** The CSV exports this process runs at once, per mode and per caller. */
  exportSlots: ExportSlots;
}

/**
 * A family as the API knows it: its folder under src/ (src/<name>) exports one of these from
 * its family.ts, and src/families.ts lists them once. The app mounts every family's routes and
 * merges every family's parts of the document from that list; the layers test reads it.
 */
export interface ApiFamily {
  /** The folder, src/<name>. */
  name: string;
  routes(deps: AppDeps): Route[];
  /** Its parts of the OpenAPI document, in the order they are merged. */
  fragments: readonly ApiFragment[];
  /** The kinds of change its entities can have in the change feed (src/domain/changes.ts); none: it records no changes. */
  changes?: ChangeKinds<object>;
  /** The city data sets its records come from, in load order (src/domain/datasets.ts). */
  datasets?: readonly DatasetFacts[];
}

