import type { RawRecord } from '../columns';
import { DatasetSpec, rejectingParser, spacedText, textField } from '../dataset';
import { buildingOnly, cityDate, FilingRow, requiredText, sourceFields } from './buildings';

/** What a DOB complaint states beyond the common columns. */
export interface DobComplaintFacts {
  dispositionDate: string | null;
  dispositionCode: string | null;
  inspectionDate: string | null;
}

export type DobComplaintRow = FilingRow<DobComplaintFacts>;

function parseDobComplaint(record: RawRecord): DobComplaintRow {
  const sourceId = requiredText(record, 'complaint_number', 'Complaint Number');
  const { bbl, bin } = buildingOnly(record.bin, `no BIN in "${record.bin ?? ''}"`);
  const fields = sourceFields(record);
  // DOBRunDate is the export's run date: it changes with every export and says nothing of the complaint.
  delete fields.dobrundate;
  return {
    sourceId,
    bbl,
    bin,
    filedOn: cityDate(record, 'date_entered', 'Date Entered'),
    endOn: null,
    status: spacedText(record.status),
    category: textField(record.complaint_category),
    facts: {
      dispositionDate: cityDate(record, 'disposition_date', 'Disposition Date'),
      dispositionCode: textField(record.disposition_code),
      inspectionDate: cityDate(record, 'inspection_date', 'Inspection Date'),
    },
    fields,
  };
}

/**
 * DOB Complaints Received (eabe-havv): one row per complaint, naming only the building
 * (BIN), with fixed-width space padding in House Number / House Street. MM/DD/YYYY dates.
 */
export const DOB_COMPLAINTS: DatasetSpec<DobComplaintRow> = {
  name: 'dob-complaints',
  title: 'DOB Complaints Received',
  requiredColumns: ['complaint_number', 'status', 'date_entered', 'bin', 'complaint_category'],
  requiredJsonKeys: ['complaint_number'],
  formats: ['csv', 'json'],
  parse: rejectingParser(parseDobComplaint),
};
