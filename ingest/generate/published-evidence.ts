/**
 * Rows in the published shape of the evidence datasets no real sample of is at hand (DOB NOW
 * facade filings, elevator compliance, boiler reports; the LL84 disclosure): every column the
 * portal's column list names, by SODA API field name, blank unless a test gives a value.
 * Written as the portal's CSV of the resource (API names as the header) or as SODA JSON (a
 * blank value left out, as SODA does). For reader and load tests: no row is copied data.
 */
import fs from 'node:fs';
import { csvLine } from './csv-writer';

/** DOB NOW: Safety – Facades Compliance Filings (xubg-57si). */
export const FACADE_COLUMNS = [
  'tr6_no', 'control_no', 'filing_type', 'cycle', 'bin', 'house_no', 'street_name', 'borough', 'block', 'lot', 'sequence_no', 'submitted_on',
  'current_status', 'qewi_name', 'qewi_bus_name', 'qewi_bus_street_name', 'qewi_city', 'qewi_state', 'qewi_zip', 'qewi_nys_lic_no', 'owner_name',
  'owner_bus_name', 'owner_bus_street_name', 'owner_city', 'owner_zip', 'owner_state', 'filing_date', 'filing_status', 'prior_cycle_filing_date',
  'prior_status', 'field_inspection_completed_date', 'qewi_signed_date', 'late_filing_amt', 'failure_to_file_amt', 'failure_to_collect_amt', 'comments',
  'exterior_wall_type_s_', 'exterior_wall_type_other_description', 'exterior_wall_material_s_', 'exterior_wall_material_other_description',
] as const;

/** DOB NOW: Elevator Safety Compliance (e5aq-a4j2). */
export const ELEVATOR_COLUMNS = [
  'device_number', 'device_type', 'device_status', 'status_date', 'equipment_type', 'periodic_report_year', 'cat1_report_year',
  'cat1_latest_report_filed', 'cat5_latest_report_filed', 'periodic_latest_inspection', 'bin', 'bbl', 'borough', 'house_number', 'street_name', 'block', 'lot',
] as const;

/** DOB NOW: Safety Boiler (52dp-yji6). */
export const BOILER_COLUMNS = [
  'tracking_number', 'boiler_id', 'report_type', 'applicantfirst_name', 'applicant_last_name', 'applicant_license_type', 'applicant_license_number',
  'owner_first_name', 'owner_last_name', 'boiler_make', 'boiler_model', 'pressure_type', 'inspection_type', 'inspection_date', 'defects_exist',
  'lff_45_days', 'lff_180_days', 'filing_fee', 'total_amount_paid', 'report_status', 'bin_number',
] as const;

/** Energy and Water Data Disclosure for LL84 (5zyy-y8am): the columns the reader uses and some of the figures. */
export const LL84_COLUMNS = [
  'property_id', 'property_name', 'parent_property_id', 'report_year', 'nyc_borough_block_and_lot', 'nyc_building_identification', 'address_1',
  'borough', 'year_built', 'property_gfa_self_reported', 'energy_star_score', 'site_eui_kbtu_ft', 'total_location_based_ghg', 'report_submission_date',
] as const;

export type PublishedRow<Column extends string> = Partial<Record<Column, string>>;

/** A timestamp as SODA writes a floating timestamp: YYYY-MM-DDT00:00:00.000. */
export const sodaTimestamp = (date: string) => `${date}T00:00:00.000`;

/** The rows as the portal's CSV of the resource: the API field names as header, every column. */
export function writePublishedCsv<Column extends string>(file: string, columns: readonly Column[], rows: ReadonlyArray<PublishedRow<Column>>): void {
  fs.writeFileSync(file, csvLine(columns) + rows.map((row) => csvLine(columns.map((column) => row[column] ?? ''))).join(''));
}

/** The rows as SODA JSON: an array of objects, blank values left out. */
export function writePublishedJson<Column extends string>(file: string, rows: ReadonlyArray<PublishedRow<Column>>): void {
  fs.writeFileSync(file, JSON.stringify(rows.map((row) => Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined && value !== '')))));
}
