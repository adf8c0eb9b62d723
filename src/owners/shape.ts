import type { LotRegistration } from '../properties/figures';
import type { OwnerContactItem } from './types';

/** Owners and head officers first (they make the portfolio), then the others; in each, by name. */
const ROLE_ORDER = ['CorporateOwner', 'IndividualOwner', 'JointOwner', 'HeadOfficer', 'Officer', 'Shareholder', 'Agent', 'SiteManager', 'Lessee'];
const rank = (role: string) => {
  const at = ROLE_ORDER.indexOf(role);
  return at < 0 ? ROLE_ORDER.length : at;
};

const words = (...parts: Array<string | null>) => {
  const text = parts.filter((part) => part && part.trim() !== '').join(' ').replace(/\s+/g, ' ').trim().toUpperCase();
  return text === '' ? null : text;
};

export function contactItems(registration: LotRegistration): OwnerContactItem[] {
  return registration.contacts
    .map((contact) => ({
      role: contact.type ?? 'Unknown',
      name: words(contact.firstName, contact.middleInitial, contact.lastName),
      corporationName: words(contact.corporationName),
      title: words(contact.title) ?? words(contact.contactDescription),
      businessAddress: {
        houseNumber: contact.businessAddress.houseNumber,
        street: contact.businessAddress.streetName,
        apartment: contact.businessAddress.apartment,
        city: contact.businessAddress.city,
        state: contact.businessAddress.state,
        zip: contact.businessAddress.zip,
      },
    }))
    .sort((a, b) => rank(a.role) - rank(b.role) || a.role.localeCompare(b.role) || (a.name ?? a.corporationName ?? '').localeCompare(b.name ?? b.corporationName ?? ''));
}
