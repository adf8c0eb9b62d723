import type { DatasetFacts } from '../domain/datasets';
import { CADENCE_CRONS, datasetSchedules, nextRun, previousFullPass, previousRun, REDERIVE_CRON, syncQueue } from './schedule';

const facts = (name: string, cadence: DatasetFacts['cadence'], socrataId: string | null = 'abcd-1234'): DatasetFacts => ({
  name,
  family: 'properties',
  title: name,
  socrataId,
  cadence,
  key: 'a row',
  follows: [],
  incremental: true,
  shape: 'real sample',
  records: { table: 't', date: null },
  dropped: { action: 'kept', why: 'a test' },
});

describe('the schedule table', () => {
  it('schedules the data sets the portal publishes, and no file', () => {
    const scheduled = datasetSchedules([facts('a', 'daily'), facts('file', 'fixed', null), facts('unpublished', 'daily', null)]).map((schedule) => schedule.dataset);
    expect([...new Set(scheduled)]).toEqual(['a']);
  });

  it('gives each schedule a queue of its own, named after its data set and kind', () => {
    const queues = datasetSchedules([facts('restaurants', 'daily'), facts('pluto', 'quarterly')]).map((schedule) => schedule.queue);
    expect(new Set(queues).size).toBe(queues.length);
    expect(queues).toContain(syncQueue('restaurants', false));
    expect(syncQueue('restaurants', true)).toBe('sync-full-restaurants');
    expect(queues.every((queue) => /^[a-z0-9-]+$/.test(queue))).toBe(true);
  });

  it('reads a daily data set incrementally Monday to Saturday and in full on Sunday, staggered in registry order', () => {
    const schedules = datasetSchedules([facts('a', 'daily'), facts('file', 'fixed', null), facts('b', 'daily'), facts('c', 'quarterly')]);
    expect(schedules).toEqual([
      { queue: 'sync-a', dataset: 'a', cron: '0 9 * * 1-6', full: false },
      { queue: 'sync-full-a', dataset: 'a', cron: '0 9 * * 0', full: true },
      { queue: 'sync-b', dataset: 'b', cron: '4 9 * * 1-6', full: false },
      { queue: 'sync-full-b', dataset: 'b', cron: '4 9 * * 0', full: true },
      { queue: 'sync-c', dataset: 'c', cron: '8 9 * * 0', full: false },
      { queue: 'sync-full-c', dataset: 'c', cron: '8 8 1 1,4,7,10 *', full: true },
    ]);
  });

  it('never schedules a fixed file, and every other cadence gets a full pass', () => {
    expect(CADENCE_CRONS.fixed).toEqual({ sync: null, full: null });
    for (const cadence of ['daily', 'weekly', 'monthly', 'quarterly', 'yearly'] as const) expect(CADENCE_CRONS[cadence].full).not.toBeNull();
    expect(datasetSchedules([facts('w', 'weekly')])).toEqual([{ queue: 'sync-full-w', dataset: 'w', cron: '0 9 * * 0', full: true }]);
  });

  it('re-derives just after the UTC day begins', () => {
    expect(REDERIVE_CRON).toBe('5 0 * * *');
  });
});

describe('next and previous runs', () => {
  const schedules = datasetSchedules([facts('a', 'daily'), facts('q', 'quarterly')]);

  it('a daily data set: the next morning, a full pass when that is a Sunday', () => {
    // 2026-04-01 is a Wednesday.
    expect(nextRun('a', new Date('2026-04-01T00:00:00Z'), schedules)).toEqual({ at: new Date('2026-04-01T09:00:00Z'), full: false });
    expect(nextRun('a', new Date('2026-04-01T09:00:00Z'), schedules)).toEqual({ at: new Date('2026-04-02T09:00:00Z'), full: false });
    expect(nextRun('a', new Date('2026-04-04T10:00:00Z'), schedules)).toEqual({ at: new Date('2026-04-05T09:00:00Z'), full: true });
  });

  it('a quarterly data set: the Sunday look, or the full pass on the first of the quarter', () => {
    expect(nextRun('q', new Date('2026-03-30T00:00:00Z'), schedules)).toEqual({ at: new Date('2026-04-01T08:04:00Z'), full: true });
    expect(nextRun('q', new Date('2026-04-02T00:00:00Z'), schedules)).toEqual({ at: new Date('2026-04-05T09:04:00Z'), full: false });
  });

  it('the last run before a moment, and the last full pass', () => {
    expect(previousRun('a', new Date('2026-04-01T00:00:00Z'), schedules)).toEqual({ at: new Date('2026-03-31T09:00:00Z'), full: false });
    expect(previousRun('a', new Date('2026-03-29T12:00:00Z'), schedules)).toEqual({ at: new Date('2026-03-29T09:00:00Z'), full: true });
    expect(previousFullPass('a', new Date('2026-04-01T00:00:00Z'), schedules)).toEqual(new Date('2026-03-29T09:00:00Z'));
  });

  it('none for a data set that is not scheduled', () => {
    expect(nextRun('elevators', new Date('2026-04-01T00:00:00Z'), schedules)).toBeNull();
    expect(previousRun('elevators', new Date('2026-04-01T00:00:00Z'), schedules)).toBeNull();
    expect(previousFullPass('elevators', new Date('2026-04-01T00:00:00Z'), schedules)).toBeNull();
  });
});
