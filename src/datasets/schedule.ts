import { parseExpression } from 'cron-parser';
import type { Cadence, DatasetFacts } from '../domain/datasets';

/**
 * When the worker syncs each data set the portal publishes, and when it re-derives: one table
 * the worker (ingest/schedules.ts, on pg-boss's cron) and the API (GET /meta/sources: the next
 * run) both read. Pure: times in, times out. Every cron is in UTC.
 *
 * Per cadence, an incremental sync asks the portal only for the rows changed since the last
 * one; a full pass reads every row it publishes and reconciles what it dropped, which an
 * incremental read cannot see. A daily data set is read incrementally Monday to Saturday and
 * in full on Sunday; a weekly one in full each Sunday; one published less often than weekly is
 * looked at incrementally each Sunday (a release lands on no fixed day, and a look that finds
 * nothing new is one request) and read in full on its cadence's day, a whole re-read of a large
 * release (PLUTO's 860,000 lots) being too much to repeat every week. A file the portal does
 * not publish ('fixed', or no Socrata id) is never scheduled.
 *
 * 09:00 UTC is early morning in New York, after the city's overnight publication. `M` is the
 * data set's minute: registry order, four minutes apart, so the data sets start one by one in
 * load order (a building's lot placed before the complaints that name only the building)
 * rather than all at once.
 */
export const CADENCE_CRONS: Readonly<Record<Cadence, { sync: string | null; full: string | null }>> = {
  daily: { sync: 'M 9 * * 1-6', full: 'M 9 * * 0' },
  weekly: { sync: null, full: 'M 9 * * 0' },
  monthly: { sync: 'M 9 * * 0', full: 'M 8 1 * *' },
  quarterly: { sync: 'M 9 * * 0', full: 'M 8 1 1,4,7,10 *' },
  yearly: { sync: 'M 9 * * 0', full: 'M 8 1 1 *' },
  fixed: { sync: null, full: null },
};

/** Minutes between two data sets' starts, in registry order. */
const STAGGER_MINUTES = 4;

/**
 * The daily rederive of every family for the live clock's day (UTC): just after the day
 * begins, so windows and weights move with the date the answers are read on.
 */
export const REDERIVE_CRON = '5 0 * * *';
export const REDERIVE_QUEUE = 'rederive';

export const SCHEDULE_TIMEZONE = 'UTC';

/** One schedule: a pg-boss queue of its own (pg-boss keeps one cron per queue), its cron, and what a run does. */
export interface DatasetSchedule {
  queue: string;
  dataset: string;
  cron: string;
  full: boolean;
}

/** The data sets the worker syncs: those the portal publishes. */
export const isScheduled = (dataset: DatasetFacts) => dataset.socrataId !== null && dataset.cadence !== 'fixed';

export const syncQueue = (dataset: string, full: boolean) => `sync${full ? '-full' : ''}-${dataset}`;

/** Every data set's schedules, incremental and full, in registry order. */
export function datasetSchedules(datasets: readonly DatasetFacts[]): DatasetSchedule[] {
  const scheduled = datasets.filter(isScheduled);
  return scheduled.flatMap((dataset, place) => {
    const minute = String((place * STAGGER_MINUTES) % 60);
    const crons = CADENCE_CRONS[dataset.cadence];
    return [false, true].flatMap((full) => {
      const cron = full ? crons.full : crons.sync;
      return cron ? [{ queue: syncQueue(dataset.name, full), dataset: dataset.name, cron: cron.replace(/^M /, `${minute} `), full }] : [];
    });
  });
}

const occurrence = (cron: string, from: Date, direction: 'next' | 'prev') => {
  const expression = parseExpression(cron, { currentDate: from, tz: SCHEDULE_TIMEZONE });
  return (direction === 'next' ? expression.next() : expression.prev()).toDate();
};

/** A data set's next scheduled run strictly after `after` (and whether it is a full pass); null when it is never scheduled. */
export function nextRun(name: string, after: Date, schedules: readonly DatasetSchedule[]): { at: Date; full: boolean } | null {
  const runs = schedules.filter((schedule) => schedule.dataset === name).map((schedule) => ({ at: occurrence(schedule.cron, after, 'next'), full: schedule.full }));
  // On a day both fire, the full pass is the run that matters.
  return runs.sort((a, b) => a.at.getTime() - b.at.getTime() || Number(b.full) - Number(a.full))[0] ?? null;
}

/** A data set's last scheduled run strictly before `before`, and whether it was a full pass; null when it is never scheduled. */
export function previousRun(name: string, before: Date, schedules: readonly DatasetSchedule[]): { at: Date; full: boolean } | null {
  const runs = schedules.filter((schedule) => schedule.dataset === name).map((schedule) => ({ at: occurrence(schedule.cron, before, 'prev'), full: schedule.full }));
  return runs.sort((a, b) => b.at.getTime() - a.at.getTime() || Number(b.full) - Number(a.full))[0] ?? null;
}

/** The last full pass strictly before `before`; null when the data set is never scheduled. */
export function previousFullPass(name: string, before: Date, schedules: readonly DatasetSchedule[]): Date | null {
  const full = schedules.find((schedule) => schedule.dataset === name && schedule.full);
  return full ? occurrence(full.cron, before, 'prev') : null;
}
