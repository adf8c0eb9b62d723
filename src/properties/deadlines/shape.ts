import type { BenchmarkingSubmission, BoilerReport, ElevatorDevice, EnergyGradeListing, FacadeFiling, HpdRegistration } from '../../domain/properties/types';

/** Stored filings and device rows, as the deadline rules read them (src/domain/properties/deadlines). */

/** A filing as property_filings holds it. */
export interface StoredFiling {
  bbl: string;
  dataset: string;
  filedOn: string | null;
  endOn: string | null;
  facts: Record<string, unknown>;
}

const FISP_CYCLE_9_START = '2020-02-21';

/**
 * The FISP cycle a date falls in: cycle 9 ran from 2020-02-21 for five years, each cycle
 * starting on February 21 five years after the last (docs/decisions.md, Deadlines).
 */
export function fispCycleOn(date: string): number {
  const year = Number(date.slice(0, 4));
  const beforeStart = date.slice(5) < FISP_CYCLE_9_START.slice(5);
  return 9 + Math.floor((year - 2020 - (beforeStart ? 1 : 0)) / 5);
}

const COMPLIANT = /^(records show )?compliance$/i;

/**
 * The facade evidence of the DOB hazardous-facade re-inspection extract. Each ECB violation
 * there was issued because a FISP technical report was filed UNSAFE ('FACADE TECHNICAL
 * REPORT FILE UNSAFE'), so it stands for an UNSAFE report of the cycle of its issue date;
 * when its latest re-inspection found the condition corrected (Compliance, Records Show
 * Compliance), the correction stands for a SAFE report of the same cycle dated that day.
 */
export function facadeFilingsOf(reinspections: ReadonlyArray<Record<string, unknown>>): FacadeFiling[] {
  const byViolation = new Map<string, Array<Record<string, unknown>>>();
  for (const facts of reinspections) {
    const key = String(facts.ecbNumber);
    byViolation.set(key, [...(byViolation.get(key) ?? []), facts]);
  }
  const filings: FacadeFiling[] = [];
  for (const attempts of byViolation.values()) {
    const issuedOn = (attempts[0].issuedOn as string | null) ?? null;
    const cycle = issuedOn === null ? '' : String(fispCycleOn(issuedOn));
    filings.push({ cycle, filingType: 'Hazardous facade ECB violation', filingStatus: 'UNSAFE', submittedOn: issuedOn });
    const latest = attempts
      .filter((attempt) => attempt.reinspectedOn)
      .sort((a, b) => String(a.reinspectedOn).localeCompare(String(b.reinspectedOn)))
      .at(-1);
    if (latest && COMPLIANT.test(String(latest.attemptResult ?? ''))) {
      filings.push({ cycle, filingType: `Re-inspection: ${latest.attemptResult}`, filingStatus: 'SAFE', submittedOn: latest.reinspectedOn as string });
    }
  }
  return filings;
}

/** A DOB NOW FISP filing; a placeholder's filing date stands for its submission. */
export function dobNowFacadeOf(facts: Record<string, unknown>): FacadeFiling {
  return {
    cycle: String(facts.cycle ?? ''),
    filingType: (facts.filingType as string | null) ?? null,
    filingStatus: (facts.filingStatus as string | null) ?? null,
    submittedOn: ((facts.submittedOn ?? facts.filingDate) as string | null) ?? null,
  };
}

export function dobNowElevatorOf(facts: Record<string, unknown>): ElevatorDevice {
  return {
    deviceNumber: String(facts.deviceNumber),
    deviceType: (facts.deviceType as string | null) ?? null,
    deviceStatus: (facts.deviceStatus as string | null) ?? null,
    periodicReportYear: (facts.periodicReportYear as number | null) ?? null,
    periodicLatestInspection: (facts.periodicLatestInspection as string | null) ?? null,
    cat1ReportYear: (facts.cat1ReportYear as number | null) ?? null,
    cat1LatestReportFiled: (facts.cat1LatestReportFiled as string | null) ?? null,
    cat5LatestReportFiled: (facts.cat5LatestReportFiled as string | null) ?? null,
  };
}

export function dobNowBoilerOf(facts: Record<string, unknown>): BoilerReport {
  return {
    boilerId: String(facts.boilerId),
    reportYear: (facts.reportYear as number | null) ?? null,
    inspectionDate: (facts.inspectionDate as string | null) ?? null,
    defectsExist: facts.defectsExist === true,
    reportStatus: (facts.reportStatus as string | null) ?? null,
  };
}

/** The disclosure's submissions, one per report year (a property's several lots each hold their copy). */
export function disclosuresOf(rows: ReadonlyArray<Record<string, unknown>>): BenchmarkingSubmission[] {
  const byYear = new Map<number, string | null>();
  for (const facts of rows) {
    const year = Number(facts.reportYear);
    const submittedOn = (facts.submittedOn as string | null) ?? null;
    const known = byYear.get(year);
    if (!byYear.has(year) || (submittedOn !== null && (known === null || known === undefined || submittedOn > known))) byYear.set(year, submittedOn);
  }
  return [...byYear].sort(([a], [b]) => a - b).map(([reportYear, submittedOn]) => ({ reportYear, submittedOn }));
}

export function elevatorDeviceOf(facts: Record<string, unknown>): ElevatorDevice {
  return {
    deviceNumber: String(facts.deviceNumber),
    deviceType: (facts.deviceType as string | null) ?? null,
    deviceStatus: (facts.deviceStatus as string | null) ?? null,
    periodicLatestInspection: (facts.periodicLatestInspection as string | null) ?? null,
    // The 2015 device file has no CAT1 or CAT5 columns: none on file.
    cat1LatestReportFiled: null,
    cat5LatestReportFiled: null,
  };
}

/** The report years with a figure (score, source EUI or GHG intensity) in the municipal report. */
export function benchmarkingSubmissionsOf(rows: ReadonlyArray<Record<string, unknown>>): BenchmarkingSubmission[] {
  const years = new Set<number>();
  for (const facts of rows) {
    for (const year of (facts.years as Array<Record<string, number | null>>) ?? []) {
      if (year.energyStarScore !== null || year.sourceEui !== null || year.ghgIntensity !== null) years.add(Number(year.year));
    }
  }
  return [...years].sort((a, b) => a - b).map((reportYear) => ({ reportYear, submittedOn: null }));
}

export function energyGradeOf(rows: ReadonlyArray<Record<string, unknown>>): EnergyGradeListing | null {
  if (rows.length === 0) return null;
  return { grade: (rows[0].grade as string | null) ?? null, grossFloorArea: (rows[0].grossFloorArea as number | null) ?? null };
}

export function hpdRegistrationOf(filing: StoredFiling): HpdRegistration {
  return { lastRegistrationDate: filing.filedOn, registrationEndDate: filing.endOn };
}
