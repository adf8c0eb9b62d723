import type { Writable } from 'node:stream';
import { canonicalStreetWords } from '../../src/nyc/address';
import { csvLine, writeLine } from './csv-writer';
import { type GeneratedLot, mix, PropertySet } from './properties';
import { HPD_CONTACTS_HEADER, HPD_REGISTRATIONS_HEADER } from './properties-formats';
import { COMPANY_WORDS, GIVEN_NAMES, LOT_BOROUGHS, SURNAMES } from './properties-streets';
import { Random } from './random';

/**
 * HPD registrations and their contacts for the generated lots, with the owner each lot truly
 * has: the portfolios a grouping of owners should find, and the traps of the city's data
 * that a grouping must not fall into.
 *
 * Every multiple dwelling (3 residential units or more, condos aside) has a current
 * registration. Its lots are dealt out, in an order fixed by the seed, to landlords of set
 * sizes (landlordPlan): a few large landlords holding hundreds to thousands of lots (the
 * largest 4% of the city's multiple dwellings, over 6,000 lots at full scale), hundreds of
 * mid-size ones (11-300 lots), small owners of 2-10 lots, owners of one building, and
 * buildings registered by an LLC alone. The traps:
 * - a handful of managing agents (Agent and SiteManager contacts, their own business
 *   address) serve hundreds of unrelated owners, and a few accountants are the Officer of
 *   owners that have nothing else in common;
 * - most LLCs give one of a few registered agents' addresses as the CorporateOwner's;
 * - large landlords are families or partners whose head officers share an office, and
 *   every person of a landlord writes their name (D'AVOLA / DAVOLA / D AVOLA), their office's
 *   street (E 26TH ST / EAST 26 STREET), suite and ZIP+4 in several ways;
 * - the largest landlord, and every mid-size one of 40 lots or more, gives a lawyer's office
 *   on a few registrations; the lawyer's address is also the whole business address of one
 *   small owner, the lawyer's client;
 * - some lots have an older registration naming their seller (an owner of another
 *   portfolio), which only the current registration replaces.
 *
 * Names are unique to their landlord (a generated person's surname is a mixed-radix number
 * of surnames, GARCIA-LOPEZ), so any portfolio that mixes two landlords is the grouping's
 * error, not a namesake.
 */

export type LandlordKind = 'family' | 'partners' | 'single' | 'small' | 'owner' | 'corporate';

export interface OwnerPerson {
  first: string;
  /** The spellings of the last name, the usual one first. */
  last: string[];
  middle: string | null;
  /** Share of the landlord's registrations this person heads (family landlords). */
  weight: number;
  type: 'HeadOfficer' | 'IndividualOwner';
}

export interface Office {
  house: string;
  /** PLUTO's spelling; contacts write it in variants (streetSpellings). */
  street: string;
  zip: string;
  city: string;
}

export interface Landlord {
  id: string;
  kind: LandlordKind;
  size: number;
  people: OwnerPerson[];
  /** The office its people give; null for an owner of one building (the building's address) or an LLC alone. */
  office: Office | null;
  /** Registrations whose ordinal (in the landlord's deal) is k with k % lawyerEvery === LAWYER_AT give the lawyer's office; 0: once, at LAWYER_AT, when the landlord has 40 lots or more. */
  lawyerEvery: number;
  /** The one small owner whose business address is the lawyer's. */
  lawyersClient?: boolean;
}

/** A lot's registrations and their contacts, and the landlord it truly belongs to. */
export interface OwnedLot {
  lot: GeneratedLot;
  landlord: Landlord;
  registrations: RegistrationRecord[];
  contacts: ContactRecord[];
}

export interface RegistrationRecord {
  registrationId: number;
  buildingId: number;
  /** YYYY-MM-DD */
  lastRegistrationDate: string;
  registrationEndDate: string;
}

export interface ContactRecord {
  contactId: number;
  registrationId: number;
  type: string;
  description: string | null;
  corporationName: string | null;
  title: string | null;
  firstName: string | null;
  middleInitial: string | null;
  lastName: string | null;
  house: string | null;
  street: string | null;
  apartment: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

/** Shares of the city's multiple dwellings held by the large landlords, largest first. */
const LARGE_SHARES = [0.04, 0.022, 0.018, 0.015, 0.012, 0.01, 0.008, 0.007, 0.006, 0.005];
/** Least lots of the largest landlord and of the others, whatever the fraction. */
const LARGE_LEAST = [40, 10];
/** Shares of the multiple dwellings held by mid-size landlords, small owners and LLCs alone; the rest are owners of one building. */
const MID_SHARE = 0.3;
const SMALL_SHARE = 0.25;
const CORPORATE_SHARE = 0.05;
/** Landlords with at least this many lots may give the lawyer's office (on 1 of them, so well under a tenth). */
const LAWYER_FROM_LOTS = 40;
const LAWYER_AT = 5;
/** Share of lots with an older registration, naming the owner who sold. */
const RESOLD_SHARE = 0.05;

const spell = (...spellings: string[]) => spellings;
const LARGE: ReadonlyArray<{ kind: LandlordKind; people: Array<[string, string[], number]>; lawyerEvery?: number }> = [
  { kind: 'family', people: [['SALVATORE', spell("D'AVOLA", 'DAVOLA', 'D AVOLA'), 0.5], ['MARIA', spell("D'AVOLA", 'DAVOLA'), 0.2], ['JOSEPH', spell('DAVOLA', "D'AVOLA", 'D AVOLA'), 0.2], ['ANTHONY', spell("D'AVOLA"), 0.1]], lawyerEvery: 37 },
  { kind: 'partners', people: [['MOSHE', spell('KLEINBERG'), 1], ['DAVID', spell("O'BRIEN", 'OBRIEN', 'O BRIEN'), 1], ['PATRICK', spell('MC CARTHY', 'MCCARTHY'), 1]] },
  { kind: 'single', people: [['JOSE', spell('DE LA CRUZ', 'DELACRUZ', 'DE LACRUZ'), 1]] },
  { kind: 'family', people: [['PIETER', spell('VAN DYKE', 'VANDYKE'), 0.5], ['ANNA', spell('VAN DYKE', 'VANDYKE'), 0.3], ['HENDRIK', spell('VANDYKE'), 0.2]] },
  { kind: 'single', people: [['MICHELE', spell('LE BLANC', 'LEBLANC'), 1]] },
  { kind: 'partners', people: [['FRANK', spell('DI NAPOLI', 'DINAPOLI'), 1], ['ROBERT', spell('ST JAMES', 'ST. JAMES'), 1]] },
  { kind: 'single', people: [['CARMEN', spell('DEL RIO', 'DELRIO'), 1]] },
  { kind: 'single', people: [['KEVIN', spell("O'NEILL", 'ONEILL'), 1]] },
  { kind: 'family', people: [['IAN', spell('MAC ARTHUR', 'MACARTHUR'), 0.6], ['FIONA', spell('MACARTHUR', 'MAC ARTHUR'), 0.4]] },
  { kind: 'single', people: [['RENEE', spell('DU BOIS', 'DUBOIS'), 1]] },
];

/** Managing agents: one company, its agent and site manager, its own office; each serves hundreds of unrelated owners. */
const MANAGING_AGENTS = [
  { company: 'GOTHAM PROPERTY MANAGEMENT CORP', agent: ['ANTHONY', 'BIANCO'], site: ['LUIS', 'ORTIZ'], house: '250', street: 'WEST 57 STREET', zip: '10107', city: 'NEW YORK', weight: 30 },
  { company: 'HUDSON RIVER MGMT LLC', agent: ['RUTH', 'SALAZAR'], site: ['RUTH', 'SALAZAR'], house: '1', street: 'PENN PLAZA', zip: '10119', city: 'NEW YORK', weight: 20 },
  { company: 'KINGS COUNTY REALTY SERVICES INC', agent: ['MENDEL', 'FRIED'], site: ['VICTOR', 'ADEYEMI'], house: '1274', street: '49 STREET', zip: '11219', city: 'BROOKLYN', weight: 15 },
  { company: 'BRONX MANAGEMENT GROUP LLC', agent: ['ELENA', 'VASQUEZ'], site: ['ELENA', 'VASQUEZ'], house: '2488', street: 'GRAND CONCOURSE', zip: '10458', city: 'BRONX', weight: 12 },
  { company: 'QUEENSBORO PROPERTY SERVICES', agent: ['SUNIL', 'MEHTA'], site: ['GEORGE', 'PAPADOPOULOS'], house: '31-10', street: '37 AVENUE', zip: '11101', city: 'LONG ISLAND CITY', weight: 10 },
  { company: 'ATLAS RESIDENTIAL LLC', agent: ['HELEN', 'ZHOU'], site: ['MARCUS', 'REID'], house: '55', street: 'BROAD STREET', zip: '10004', city: 'NEW YORK', weight: 8 },
  { company: 'METRO HOUSING MANAGEMENT', agent: ['OMAR', 'FAROUK'], site: ['OMAR', 'FAROUK'], house: '90', street: 'JOHN STREET', zip: '10038', city: 'NEW YORK', weight: 5 },
] as const;

/** Registered agents: the CorporateOwner's address hundreds of LLCs give. */
const REGISTERED_AGENTS = [
  { house: '80', street: 'STATE STREET', city: 'ALBANY', zip: '12207' },
  { house: '28', street: 'LIBERTY STREET', city: 'NEW YORK', zip: '10005' },
  { house: '1', street: 'COMMERCE PLAZA', city: 'ALBANY', zip: '12260' },
  { house: '600', street: 'MAMARONECK AVENUE', city: 'HARRISON', zip: '10528' },
] as const;

/** Accountants written as the Officer of owners that share nothing else. */
const ACCOUNTANTS: ReadonlyArray<readonly [string, string]> = [['MARTIN', 'FELDMAN'], ['GRACE', 'LIEBOWITZ'], ['RAJ', 'KAPOOR']];

/** Streets of offices: none is a Manhattan lot's street, so no office shares a building's address (its ZIP is Manhattan's). */
const OFFICE_STREET_CANDIDATES = [
  'EAST 26 STREET', 'EAST 28 STREET', 'EAST 40 STREET', 'EAST 44 STREET', 'EAST 46 STREET', 'EAST 52 STREET', 'WEST 33 STREET', 'WEST 39 STREET',
  'WEST 45 STREET', 'WEST 48 STREET', 'WEST 54 STREET', 'PARK AVENUE SOUTH', 'MAIDEN LANE', 'WEST BROADWAY', 'CHAMBERS STREET', 'PEARL STREET',
  'WATER STREET', 'NASSAU STREET', 'VESEY STREET', 'MURRAY STREET', 'EAST 60 STREET', 'WEST 72 STREET', 'EAST 86 STREET',
];
const canonical = (street: string) => canonicalStreetWords(street.toLowerCase().split(/\s+/)).join(' ');
const MANHATTAN_STREETS = new Set(LOT_BOROUGHS[0].streets.map(canonical));
export const OFFICE_STREETS = OFFICE_STREET_CANDIDATES.filter((street) => !MANHATTAN_STREETS.has(canonical(street)));
const OFFICE_ZIPS = ['10010', '10016', '10017', '10036', '10038', '10007', '10013', '10022', '10023', '10028'];
/** The lawyer's office: house 1 of the first office street, which no landlord's office takes. */
export const LAWYER_OFFICE: Office = { house: '1', street: OFFICE_STREETS[0], zip: OFFICE_ZIPS[0], city: 'NEW YORK' };

const ordinal = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'TH' : ['TH', 'ST', 'ND', 'RD'][n % 10] ?? 'TH'}`;

/** Ways people write one street: EAST 26 STREET, E 26TH ST, EAST 26TH STREET, E 26 ST; PARK AVENUE SOUTH, PARK AVE S. */
export function streetSpellings(street: string): string[] {
  const short = street
    .replace(/^EAST /, 'E ')
    .replace(/^WEST /, 'W ')
    .replace(/ STREET$/, ' ST')
    .replace(/ AVENUE SOUTH$/, ' AVE S')
    .replace(/ AVENUE$/, ' AVE')
    .replace(/ LANE$/, ' LN');
  const ordinals = (text: string) => text.replace(/\b(\d+) (ST|STREET)$/, (_, digits: string, type: string) => `${ordinal(Number(digits))} ${type}`);
  return [...new Set([street, short, ordinals(short), ordinals(street)])];
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const mdy = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** The p-th generated person's name: a given name, and a surname that is p's digits in base SURNAMES (GARCIA-LOPEZ): unique. */
function personName(p: number): { first: string; last: string } {
  const first = GIVEN_NAMES[p % GIVEN_NAMES.length];
  let q = Math.floor(p / GIVEN_NAMES.length);
  const words: string[] = [];
  do {
    words.push(SURNAMES[q % SURNAMES.length]);
    q = Math.floor(q / SURNAMES.length);
  } while (q > 0);
  return { first, last: words.join('-') };
}

/** Is the lot a multiple dwelling HPD registers: 3 units or more, condos aside. */
export const isMultipleDwelling = (lot: GeneratedLot) => lot.unitsres >= 3 && lot.kind !== 'condo' && lot.kind !== 'public';

/** The multiple dwellings' lot indices, in the order they are dealt to landlords (fixed by the seed). */
export function dealOrder(set: PropertySet): number[] {
  const order: number[] = [];
  for (const index of set.shuffledIndices(4)) if (isMultipleDwelling(set.lot(index))) order.push(index);
  return order;
}

/** The landlords, in deal order, whose sizes add up to `dwellings`. */
export function landlordPlan(dwellings: number, seed: number): Landlord[] {
  const random = new Random(mix(seed, dwellings, 40));
  const landlords: Landlord[] = [];
  let dealt = 0;
  let people = 0;
  let offices = 0;
  const newOffice = (): Office => {
    const n = offices++;
    const street = OFFICE_STREETS[n % OFFICE_STREETS.length];
    // House 1 of the first street is the lawyer's.
    return { house: String(2 + Math.floor(n / OFFICE_STREETS.length)), street, zip: OFFICE_ZIPS[n % OFFICE_ZIPS.length], city: 'NEW YORK' };
  };
  let lastPerson = 0;
  const newPerson = (type: OwnerPerson['type'] = 'HeadOfficer', weight = 1): OwnerPerson => {
    lastPerson = people++;
    const { first, last } = personName(lastPerson);
    return { first, last: [last], middle: random.chance(0.4) ? String.fromCharCode(65 + random.int(0, 25)) : null, weight, type };
  };
  const add = (landlord: Omit<Landlord, 'id'>) => {
    const size = Math.min(landlord.size, dwellings - dealt);
    if (size <= 0) return false;
    landlords.push({ ...landlord, size, id: `L${String(landlords.length + 1).padStart(6, '0')}` });
    dealt += size;
    return true;
  };

  LARGE.forEach((spec, i) => {
    const size = Math.max(LARGE_LEAST[i === 0 ? 0 : 1], Math.round(LARGE_SHARES[i] * dwellings));
    if (dealt + size > dwellings / 2) return;
    add({
      kind: spec.kind,
      size,
      people: spec.people.map(([first, last, weight]) => ({ first, last, middle: null, weight, type: 'HeadOfficer' })),
      office: newOffice(),
      lawyerEvery: spec.lawyerEvery ?? 0,
    });
  });
  const upTo = (share: number) => Math.min(dwellings, dealt + Math.round(share * dwellings));
  // Mid-size landlords stay below the largest one at every fraction.
  const midMost = Math.min(300, Math.max(20, Math.floor((landlords[0]?.size ?? 40) / 2)));
  for (const end = upTo(MID_SHARE); dealt < end; ) {
    const size = Math.min(midMost, Math.floor(11 / random.next() ** (1 / 1.3)));
    const partners = random.chance(0.2);
    add({
      kind: partners ? 'partners' : 'single',
      size: Math.min(size, end - dealt),
      people: partners ? [newPerson(), newPerson()] : [newPerson(random.chance(0.25) ? 'IndividualOwner' : 'HeadOfficer')],
      office: newOffice(),
      lawyerEvery: 0,
    });
  }
  for (const end = upTo(SMALL_SHARE); dealt < end; ) {
    const owner = newPerson('IndividualOwner');
    // A couple owns together: the spouse shares the surname, under a given name no other person has (the owner's given name's counterpart).
    const spouse: OwnerPerson | null = random.chance(0.3) ? { ...owner, first: SPOUSE_NAMES[lastPerson % GIVEN_NAMES.length], middle: null } : null;
    add({ kind: 'small', size: Math.min(2 + Math.floor(8 * random.next() ** 2), end - dealt), people: spouse ? [owner, spouse] : [owner], office: newOffice(), lawyerEvery: 0 });
  }
  for (const end = upTo(CORPORATE_SHARE); dealt < end; ) add({ kind: 'corporate', size: 1, people: [], office: null, lawyerEvery: 0 });
  let first = true;
  while (dealt < dwellings) {
    add({ kind: 'owner', size: 1, people: [newPerson(random.chance(0.5) ? 'IndividualOwner' : 'HeadOfficer')], office: null, lawyerEvery: 0, lawyersClient: first });
    first = false;
  }
  return landlords;
}

/** Given names of spouses, one for each of GIVEN_NAMES: none is among them. */
const SPOUSE_NAMES = ['ESTHER', 'CARLOS', 'MEI', 'FATIMA', 'OLGA', 'HECTOR', 'PRIYA', 'SAMUEL', 'IRINA', 'TOMAS', 'NADIA', 'VICTOR', 'LEAH', 'RAFAEL', 'SOFIA'];
const TITLES = ['PRESIDENT', 'MANAGING MEMBER', 'MEMBER', 'OFFICER', 'SHAREHOLDER'];
const SUITES = [null, null, 'STE 400', 'SUITE 1200', '2ND FL', '#5', 'FL 3'];
const LLC_SUFFIXES = ['LLC', 'OWNER LLC', 'REALTY LLC', 'ASSOCIATES LLC', 'HOUSING DEVELOPMENT FUND CORP', 'EQUITIES CORP'];

/**
 * Every multiple dwelling's registrations and contacts, in deal order: the same for the same
 * set and end date. Keeps only the landlord plan and the deal order in memory.
 */
export function* ownedLots(set: PropertySet, endDate: string): Generator<OwnedLot> {
  const endMs = Date.parse(`${endDate}T00:00:00Z`);
  const order = dealOrder(set);
  const landlords = landlordPlan(order.length, set.seed);
  let at = 0;
  let dealtToLandlord = 0;
  for (const [position, index] of order.entries()) {
    while (dealtToLandlord >= landlords[at].size) {
      at += 1;
      dealtToLandlord = 0;
    }
    const landlord = landlords[at];
    const k = dealtToLandlord++;
    const lot = set.lot(index);
    const random = new Random(mix(set.seed, index, 30));
    const registrations: RegistrationRecord[] = [];
    const contacts: ContactRecord[] = [];
    const registration = (registrationId: number, registeredMs: number) => {
      const registered = isoDay(registeredMs);
      const record = { registrationId, buildingId: 100_000 + index, lastRegistrationDate: registered, registrationEndDate: `${Number(registered.slice(0, 4)) + 1}-09-01` };
      registrations.push(record);
      let n = 0;
      return (contact: Omit<ContactRecord, 'contactId' | 'registrationId'>) => contacts.push({ contactId: registrationId * 100 + ++n, registrationId, ...contact });
    };

    // The seller's registration first (older), then the current one.
    if (random.chance(RESOLD_SHARE) && landlords.length > 1) {
      const seller = landlords[(at + 1 + random.int(0, landlords.length - 2)) % landlords.length];
      const contact = registration(100_000 + order.length + position, endMs - random.int(6 * 365, 12 * 365) * DAY_MS);
      const person = seller.people[0];
      const office = seller.office ?? buildingOffice(lot);
      if (person) contact(personContact('HeadOfficer', person, office, random));
      contact(corporateContact(`${lot.houseNumber} ${lot.street} ${random.pick(LLC_SUFFIXES)}`, office, random));
    }
    const contact = registration(100_000 + position, endMs - random.int(1, 360) * DAY_MS);

    const lawyer = landlord.lawyerEvery > 0 ? k % landlord.lawyerEvery === LAWYER_AT : landlord.size >= LAWYER_FROM_LOTS && k === LAWYER_AT;
    const office = landlord.office ?? (landlord.lawyersClient ? LAWYER_OFFICE : buildingOffice(lot));
    const heads: Array<{ person: OwnerPerson; type: string; office: Office | null }> = [];
    if (landlord.kind === 'family') {
      if (lawyer) heads.push({ person: landlord.people[0], type: 'HeadOfficer', office: LAWYER_OFFICE });
      else {
        const head = random.weighted(landlord.people.map((person) => [person, person.weight] as const));
        heads.push({ person: head, type: 'HeadOfficer', office });
        const other = landlord.people.filter((person) => person !== head);
        if (other.length && random.chance(0.25)) heads.push({ person: random.pick(other), type: 'JointOwner', office });
      }
    } else if (landlord.kind === 'partners') {
      const head = landlord.people[k % landlord.people.length];
      heads.push({ person: head, type: 'HeadOfficer', office: lawyer ? LAWYER_OFFICE : office });
      if (!lawyer && random.chance(0.2)) heads.push({ person: landlord.people[(k + 1) % landlord.people.length], type: 'HeadOfficer', office });
    } else if (landlord.kind !== 'corporate') {
      const [owner, spouse] = landlord.people;
      // An owner of one building sometimes gives no business address at all.
      const given = landlord.kind === 'owner' && !landlord.lawyersClient && random.chance(0.1) ? null : office;
      heads.push({ person: owner, type: owner.type, office: lawyer ? LAWYER_OFFICE : given });
      if (spouse) heads.push({ person: spouse, type: 'JointOwner', office: given });
    }

    const llc = landlord.kind === 'corporate'
      ? `${random.pick(COMPANY_WORDS)} ${landlord.id.slice(1).replace(/^0+/, '')} ${random.pick(LLC_SUFFIXES)}`
      : `${lot.houseNumber} ${lot.street} ${random.pick(LLC_SUFFIXES)}`;
    const individual = landlord.kind === 'owner' || landlord.kind === 'small';
    if (!individual || random.chance(0.3)) {
      // Most LLCs give a registered agent's address; the rest their owner's office.
      const agentOffice = random.chance(0.6) || !office ? random.pick(REGISTERED_AGENTS) : office;
      contact(corporateContact(llc, agentOffice, random));
    }
    for (const head of heads) contact(personContact(head.type, head.person, head.office, random));

    if (random.chance(0.65)) {
      const agent = random.weighted(MANAGING_AGENTS.map((item) => [item, item.weight] as const));
      const agentOffice = { house: agent.house, street: agent.street, zip: agent.zip, city: agent.city };
      contact({ ...addressFields(agentOffice, random), type: 'Agent', description: 'CORP', corporationName: agent.company, title: null, firstName: agent.agent[0], middleInitial: null, lastName: agent.agent[1] });
      if (random.chance(0.8)) contact({ ...addressFields(agentOffice, random), type: 'SiteManager', description: null, corporationName: null, title: null, firstName: agent.site[0], middleInitial: null, lastName: agent.site[1] });
    } else if (heads.length) {
      // Self-managed: the owner is their own agent.
      contact(personContact('Agent', heads[0].person, heads[0].office, random));
    }
    if (random.chance(0.1)) {
      const [first, last] = random.pick(ACCOUNTANTS);
      contact({ ...addressFields({ house: '500', street: 'OLD COUNTRY ROAD', zip: '11530', city: 'GARDEN CITY' }, random), type: 'Officer', description: null, corporationName: null, title: 'CPA', firstName: first, middleInitial: null, lastName: last });
    }
    yield { lot, landlord, registrations, contacts };
  }
}

/** The building's own address, as an owner who lives or works there gives it. */
function buildingOffice(lot: GeneratedLot): Office {
  return { house: lot.houseNumber, street: lot.street, zip: String(lot.zip), city: lot.borough.code === 1 ? 'NEW YORK' : lot.borough.upper };
}

/** An office as one contact writes it: the street in one of its spellings, a suite or none, a ZIP+4 now and then. */
function addressFields(office: Office, random: Random): Pick<ContactRecord, 'house' | 'street' | 'apartment' | 'city' | 'state' | 'zip'> {
  return {
    house: office.house,
    street: random.pick(streetSpellings(office.street)),
    apartment: random.pick(SUITES),
    city: office.city,
    state: 'NY',
    zip: random.chance(0.15) ? `${office.zip}-${String(random.int(1000, 9999))}` : office.zip,
  };
}

function personContact(type: string, person: OwnerPerson, office: Office | null, random: Random): Omit<ContactRecord, 'contactId' | 'registrationId'> {
  const address = office ? addressFields(office, random) : { house: null, street: null, apartment: null, city: null, state: null, zip: null };
  return {
    ...address,
    type,
    description: null,
    corporationName: null,
    title: type === 'HeadOfficer' ? random.pick(TITLES) : null,
    firstName: person.first,
    middleInitial: person.middle && random.chance(0.7) ? person.middle : null,
    lastName: person.last.length > 1 && random.chance(0.4) ? random.pick(person.last.slice(1)) : person.last[0],
  };
}

function corporateContact(name: string, office: Office | { house: string; street: string; city: string; zip: string }, random: Random): Omit<ContactRecord, 'contactId' | 'registrationId'> {
  return { ...addressFields(office, random), type: 'CorporateOwner', description: 'CORP', corporationName: name, title: null, firstName: null, middleInitial: null, lastName: null };
}

export interface OwnerOutputs {
  registrations: Writable;
  contacts: Writable;
  /** bbl, landlord, kind: the true owner of each lot's current registration. */
  truth: Writable;
}

export interface OwnerCounts {
  registrations: number;
  contacts: number;
  landlords: number;
  /** The largest true portfolio: its landlord and lots. */
  largest: { landlord: string; lots: number };
}

export const OWNERS_TRUTH_HEADER = ['bbl', 'landlord', 'kind'] as const;

/** Writes the registrations, contacts and truth files (one pass, in deal order, chunked writes). */
export async function writeOwners(set: PropertySet, outputs: OwnerOutputs, endDate: string): Promise<OwnerCounts> {
  const buffers = { registrations: [] as string[], contacts: [] as string[], truth: [] as string[] };
  const flush = async (force = false) => {
    for (const key of Object.keys(buffers) as Array<keyof typeof buffers>) {
      if (buffers[key].length && (force || buffers[key].length >= 2000)) {
        await writeLine(outputs[key], buffers[key].join(''));
        buffers[key] = [];
      }
    }
  };
  await writeLine(outputs.registrations, csvLine(HPD_REGISTRATIONS_HEADER));
  await writeLine(outputs.contacts, csvLine(HPD_CONTACTS_HEADER));
  await writeLine(outputs.truth, csvLine(OWNERS_TRUTH_HEADER));
  const counts: OwnerCounts = { registrations: 0, contacts: 0, landlords: 0, largest: { landlord: '', lots: 0 } };
  const landlords = new Set<string>();
  for (const { lot, landlord, registrations, contacts } of ownedLots(set, endDate)) {
    for (const r of registrations) {
      buffers.registrations.push(csvLine([
        r.registrationId, r.buildingId, lot.borough.code, lot.borough.upper, lot.houseNumber, lot.houseNumber, lot.houseNumber, lot.street,
        10_000 + (lot.block % 90_000), lot.zip, lot.block, lot.lot, lot.bin, lot.cd % 100, mdy(r.lastRegistrationDate), mdy(r.registrationEndDate),
      ]));
    }
    for (const c of contacts) {
      buffers.contacts.push(csvLine([
        c.contactId, c.registrationId, c.type, c.description, c.corporationName, c.title, c.firstName, c.middleInitial, c.lastName, c.house, c.street, c.apartment, c.city, c.state, c.zip,
      ]));
    }
    buffers.truth.push(csvLine([lot.bbl, landlord.id, landlord.kind]));
    counts.registrations += registrations.length;
    counts.contacts += contacts.length;
    landlords.add(landlord.id);
    if (landlord.size > counts.largest.lots) counts.largest = { landlord: landlord.id, lots: landlord.size };
    await flush();
  }
  await flush(true);
  counts.landlords = landlords.size;
  return counts;
}
