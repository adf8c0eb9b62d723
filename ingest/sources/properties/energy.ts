import { parseBbl, parseBin } from '../../../src/nyc';
import type { RawRecord } from '../columns';
import { DatasetSpec, numberField, rejectingParser, RowRejection, spacedText, textField } from '../dataset';
import { cityDate, FilingRow, lotOrBuilding, requiredText, sourceFields } from './buildings';

/** One year's figures of a building in the LL84 municipal report; null where the report has none. */
export interface BenchmarkingYear {
  year: number;
  energyStarScore: number | null;
  sourceEui: number | null;
  ghgIntensity: number | null;
}

/** A city building in the LL84 annual municipal report. */
export interface MunicipalBenchmarkingFacts {
  building: string | null;
  agency: string | null;
  /** Each report year of the file's columns (2010 and 2021 in the 2021 report). */
  years: BenchmarkingYear[];
}

export type MunicipalBenchmarkingRow = FilingRow<MunicipalBenchmarkingFacts>;

/** The LL33 grade of a covered building. */
export interface EnergyGradeFacts {
  /** A, B, C, D, F (benchmarking not filed) or N (exempt); null when blank. */
  grade: string | null;
  grossFloorArea: number | null;
  energyStarScore: number | null;
}

export type EnergyGradeRow = FilingRow<EnergyGradeFacts>;

/** The report's "no figure": `Not Available` (any case), `Available` (a score not published), blank. */
const NO_FIGURE = /^(not\s+)?available$/i;
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A metric cell of the municipal report: a number, or null. The file was parsed from a
 * PDF and some rows are shifted (an agency name or `>` lands in a metric column): such a
 * cell is null too, and named by `municipalUnknownValues` for the ingest report.
 */
function metric(value: string | undefined): number | null {
  const text = textField(value);
  return text !== null && NUMBER.test(text) ? Number(text) : null;
}

const YEAR_COLUMN = /^(\d{4})_(score|source_eui|ghg_emissions_intensity)/;

/** The report years the header names, and each one's columns. */
function yearColumns(record: RawRecord): Map<number, Partial<Record<'score' | 'source_eui' | 'ghg_emissions_intensity', string>>> {
  const years = new Map<number, Partial<Record<'score' | 'source_eui' | 'ghg_emissions_intensity', string>>>();
  for (const key of Object.keys(record)) {
    const match = YEAR_COLUMN.exec(key);
    if (!match) continue;
    const year = Number(match[1]);
    years.set(year, { ...years.get(year), [match[2]]: key });
  }
  return years;
}

/**
 * The metric cells of a municipal report row that are neither a number nor its "no figure"
 * words (a PDF-shifted agency name, building word or `>`), one per column as
 * `COLUMN "not a number"`: the shifted words are many and say nothing one by one.
 */
export function municipalUnknownValues(row: MunicipalBenchmarkingRow): string[] {
  return Object.entries(row.fields).flatMap(([key, value]) =>
    YEAR_COLUMN.test(key) && !NUMBER.test(value) && !NO_FIGURE.test(value) ? [`${key} "not a number"`] : [],
  );
}

function parseMunicipalBenchmarking(record: RawRecord): MunicipalBenchmarkingRow {
  const { bbl, bin } = lotOrBuilding(
    null,
    { borough: textField(record.borough), block: textField(record.block), lot: textField(record.lot) },
    record.bin,
    `no tax lot in Borough/Block/Lot "${record.borough ?? ''}/${record.block ?? ''}/${record.lot ?? ''}"`,
  );
  if (bbl === null) throw new RowRejection(`no tax lot in Borough/Block/Lot "${record.borough ?? ''}/${record.block ?? ''}/${record.lot ?? ''}"`);
  const building = spacedText(record.building);
  const years = [...yearColumns(record)].sort(([a], [b]) => a - b).map(([year, columns]) => ({
    year,
    energyStarScore: metric(columns.score && record[columns.score]),
    sourceEui: metric(columns.source_eui && record[columns.source_eui]),
    ghgIntensity: metric(columns.ghg_emissions_intensity && record[columns.ghg_emissions_intensity]),
  }));
  return {
    // A building of the report: its lot, its BIN as written (placeholders and `Not Available` included) and its name.
    sourceId: `${bbl}|${textField(record.bin) ?? ''}|${building ?? ''}`,
    bbl,
    bin,
    filedOn: null,
    endOn: null,
    status: null,
    category: spacedText(record.agency),
    facts: { building, agency: spacedText(record.agency), years },
    fields: sourceFields(record),
  };
}

/**
 * LL84 benchmarking as the shared folder has it: the 2021 annual municipal report (city
 * buildings only, parsed from DOB's PDF by tarogers1/nyc-energy-maps): borough digit,
 * block, lot, BIN (`Not Available` and placeholders such as 1999999 occur), building,
 * agency, then score, source EUI and GHG intensity per report year (2010, 2021), with
 * `Not Available` for no figure. Not the LL84 disclosure dataset (5zyy-y8am).
 */
export const ENERGY_BENCHMARKING: DatasetSpec<MunicipalBenchmarkingRow> = {
  name: 'energy-benchmarking',
  title: 'LL84 municipal benchmarking report',
  requiredColumns: ['borough', 'block', 'lot', 'bin', 'building', 'agency'],
  requiredJsonKeys: ['borough', 'block', 'lot'],
  formats: ['csv', 'json'],
  parse: rejectingParser(parseMunicipalBenchmarking),
};

const GRADES = new Set(['A', 'B', 'C', 'D', 'F', 'N']);

function parseEnergyGrade(record: RawRecord): EnergyGradeRow {
  const bblText = requiredText(record, '10digitbbl', '10DigitBBl');
  const { bbl } = lotOrBuilding(bblText, { borough: null, block: null, lot: null }, undefined, 'missing 10DigitBBl');
  const grade = textField(record.energyefficiencygrade)?.toUpperCase() ?? null;
  if (grade !== null && !GRADES.has(grade)) throw new RowRejection(`unknown EnergyEfficiencyGrade "${record.energyefficiencygrade}"`);
  const grossFloorArea = numberField(record, 'dofgrosssquarefootage', 'DOFGrossSquareFootage');
  const energyStarScore = numberField(record, 'energystar1_100score', 'EnergyStar1-100Score');
  const fields = sourceFields(record);
  // PDFIndex is the parser's row number in its PDF, not a fact of the building.
  delete fields.pdfindex;
  return {
    sourceId: bbl!,
    bbl,
    bin: null,
    filedOn: null,
    endOn: null,
    status: null,
    category: grade,
    facts: { grade, grossFloorArea, energyStarScore },
    fields,
  };
}

/**
 * The LL33 energy grades of 2020 with DOB's covered-buildings list (one row per BBL, parsed
 * from DOB's disclosure PDF by tarogers1/nyc-energy-maps): 10-digit BBL, street number and
 * name, DOF gross square footage, ENERGY STAR score, grade A-D.
 */
export const ENERGY_GRADES: DatasetSpec<EnergyGradeRow> = {
  name: 'energy-grades',
  title: 'LL33 energy grades (covered buildings list)',
  requiredColumns: ['10digitbbl', 'dofgrosssquarefootage', 'energyefficiencygrade'],
  requiredJsonKeys: ['10digitbbl'],
  formats: ['csv', 'json'],
  parse: rejectingParser(parseEnergyGrade),
};

/** One property's LL84 submission for one report year, as the disclosure dataset publishes it. */
export interface Ll84DisclosureFacts {
  propertyId: string;
  /** The calendar year whose energy and water use was reported (filed by May 1 of the next year). */
  reportYear: number;
  /** The submission date where the row has one. */
  submittedOn: string | null;
  propertyName: string | null;
  energyStarScore: number | null;
  /** Every lot the submission names (a property may span several); the row is stored once per lot. */
  bbls: string[];
  bins: string[];
}

export type Ll84DisclosureRow = FilingRow<Ll84DisclosureFacts>;

/** A list cell: `1000160001;1000160002`, commas or spaces between. */
function listed(value: string | undefined): string[] {
  return (value ?? '').split(/[;,\s]+/).filter((part) => part !== '');
}

function parseLl84Disclosure(record: RawRecord): Ll84DisclosureRow {
  const propertyId = requiredText(record, 'property_id', 'property_id');
  const yearText = requiredText(record, 'report_year', 'report_year');
  const reportYear = Number(yearText);
  if (!Number.isInteger(reportYear) || reportYear < 2000 || reportYear > 2200) throw new RowRejection(`unreadable report_year "${yearText}"`);
  const bbls = [...new Set(listed(record.nyc_borough_block_and_lot).flatMap((text) => parseBbl(text) ?? []))];
  const bins = [...new Set(listed(record.nyc_building_identification).flatMap((text) => parseBin(text) ?? []))];
  if (bbls.length === 0 && bins.length === 0) {
    throw new RowRejection(`no tax lot in nyc_borough_block_and_lot "${record.nyc_borough_block_and_lot ?? ''}" and no BIN in nyc_building_identification "${record.nyc_building_identification ?? ''}"`);
  }
  // A lot is named: the building counts as its only when it is the row's one building on its one lot.
  const { bbl, bin } = bbls.length > 0 ? { bbl: bbls[0], bin: bbls.length === 1 && bins.length === 1 ? bins[0] : null } : { bbl: null, bin: bins[0] };
  // The submission date [T], else the date the property's record last changed.
  const submittedOn = cityDate(record, 'report_submission_date', 'report_submission_date') ?? cityDate(record, 'last_modified_date_property', 'last_modified_date_property');
  const score = textField(record.energy_star_score);
  return {
    sourceId: `${propertyId}|${reportYear}`,
    bbl,
    bin,
    filedOn: submittedOn,
    endOn: null,
    status: null,
    category: String(reportYear),
    facts: {
      propertyId,
      reportYear,
      submittedOn,
      propertyName: spacedText(record.property_name),
      energyStarScore: score !== null && NUMBER.test(score) ? Number(score) : null,
      bbls,
      bins,
    },
    fields: sourceFields(record),
  };
}

/**
 * Energy and Water Data Disclosure for LL84 (5zyy-y8am): one row per property and report
 * year, naming its lots (nyc_borough_block_and_lot, several separated by `;`) and buildings
 * (nyc_building_identification), with the figures submitted. `Not Available` is no figure.
 */
export const LL84_DISCLOSURE: DatasetSpec<Ll84DisclosureRow> = {
  name: 'll84-disclosure',
  title: 'Energy and Water Data Disclosure for LL84',
  requiredColumns: ['property_id', 'report_year', 'nyc_borough_block_and_lot', 'nyc_building_identification'],
  requiredJsonKeys: ['property_id', 'report_year'],
  formats: ['csv', 'json'],
  parse: rejectingParser(parseLl84Disclosure),
};
