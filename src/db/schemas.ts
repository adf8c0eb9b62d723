export type Mode = 'live' | 'test';
export const MODES: readonly Mode[] = ['live', 'test'];

/** Postgres schema and Elasticsearch index names of one namespace. */
export function schemaNames(namespace: string): { platform: string; live: string; test: string } {
  return { platform: `${namespace}_platform`, live: `${namespace}_live`, test: `${namespace}_test` };
}

/** The alias every reader uses for one index of one mode, e.g. nyc_live_restaurants. */
export function indexAlias(namespace: string, mode: Mode, name: string): string {
  return `${namespace}_${mode}_${name}`;
}

/** The pg-boss schema of a namespace: the webhook deliveries' queues and the worker's schedules share it. */
export const jobsSchema = (namespace: string) => `${namespace}_jobs`;
