import { boroughOfBin, parseBin } from '../../../src/nyc';
import type { RawRecord } from '../columns';
import { DatasetSpec, rejectingParser, spacedText, textField } from '../dataset';
import { cityDate, FilingRow, lotOrBuilding, requiredText, sourceFields } from './buildings';

/** One re-inspection of a hazardous-facade ECB violation. */
export interface FacadeReinspectionFacts {
  /** The ECB violation re-inspected (several re-inspections share one). */
  ecbNumber: string;
  /** The violation's issue date. */
  issuedOn: string | null;
  assignedOn: string | null;
  reinspectedOn: string | null;
  /** Compliance, Not In Compliance, Work in Progress, Records Show Compliance, No Access, or null (not yet attempted). */
  attemptResult: string | null;
}

export type FacadeReinspectionRow = FilingRow<FacadeReinspectionFacts>;

function parseFacadeReinspection(record: RawRecord): FacadeReinspectionRow {
  const sourceId = requiredText(record, 'rcdisn', 'RCDISN');
  const binBorough = (() => {
    const bin = parseBin(record.bin);
    return bin === null ? null : boroughOfBin(bin);
  })();
  // No borough column: the BIN's first digit is the borough code; Block is 5-digit padded, Lot 4.
  const { bbl, bin } = lotOrBuilding(
    null,
    { borough: binBorough, block: textField(record.block), lot: textField(record.lot) },
    record.bin,
    `no tax lot in BIN/Block/Lot "${record.bin ?? ''}/${record.block ?? ''}/${record.lot ?? ''}"`,
  );
  const attemptResult = spacedText(record.attemptresult);
  const reinspectedOn = cityDate(record, 'reinspecteddate', 'ReInspectedDate');
  return {
    sourceId,
    bbl,
    bin,
    filedOn: reinspectedOn,
    endOn: null,
    status: attemptResult,
    category: textField(record.infraction_code_1),
    facts: {
      ecbNumber: requiredText(record, 'ecbno', 'ECBNo'),
      issuedOn: cityDate(record, 'issuedate', 'IssueDate'),
      assignedOn: cityDate(record, 'dateassigned', 'DateAssigned'),
      reinspectedOn,
      attemptResult,
    },
    fields: sourceFields(record),
  };
}

/**
 * The facade filings evidence in the shared folder: DOB's facadeHazardousReinspections.csv
 * (NYCDOB/data_store), re-inspections of hazardous / unsafe-facade ECB violations by the
 * Facades unit, one row per re-inspection (RCDISN). Not DOB NOW's FISP compliance filings
 * (xubg-57si): see src/properties/deadlines/shape.ts for how it is read as facade evidence.
 */
export const FACADE_FILINGS: DatasetSpec<FacadeReinspectionRow> = {
  name: 'facade-filings',
  title: 'DOB hazardous facade re-inspections',
  requiredColumns: ['rcdisn', 'ecbno', 'issuedate', 'bin', 'block', 'lot', 'reinspecteddate', 'attemptresult'],
  requiredJsonKeys: ['rcdisn', 'ecbno'],
  formats: ['csv', 'json'],
  parse: rejectingParser(parseFacadeReinspection),
};
