import type { RawRecord } from '../columns';
import { DatasetSpec, rejectingParser, textField } from '../dataset';
import { cityDate, FilingRow, lotOrBuilding, requiredText, sourceFields } from './buildings';

/** One HPD multiple-dwelling registration of a building. */
export interface HpdRegistrationFacts {
  registrationId: string;
  /** HPD's building id. */
  buildingId: string | null;
  lastRegistrationDate: string | null;
  /** The registration lapses after this date. */
  registrationEndDate: string | null;
}

export type HpdRegistrationRow = FilingRow<HpdRegistrationFacts>;

function parseHpdRegistration(record: RawRecord): HpdRegistrationRow {
  const registrationId = requiredText(record, 'registrationid', 'RegistrationID');
  // BoroID + Block + Lot, unpadded; the BIN may be a placeholder (3000000).
  const { bbl, bin } = lotOrBuilding(
    null,
    { borough: textField(record.boroid) ?? textField(record.boro), block: textField(record.block), lot: textField(record.lot) },
    record.bin,
    `no tax lot in BoroID/Block/Lot "${record.boroid ?? ''}/${record.block ?? ''}/${record.lot ?? ''}"`,
  );
  const lastRegistrationDate = cityDate(record, 'lastregistrationdate', 'LastRegistrationDate');
  const registrationEndDate = cityDate(record, 'registrationenddate', 'RegistrationEndDate');
  return {
    sourceId: registrationId,
    bbl,
    bin,
    filedOn: lastRegistrationDate,
    endOn: registrationEndDate,
    status: null,
    category: null,
    facts: { registrationId, buildingId: textField(record.buildingid), lastRegistrationDate, registrationEndDate },
    fields: sourceFields(record),
  };
}

/**
 * HPD Multiple Dwelling Registrations (tesw-yqqr): one row per building registration, with
 * BoroID/Block/Lot unpadded, BIN, LastRegistrationDate and RegistrationEndDate (MM/DD/YYYY;
 * the registration is current while the end date is ahead).
 */
export const HPD_REGISTRATIONS: DatasetSpec<HpdRegistrationRow> = {
  name: 'hpd-registrations',
  title: 'HPD Multiple Dwelling Registrations',
  requiredColumns: ['registrationid', 'boroid', 'block', 'lot', 'bin', 'lastregistrationdate', 'registrationenddate'],
  requiredJsonKeys: ['registrationid'],
  formats: ['csv', 'json'],
  parse: rejectingParser(parseHpdRegistration),
};
