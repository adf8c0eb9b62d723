import { deadlinesFor, type DeadlineItem, type DeadlineKind } from '../deadlines';
import type { EvidenceSource, FilingList, LotFacts } from '../types';

/** A detached one-family house: no obligation applies to it. Tests add what they need. */
export function lot(fields: Partial<LotFacts> = {}): LotFacts {
  return { bbl: '1008350041', numfloors: 2, bldgclass: 'A1', unitsres: 1, bldgarea: 1_800, numbldgs: 1, cd: 101, block: 835, yearbuilt: 1990, ...fields };
}

/** A clock on a UTC day, mid-morning, as the API would pass it. */
export function clockOn(day: string): Date {
  return new Date(`${day}T10:30:00Z`);
}

export const FILING_LISTS: readonly FilingList[] = [
  'facadeFilings', 'elevatorDevices', 'boilerReports', 'safetyViolations', 'dobViolations', 'benchmarkingSubmissions', 'hpdRegistrations', 'bedbugFilings', 'coolingTowers',
];

/** A list's data set as a test names it, known complete to `asOf`. */
export const sourceOf = (list: FilingList, asOf: string | null): EvidenceSource => ({ dataset: `test-${list}`, title: `test ${list} file`, asOf });

/**
 * The facts with every list they hold read from a data set known complete to `day`, unless
 * the test gave the list's source: the rules' own logic, on evidence that is up to date.
 */
export function withCurrentEvidence(facts: LotFacts, day: string): LotFacts {
  const sources = { ...facts.evidenceSources };
  for (const list of FILING_LISTS) if (facts[list] !== undefined && !sources[list]) sources[list] = sourceOf(list, day);
  return { ...facts, evidenceSources: sources };
}

/** The lot's item of one kind on a day (its lists complete to that day unless their sources say otherwise), or undefined when the obligation does not apply. */
export function itemOn(kind: DeadlineKind, facts: LotFacts, day: string): DeadlineItem | undefined {
  return deadlinesFor(withCurrentEvidence(facts, day), clockOn(day)).find((item) => item.kind === kind);
}

/** Status and due date of one kind on each day: the shape the boundary tables assert. */
export function timeline(kind: DeadlineKind, facts: LotFacts, days: string[]): Array<[string, string | undefined, string | null | undefined]> {
  return days.map((day) => {
    const item = itemOn(kind, facts, day);
    return [day, item?.status, item?.dueDate];
  });
}
