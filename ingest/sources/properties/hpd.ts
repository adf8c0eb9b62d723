import type { RegistrationContact } from '../../../src/domain/owners/portfolios';
import type { RawRecord } from '../columns';
import { DatasetSpec, rejectingParser, spacedText, textField } from '../dataset';
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

/** One contact (owner, agent, officer, site manager) of an HPD registration. */
export interface HpdContactFacts extends RegistrationContact {
  registrationContactId: string;
  /** The registration it belongs to: the load finds the lot through it. */
  registrationId: string;
}

export type HpdContactRow = FilingRow<HpdContactFacts>;

function parseHpdContact(record: RawRecord): HpdContactRow {
  const registrationContactId = requiredText(record, 'registrationcontactid', 'RegistrationContactID');
  const registrationId = requiredText(record, 'registrationid', 'RegistrationID');
  const type = spacedText(record.type);
  return {
    sourceId: registrationContactId,
    // A contact names neither lot nor building: the load joins it to its registration's lot.
    bbl: null,
    bin: null,
    filedOn: null,
    endOn: null,
    status: null,
    category: type,
    facts: {
      registrationContactId,
      registrationId,
      type,
      contactDescription: spacedText(record.contactdescription),
      corporationName: spacedText(record.corporationname),
      title: spacedText(record.title),
      firstName: spacedText(record.firstname),
      middleInitial: textField(record.middleinitial),
      lastName: spacedText(record.lastname),
      businessAddress: {
        houseNumber: textField(record.businesshousenumber),
        streetName: spacedText(record.businessstreetname),
        apartment: spacedText(record.businessapartment),
        city: spacedText(record.businesscity),
        state: textField(record.businessstate),
        zip: textField(record.businesszip),
      },
    },
    fields: sourceFields(record),
  };
}

/**
 * HPD Registration Contacts (feu5-w2e2): the owners, agents, officers and site managers of
 * each registration, one row per contact (RegistrationContactID), keyed to its registration
 * by RegistrationID; no lot, building or date column.
 */
export const HPD_CONTACTS: DatasetSpec<HpdContactRow> = {
  name: 'hpd-contacts',
  title: 'HPD Registration Contacts',
  requiredColumns: ['registrationcontactid', 'registrationid', 'type', 'corporationname', 'firstname', 'lastname'],
  requiredJsonKeys: ['registrationcontactid', 'registrationid'],
  formats: ['csv', 'json'],
  parse: rejectingParser(parseHpdContact),
};
