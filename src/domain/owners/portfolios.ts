import { UnionFind } from '../union-find';
import { canonicalStreetWords } from '../../nyc/address';
import { foldLetters } from '../../nyc/letters';

/**
 * Owners grouped into portfolios from HPD registrations and their contacts. The text of
 * PORTFOLIO_RULE is served in the OpenAPI document; keep it and the code in step.
 *
 * The graph: each person who owns or heads the owner of a registered building (contact
 * types HeadOfficer, IndividualOwner, JointOwner) is a node, and so is each business address
 * such a person gives (house number, street, ZIP; the apartment or suite is ignored). A
 * contact joins its name to its address. A portfolio is a connected part of that graph with
 * the lots whose current registration names it.
 *
 * The safeguards, so that a common office does not join unrelated landlords:
 * - managing agents, site managers, officers, shareholders, lessees and corporate owners
 *   never make a node: one managing agent (or the registered agent that files for hundreds
 *   of LLCs, whose address is the corporate owner's) serves owners who have nothing else in
 *   common;
 * - a person joins an address only when at least a tenth of that person's registrations
 *   give it (SHARE_OF_REGISTRATIONS): the address a landlord's buildings are run from joins
 *   them; an address written on a few registrations of a large landlord (a partner's office,
 *   a lawyer's) does not join that landlord to everyone else who used it;
 * - a registration that names no such person is a portfolio of its own, named by its
 *   corporate owner.
 * Only each lot's current registration counts (the one registered last): an owner who sold
 * stays out of the buyer's portfolio.
 */
export const PORTFOLIO_RULE = 'Owners are grouped into portfolios from HPD multiple dwelling registrations and their contacts, as Who Owns What does: every person who owns a registered building or heads its owning company (contact types HeadOfficer, IndividualOwner and JointOwner) is a node of one graph, and so is every business address such a person gives (house number, street and ZIP; the apartment or suite is ignored, spellings of the street are read as one: 116TH ST = 116 STREET). A contact joins its person to its address; a portfolio is a connected part of the graph, with the lots whose current registration (the one registered last) names one of its people. Safeguards keep a common office from joining unrelated landlords: managing agents, site managers, officers, shareholders, lessees and corporate owners never join anything (one managing agent, or the registered agent whose address hundreds of LLCs give, serves owners with nothing else in common); a person joins an address only when at least a tenth of that person\'s registrations give it; a registration that names no owning person is a portfolio of its own, named by its corporate owner, and one that names no owner at all (as when the contacts are not loaded) is in no portfolio. Names are compared in upper case with accents, punctuation and spaces ignored (D\'AVOLA = D AVOLA = DAVOLA); a middle initial is ignored.';

/** The contact types whose people and addresses make the graph. */
export const LANDLORD_TYPES: ReadonlySet<string> = new Set(['HeadOfficer', 'IndividualOwner', 'JointOwner']);

/** The least share of a person's registrations that must give an address for it to join them. */
export const SHARE_OF_REGISTRATIONS = 0.1;

export interface BusinessAddress {
  houseNumber: string | null;
  streetName: string | null;
  apartment?: string | null;
  zip: string | null;
}

/** A contact of an HPD registration as the city writes it (HPD Registration Contacts), less its ids. */
export interface RegistrationContact {
  /** CorporateOwner, IndividualOwner, JointOwner, Agent, HeadOfficer, Officer, Shareholder, SiteManager, ... */
  type: string | null;
  contactDescription: string | null;
  corporationName: string | null;
  title: string | null;
  firstName: string | null;
  middleInitial: string | null;
  lastName: string | null;
  /** The business address as written: house number, street, apartment, city, state, ZIP. */
  businessAddress: { houseNumber: string | null; streetName: string | null; apartment: string | null; city: string | null; state: string | null; zip: string | null };
}

/** One current HPD registration of a lot. */
export interface OwnerRegistration {
  registrationId: string;
  bbl: string;
  /** YYYY-MM-DD; the lot's registration with the latest date is its current one. */
  lastRegistrationDate: string | null;
}

/** One contact of a registration, as HPD Registration Contacts writes it. */
export interface OwnerContact {
  registrationId: string;
  type: string | null;
  corporationName: string | null;
  firstName: string | null;
  lastName: string | null;
  businessAddress: BusinessAddress;
}

export interface PortfolioPerson {
  /** The spelling written most often. */
  name: string;
  registrations: number;
}

export interface Portfolio {
  /** The lowest BBL of its lots: stable while that lot stays in it. */
  id: string;
  bbls: string[];
  /** Owners and head officers, most registrations first. */
  people: PortfolioPerson[];
  /** Business addresses that joined it, as `HOUSE STREET ZIP`, most registrations first. */
  addresses: PortfolioPerson[];
  /** Corporate owners named on its lots' registrations, most registrations first. */
  corporations: PortfolioPerson[];
}

export interface Portfolios {
  portfolios: Portfolio[];
  /** BBL -> portfolio id, for every lot whose current registration names an owner or a corporate owner. */
  portfolioOf: Map<string, string>;
  /** BBL -> the id of its current registration, the one that placed it. */
  registrationOf: Map<string, string>;
}

const NON_ALNUM = /[^A-Z0-9]+/g;

/** A person's key: first and last name folded, upper case, letters and digits only (middle initial left out). */
export function personKey(firstName: string | null, lastName: string | null): string | null {
  const key = foldLetters(`${firstName ?? ''} ${lastName ?? ''}`).toUpperCase().replace(NON_ALNUM, '');
  return key === '' ? null : key;
}

/** A corporation's key: folded, upper case, letters and digits only. */
export function corporationKey(name: string | null): string | null {
  const key = name ? foldLetters(name).toUpperCase().replace(NON_ALNUM, '') : '';
  return key === '' ? null : key;
}

const ZIP = /^(\d{5})(?:-?\d{4})?$/;

/** A business address's key `HOUSE STREET ZIP` (street in canonical words), or null when a part is missing. */
export function businessAddressKey(address: BusinessAddress): string | null {
  const house = address.houseNumber ? foldLetters(address.houseNumber).toUpperCase().replace(/\s+/g, '') : '';
  const street = address.streetName ? canonicalStreetWords(foldLetters(address.streetName).toLowerCase().split(/[^a-z0-9]+/)).join(' ').toUpperCase() : '';
  const zip = address.zip ? ZIP.exec(address.zip.trim())?.[1] ?? '' : '';
  return house && street && zip ? `${house} ${street} ${zip}` : null;
}

const displayName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim().replace(/\s+/g, ' ').toUpperCase();

/** Counts of spellings under one key, and the registrations the key appears on. */
class Tally {
  readonly spellings = new Map<string, number>();
  readonly registrations = new Set<string>();
  add(spelling: string, registrationId: string): void {
    this.spellings.set(spelling, (this.spellings.get(spelling) ?? 0) + 1);
    this.registrations.add(registrationId);
  }
  /** The spelling written most often (ties: the first in alphabetical order, so the answer does not depend on row order). */
  get spelling(): string {
    let best = '';
    let count = -1;
    for (const [spelling, n] of this.spellings) if (n > count || (n === count && spelling < best)) [best, count] = [spelling, n];
    return best;
  }
}

/** The value that occurs most often (ties: the smallest). */
function mostCommon(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = '';
  let count = 0;
  for (const [value, n] of counts) if (n > count || (n === count && value < best)) [best, count] = [value, n];
  return best;
}

/** Each lot's current registration: the latest registration date, then the highest id. */
function currentRegistrations(registrations: readonly OwnerRegistration[]): Map<string, OwnerRegistration> {
  const current = new Map<string, OwnerRegistration>();
  const later = (a: OwnerRegistration, b: OwnerRegistration) => {
    const [da, db] = [a.lastRegistrationDate ?? '', b.lastRegistrationDate ?? ''];
    if (da !== db) return da > db;
    return Number(a.registrationId) > Number(b.registrationId) || (Number(a.registrationId) === Number(b.registrationId) && a.registrationId > b.registrationId);
  };
  for (const registration of registrations) {
    const held = current.get(registration.bbl);
    if (!held || later(registration, held)) current.set(registration.bbl, registration);
  }
  return current;
}

const byCount = (tallies: Iterable<Tally>): PortfolioPerson[] =>
  [...tallies].map((tally) => ({ name: tally.spelling, registrations: tally.registrations.size })).sort((a, b) => b.registrations - a.registrations || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

/** The portfolios of every lot with a registration (see PORTFOLIO_RULE). */
export function groupPortfolios(registrations: readonly OwnerRegistration[], contacts: readonly OwnerContact[]): Portfolios {
  const current = currentRegistrations(registrations);
  const lotOfRegistration = new Map<string, string>();
  for (const [bbl, registration] of current) lotOfRegistration.set(registration.registrationId, bbl);

  const people = new Map<string, Tally>();
  const addresses = new Map<string, Tally>();
  const corporations = new Map<string, Tally>();
  /** registration id -> the graph nodes its owning people name (`p:` people, `a:` their addresses), and its corporate owners. */
  const nodesOf = new Map<string, Set<string>>();
  const corporationsOf = new Map<string, Set<string>>();
  /** `person|address` -> the registrations where a contact gives both. */
  const edges = new Map<string, Set<string>>();
  const tally = (map: Map<string, Tally>, key: string) => map.get(key) ?? map.set(key, new Tally()).get(key)!;
  const setOf = <K, V>(map: Map<K, Set<V>>, key: K) => map.get(key) ?? map.set(key, new Set()).get(key)!;

  for (const contact of contacts) {
    if (!lotOfRegistration.has(contact.registrationId)) continue;
    const registrationId = contact.registrationId;
    if (contact.type === 'CorporateOwner') {
      const key = corporationKey(contact.corporationName);
      if (key) {
        tally(corporations, key).add(contact.corporationName!.trim().replace(/\s+/g, ' ').toUpperCase(), registrationId);
        setOf(corporationsOf, registrationId).add(key);
      }
      continue;
    }
    if (!contact.type || !LANDLORD_TYPES.has(contact.type)) continue;
    const person = personKey(contact.firstName, contact.lastName);
    if (!person) continue;
    tally(people, person).add(displayName(contact.firstName, contact.lastName), registrationId);
    setOf(nodesOf, registrationId).add(`p:${person}`);
    const address = businessAddressKey(contact.businessAddress);
    if (!address) continue;
    tally(addresses, address).add(address, registrationId);
    setOf(nodesOf, registrationId).add(`a:${address}`);
    setOf(edges, `${person}|${address}`).add(registrationId);
  }

  const graph = new UnionFind();
  for (const [edge, on] of edges) {
    const [person, address] = edge.split('|') as [string, string];
    if (on.size >= SHARE_OF_REGISTRATIONS * people.get(person)!.registrations.size) graph.union(`p:${person}`, `a:${address}`);
  }

  // A lot joins the part of the graph most of its registration's owning people are in (ties:
  // the smaller key, so the answer does not depend on row order): its people, not the
  // addresses they gave, say whose it is. A registration without an owning person is its
  // corporate owner's.
  const lotsOf = new Map<string, string[]>();
  for (const [bbl, registration] of current) {
    const nodes = nodesOf.get(registration.registrationId);
    const corporate = [...(corporationsOf.get(registration.registrationId) ?? [])].sort()[0];
    // A registration that names no owner at all (its contacts not loaded here, or none filed)
    // proves no portfolio: the lot is left out rather than called a portfolio of its own.
    if (!nodes && !corporate) continue;
    const root = nodes ? mostCommon([...nodes].filter((node) => node.startsWith('p:')).map((node) => graph.find(node))) : `c:${corporate}`;
    (lotsOf.get(root) ?? lotsOf.set(root, []).get(root)!).push(bbl);
  }
  const addressesOf = new Map<string, string[]>();
  for (const key of addresses.keys()) {
    const root = graph.find(`a:${key}`);
    (addressesOf.get(root) ?? addressesOf.set(root, []).get(root)!).push(key);
  }

  const portfolios: Portfolio[] = [];
  const portfolioOf = new Map<string, string>();
  for (const [root, lots] of lotsOf) {
    const bbls = lots.sort();
    const personKeys = new Set<string>();
    const corporationKeys = new Set<string>();
    for (const bbl of bbls) {
      const registrationId = current.get(bbl)!.registrationId;
      for (const node of nodesOf.get(registrationId) ?? []) if (node.startsWith('p:')) personKeys.add(node.slice(2));
      for (const key of corporationsOf.get(registrationId) ?? []) corporationKeys.add(key);
    }
    const portfolio: Portfolio = {
      id: bbls[0]!,
      bbls,
      people: byCount([...personKeys].map((key) => people.get(key)!)),
      addresses: byCount((addressesOf.get(root) ?? []).map((key) => addresses.get(key)!)),
      corporations: byCount([...corporationKeys].map((key) => corporations.get(key)!)),
    };
    portfolios.push(portfolio);
    for (const bbl of bbls) portfolioOf.set(bbl, portfolio.id);
  }
  portfolios.sort((a, b) => b.bbls.length - a.bbls.length || (a.id < b.id ? -1 : 1));
  const registrationOf = new Map([...current].map(([bbl, registration]) => [bbl, registration.registrationId]));
  return { portfolios, portfolioOf, registrationOf };
}
