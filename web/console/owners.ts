/** What the owner card prints of a lot's owners and its portfolio (pure: the card lays it out). */
import { day, dollars } from './format';
import type { LotOwners, Portfolio } from './api-types';

type Contact = LotOwners['contacts'][number];

/** HPD's contact types in words; a type the console does not know is printed as HPD writes it. */
const ROLE_TEXT: Record<string, string> = {
  CorporateOwner: 'Corporate owner',
  IndividualOwner: 'Owner',
  JointOwner: 'Joint owner',
  HeadOfficer: 'Head officer',
  Officer: 'Officer',
  Shareholder: 'Shareholder',
  Agent: 'Managing agent',
  SiteManager: 'Site manager',
  Lessee: 'Lessee',
};

export function roleText(role: string): string {
  return ROLE_TEXT[role] ?? role;
}

/** Who the contact is: the person, else the corporation, with the title HPD gives. */
export function contactName(contact: Contact): string {
  const who = contact.name ?? contact.corporationName ?? 'Not named';
  return contact.title ? `${who} (${contact.title})` : who;
}

/** The business address on one line ("40 WALL ST, Suite 1200, NEW YORK NY 10005"); empty when HPD has none. */
export function addressLine(address: Contact['businessAddress']): string {
  const street = [address.houseNumber, address.street].filter(Boolean).join(' ');
  const place = [address.city, [address.state, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(' ');
  return [street, address.apartment ? `Suite ${address.apartment}` : '', place].filter(Boolean).join(', ');
}

/** The registration's line: its id and dates, and whether it has lapsed. */
export function registrationText(registration: NonNullable<LotOwners['registration']>): string {
  const ends = registration.endsOn ? `${registration.current ? 'ends' : 'lapsed'} ${day(registration.endsOn)}` : 'no end date';
  return `HPD registration ${registration.id}, registered ${day(registration.registeredOn)}, ${ends}`;
}

/** The portfolio's summary figures, in the order the card lists them. */
export function portfolioFigures(portfolio: Portfolio): Array<[string, string]> {
  const { totals } = portfolio;
  return [
    ['Lots', String(totals.lots)],
    ['Residential units', String(totals.unitsResidential)],
    ['Open violations', String(totals.openViolations)],
    ['Overdue deadlines', String(totals.overdueDeadlines)],
    ['Deadlines needing action', String(totals.actionNeededDeadlines)],
    ['OATH tickets with fines due', String(totals.oathTicketsWithFinesDue)],
    ['OATH fines due', dollars(totals.oathFinesDueCents)],
  ];
}

/** The portfolio's name as the search names it: the person on most registrations, else its corporate owner. */
export function portfolioName(portfolio: Portfolio): string {
  return portfolio.people[0]?.name ?? portfolio.corporations[0]?.name ?? `Portfolio ${portfolio.id}`;
}
