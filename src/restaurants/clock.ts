import { fixtureReferenceDate } from '../platform/fixture-clock';
import type { DataStore } from '../stores';

let reference: Date | undefined;

/**
 * The clock of every time-relative answer (stats windows, community decay): now for live
 * keys; for test keys the fixture's reference date, so the same request gives the same
 * bytes on any day (contract-decisions.md, test mode).
 */
export function clockOf(store: Pick<DataStore, 'mode'>, now: () => Date = () => new Date()): Date {
  if (store.mode === 'live') return now();
  reference ??= fixtureReferenceDate();
  return reference;
}
