import { type Route, route } from '../../contract/routes';
import { recordsHeld, type RecordsHeld, syncStates } from '../../datasets/coverage';
import { datasetSchedules, nextRun } from '../../datasets/schedule';
import type { AppDeps } from '../../deps';
import type { DatasetFacts } from '../../domain/datasets';
import { ExpiringCache } from '../../platform/expiring-cache';
import { clockOf } from '../../platform/fixture-clock';
import { RECORDS_HELD_CACHE_SECONDS, sourcesInput } from './openapi';

/**
 * GET /meta/sources: the dataset registry (every family's data sets) with each data set's coverage in the key's mode.
 * Counting the records held scans big tables (millions of DOB rows in live mode), so it is
 * kept per schema for RECORDS_HELD_CACHE_SECONDS in each process, and concurrent requests of an
 * expired entry share one count; the sync state is one indexed statement, read every time, so
 * a sync shows at once.
 */
export function sourceRoutes(deps: AppDeps, datasets: readonly DatasetFacts[]): Route[] {
  const schedules = datasetSchedules(datasets);
  const held = new ExpiringCache<RecordsHeld[]>(RECORDS_HELD_CACHE_SECONDS * 1000, 8);
  return [
    route({
      method: 'get',
      path: '/api/v1/meta/sources',
      input: sourcesInput,
      async handler(ctx) {
        const store = ctx.state.store;
        const [counted, states] = await Promise.all([held.get(store.schema, () => recordsHeld(store.pg, datasets)), syncStates(store.pg, datasets)]);
        // Test keys see the schedule as of the fixture's day whatever this deployment runs, so their answer is the same everywhere.
        const scheduled = store.mode === 'test' || deps.config.sync.schedule;
        const clock = clockOf(store);
        ctx.body = {
          data: datasets.map((dataset, i) => ({
            name: dataset.name,
            socrataId: dataset.socrataId,
            family: dataset.family,
            title: dataset.title,
            cadence: dataset.cadence,
            dropped: dataset.dropped.action,
            rowsHeld: counted.value[i].rowsHeld,
            newestRecord: counted.value[i].newestRecord,
            lastSync: states[i].lastSync,
            lastFullAt: states[i].lastFullAt,
            position: states[i].position,
            nextRun: scheduled ? nextRun(dataset.name, clock, schedules) : null,
            lastError: states[i].lastError,
          })),
        };
      },
    }),
  ];
}
