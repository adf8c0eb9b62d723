import { parseBisDate } from '../../../src/nyc';
import type { RawRecord } from '../columns';
import { DatasetSpec, rejectingParser, RowRejection, spacedText, textField } from '../dataset';
import { bisDate, FilingRow, lotOrBuilding, requiredText, sourceFields } from './buildings';

/** What the 2015 device file says of one elevator device. */
export interface ElevatorDeviceFacts {
  deviceNumber: string;
  /** 'Passenger Elevator (P)', 'Freight (F)', 'Escalator (E)', 'Dumbwaiter (D)', ... */
  deviceType: string | null;
  /** The status code: A (active), W (work in progress), D (dismantled), J (no jurisdiction), H (NYCHA). */
  deviceStatus: string | null;
  deviceStatusDescription: string | null;
  /** DV_LASTPER_INSP_DATE: the last periodic inspection. */
  periodicLatestInspection: string | null;
  /** DV_LASTPER_INSP_DISP, the inspection's disposition code as written (NV, DF, PI, ...). */
  periodicDisposition: string | null;
  approvedOn: string | null;
  statusOn: string | null;
}

export type ElevatorDeviceRow = FilingRow<ElevatorDeviceFacts>;

/** The device's record dates the rules do not read: an unreadable one (`********`, `21021`) is null, named by `elevatorUnknownValues`. */
function recordDate(record: RawRecord, key: string): string | null {
  return parseBisDate(record[key]) ?? null;
}

/** The record dates of a device row that cannot be read, as `COLUMN "value"`, for the ingest report. */
export function elevatorUnknownValues(row: ElevatorDeviceRow): string[] {
  return ['dv_approval_date', 'dv_status_date'].flatMap((key) =>
    row.fields[key] !== undefined && parseBisDate(row.fields[key]) === undefined ? [`${key.toUpperCase()} "${row.fields[key]}"`] : [],
  );
}

function parseElevatorDevice(record: RawRecord): ElevatorDeviceRow {
  const deviceNumber = requiredText(record, 'dv_device_number', 'DV_DEVICE_NUMBER');
  const { bbl, bin } = lotOrBuilding(
    null,
    { borough: textField(record.borough), block: textField(record.tax_block), lot: textField(record.tax_lot) },
    record.bin,
    `no tax lot in Borough/TAX_BLOCK/TAX_LOT "${record.borough ?? ''}/${record.tax_block ?? ''}/${record.tax_lot ?? ''}" and no BIN`,
  );
  const periodicLatestInspection = bisDate(record, 'dv_lastper_insp_date', 'DV_LASTPER_INSP_DATE');
  const deviceStatus = textField(record.device_status);
  const deviceType = spacedText(record.device_type);
  return {
    sourceId: deviceNumber,
    bbl,
    bin,
    filedOn: periodicLatestInspection,
    endOn: null,
    status: deviceStatus,
    category: deviceType,
    facts: {
      deviceNumber,
      deviceType,
      deviceStatus,
      deviceStatusDescription: spacedText(record.dv_device_status_description),
      periodicLatestInspection,
      periodicDisposition: textField(record.dv_lastper_insp_disp),
      approvedOn: recordDate(record, 'dv_approval_date'),
      statusOn: recordDate(record, 'dv_status_date'),
    },
    fields: sourceFields(record),
  };
}

/**
 * DOB's 2015 elevator device file (as converted from R by EmilHvitfeldt/elevators): one row
 * per device with BIN, TAX_BLOCK/TAX_LOT and the borough name, the last periodic
 * inspection (YYYYMMDD) and its disposition, status A/W/D/J/H. Column 27 has no name.
 * A device without a readable lot is joined by its BIN (lots 99999, blank or `0007T`).
 */
export const ELEVATORS: DatasetSpec<ElevatorDeviceRow> = {
  name: 'elevators',
  title: 'DOB elevator devices',
  requiredColumns: ['dv_device_number', 'device_status', 'bin', 'tax_block', 'tax_lot', 'borough', 'device_type', 'dv_lastper_insp_date'],
  requiredJsonKeys: ['dv_device_number'],
  formats: ['csv', 'json'],
  parse: rejectingParser(parseElevatorDevice),
};
