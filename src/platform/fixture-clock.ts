import fs from 'node:fs';
import path from 'node:path';

/** Where the test-mode data set and its reference date live (the repository's fixtures/). */
export const FIXTURES_DIR = path.resolve(__dirname, '../../fixtures');
const REFERENCE_DATE_FILE = path.join(FIXTURES_DIR, 'restaurants', 'reference-date.txt');

/**
 * The fixed date the test-mode data set is computed as of: test keys read the world as of
 * this day, so the same request gives the same bytes on any day.
 */
export function fixtureReferenceDate(): Date {
  const text = fs.readFileSync(REFERENCE_DATE_FILE, 'utf8').trim();
  const date = new Date(`${text}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(date.getTime())) throw new Error(`bad fixture reference date "${text}"`);
  return date;
}

let reference: Date | undefined;

/**
 * The clock of every time-relative answer (stats windows, community decay, deadlines): now
 * for live keys; for test keys the fixture's reference date, so the same request gives the
 * same bytes on any day (docs/decisions.md, Keys, modes, usage).
 */
export function clockOf(store: { mode: string }, now: () => Date = () => new Date()): Date {
  if (store.mode === 'live') return now();
  reference ??= fixtureReferenceDate();
  return reference;
}
