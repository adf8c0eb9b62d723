/**
 * What the property family knows about one tax lot: its PLUTO attributes and what the
 * city's filing datasets show for it. Dates are 'YYYY-MM-DD' (read with `parseCityDate`).
 * Every filing list is optional, and the two empties mean different things:
 * - absent (undefined): the dataset is not loaded for this deployment, so nothing is known;
 * - `[]`: the dataset is loaded and shows nothing for this lot.
 * The data plumbing must fill `[]` for every dataset it loads: a missing filing in a loaded
 * dataset makes an obligation overdue, while an unloaded dataset only makes it a reminder.
 */

/** The PLUTO attributes the obligation rules read; null where PLUTO leaves the column blank or 0. */
export interface PlutoLot {
  bbl: string;
  /** Stories above grade (PLUTO `numfloors`). */
  numfloors: number | null;
  /** DOF building class (`A5`, `C0`, `D4`, `O4`, ...). */
  bldgclass: string | null;
  unitsres: number | null;
  /** Gross floor area of every building on the lot (a proxy for DOF gross floor area). */
  bldgarea: number | null;
  numbldgs: number | null;
  /** Community district: borough digit then district (101, 318). */
  cd: number | null;
  /** Tax block, without the borough. */
  block: number | null;
  yearbuilt: number | null;
}

/** DOB NOW: Safety – Facades Compliance Filings (`xubg-57si`), one row per filing. */
export interface FacadeFiling {
  /** As the dataset writes it ('9', '10A', 'Cycle 10'): the leading cycle number is what counts. */
  cycle: string;
  /** `Auto-Generated` marks a placeholder the city created for a building that owes a report. */
  filingType: string | null;
  /** SAFE, SWARMP, UNSAFE or `No Report Filed`. */
  filingStatus: string | null;
  submittedOn: string | null;
}

/** A test or inspection an elevator device's latest report shows. */
export type ElevatorTest = 'periodic' | 'cat1' | 'cat5';

/** DOB NOW Elevator Safety Compliance (`e5aq-a4j2`), one row per device. */
export interface ElevatorDevice {
  deviceNumber: string;
  /** 'Passenger Elevator', 'Freight', 'Escalator', 'Dumbwaiter (D)', ... */
  deviceType: string | null;
  /** Only `Active` devices owe tests. */
  deviceStatus: string | null;
  periodicReportYear?: number | null;
  periodicLatestInspection: string | null;
  cat1ReportYear?: number | null;
  cat1LatestReportFiled: string | null;
  cat5LatestReportFiled: string | null;
  /** Tests whose latest report shows defects not yet affirmed corrected. */
  uncorrectedDefects?: ElevatorTest[];
}

/** DOB NOW: Safety Boiler (`52dp-yji6`), one row per report. */
export interface BoilerReport {
  boilerId: string;
  /** The inspection year (the leading year of `tracking_number`); falls back to the inspection date's year. */
  reportYear: number | null;
  inspectionDate: string | null;
  defectsExist: boolean;
  /** Only reports whose status starts with `Accepted` count. */
  reportStatus: string | null;
}

/** DOB Violations (`3h2n-5cm9`, BIS): the type code says which obligation an open one concerns. */
export interface DobViolation {
  /** VIOLATION_TYPE_CODE: `LBLVIO`, `ACC1`, `EVCAT1`, `FISPNRF`, `BENCH`, ...; null when the row had none. */
  violationType: string | null;
  /** Open as the docket reads it (no `*` in the category). */
  isOpen: boolean;
  issuedOn: string | null;
}

/** DOB Safety Violations (`855j-jady`): the failure-to-file and failure-to-correct kinds. */
export interface SafetyViolation {
  /** `FTF-EN-BENCH`, `FTC-VT-CAT1-CO`, `LBLVIO`, ... */
  violationType: string;
  /** 'Elevator', 'Boiler', ... */
  deviceType: string | null;
  /** `Active` while open; `Dismissed`, `Resolved`, ... once closed. */
  violationStatus: string | null;
  issuedOn: string | null;
}

/** Energy and Water Data Disclosure for LL84 (`5zyy-y8am`), one row per report year. */
export interface BenchmarkingSubmission {
  /** The calendar year whose energy and water use was reported (filed by May 1 of the next year). */
  reportYear: number;
  submittedOn: string | null;
}

/** HPD Multiple Dwelling Registrations (`tesw-yqqr`), one row per building registration. */
export interface HpdRegistration {
  lastRegistrationDate: string | null;
  /** Past = lapsed. */
  registrationEndDate: string | null;
}

/** HPD Bedbug Reporting (`wz6d-d3jb`). */
export interface BedbugFiling {
  filingDate: string | null;
  /** The end of the November–October year reported (`filling_period_end_date` in the source). */
  filingPeriodEndDate: string | null;
}

/** NYC Cooling Tower Registrations (`y4fw-iqfr`). */
export interface CoolingTower {
  towerId: string;
  /** `Active` towers owe certification; removed ones do not. */
  status: string | null;
  registeredOn: string | null;
  /** The latest annual certification on file. */
  lastCertifiedOn: string | null;
}

/** The LL33 energy grade list (benchmarking covered buildings). */
export interface EnergyGradeListing {
  /** A, B, C, D, F (not filed) or N (exempt). */
  grade: string | null;
  grossFloorArea: number | null;
}

/**
 * The data set a filing list was read from, and the day up to which it is known complete
 * here (the newer of its newest record and its last full pass with the city's portal; null
 * when it dates none of its records, or is not loaded): a missing filing due after that day
 * may simply not be in it yet.
 */
export interface EvidenceSource {
  /** The data set's registry name (`dob-now-elevators`, `elevators`, ...). */
  dataset: string;
  /** Its title, for the sentence that says why an item cannot be confirmed. */
  title: string;
  asOf: string | null;
}

/** The filing and violation lists of LotFacts, each read from one data set. */
export type FilingList =
  | 'facadeFilings'
  | 'elevatorDevices'
  | 'boilerReports'
  | 'safetyViolations'
  | 'dobViolations'
  | 'benchmarkingSubmissions'
  | 'hpdRegistrations'
  | 'bedbugFilings'
  | 'coolingTowers';

/** One lot with everything the city's datasets show for it. */
export interface LotFacts extends PlutoLot {
  // Absent = dataset not loaded here; [] = loaded, nothing for this lot (see the top of this file).
  facadeFilings?: FacadeFiling[];
  elevatorDevices?: ElevatorDevice[];
  boilerReports?: BoilerReport[];
  safetyViolations?: SafetyViolation[];
  dobViolations?: DobViolation[];
  benchmarkingSubmissions?: BenchmarkingSubmission[];
  hpdRegistrations?: HpdRegistration[];
  bedbugFilings?: BedbugFiling[];
  coolingTowers?: CoolingTower[];
  /** Present when the lot is on the LL33 covered-buildings list; absent or null otherwise (or when the list is not loaded). */
  energyGrade?: EnergyGradeListing | null;
  /**
   * Where each list comes from and how far it is known complete; for an absent list, the data
   * set that would fill it (asOf null). A list with no source is known complete to no day, so
   * no item can read it as missed.
   */
  evidenceSources?: Partial<Record<FilingList, EvidenceSource>>;
}
