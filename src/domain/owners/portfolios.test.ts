import fs from 'node:fs';
import path from 'node:path';
import { isStreetType } from '../../nyc/address';
import { NYC_DATA_DIR, nycDataPresent } from '../../nyc/testing/shared-data';
import { businessAddressKey, groupPortfolios, OwnerContact, OwnerRegistration, personKey, PORTFOLIO_RULE } from './portfolios';

const address = (text: string) => {
  const [houseNumber, ...rest] = text.split(' ');
  const zip = rest.pop()!;
  return { houseNumber: houseNumber!, streetName: rest.join(' '), apartment: null, zip };
};
const registration = (registrationId: string, bbl: string, lastRegistrationDate = '2024-01-01'): OwnerRegistration => ({ registrationId, bbl, lastRegistrationDate });
const person = (registrationId: string, type: string, name: string, business: string | null): OwnerContact => {
  const [firstName, ...last] = name.split(' ');
  return { registrationId, type, corporationName: null, firstName: firstName!, lastName: last.join(' '), businessAddress: business ? address(business) : { houseNumber: null, streetName: null, zip: null } };
};
const corporation = (registrationId: string, name: string, business: string | null): OwnerContact => ({
  registrationId, type: 'CorporateOwner', corporationName: name, firstName: null, lastName: null, businessAddress: business ? address(business) : { houseNumber: null, streetName: null, zip: null },
});

describe('owner keys', () => {
  it('reads a name with accents, punctuation and spaces ignored', () => {
    expect(personKey('Salvatore', "D'Avola")).toBe(personKey('SALVATORE', 'D AVOLA'));
    expect(personKey('SALVATORE', 'DAVOLA')).toBe(personKey('SALVATORE', 'D/AVOLA'));
    expect(personKey('JOSÉ', 'PEÑA')).toBe('JOSEPENA');
    expect(personKey(null, ' ')).toBeNull();
  });

  it('reads a business address as house, canonical street and five-digit ZIP, without the suite', () => {
    expect(businessAddressKey({ houseNumber: '8714', streetName: '116th St', apartment: '2', zip: '11418-1234' })).toBe('8714 116 STREET 11418');
    expect(businessAddressKey({ houseNumber: '8714', streetName: '116 STREET', apartment: null, zip: '11418' })).toBe('8714 116 STREET 11418');
    expect(businessAddressKey({ houseNumber: '157', streetName: 'E 25TH ST', zip: '10010' })).toBe(businessAddressKey({ houseNumber: '157', streetName: 'EAST 25 STREET', zip: '10010' }));
    expect(businessAddressKey({ houseNumber: '157', streetName: null, zip: '10010' })).toBeNull();
    expect(businessAddressKey({ houseNumber: '157', streetName: 'EAST 25 STREET', zip: 'NY' })).toBeNull();
  });
});

describe('portfolios', () => {
  it('joins the lots of one person and of the people who share an office', () => {
    const { portfolioOf, portfolios } = groupPortfolios(
      [registration('1', '1000010001'), registration('2', '1000010002'), registration('3', '1000010003'), registration('4', '2000010001')],
      [
        person('1', 'HeadOfficer', 'ANNA BELL', '10 MAIN STREET 10001'),
        person('2', 'HeadOfficer', 'ANNA BELL', '10 MAIN ST 10001'),
        person('3', 'IndividualOwner', 'CARL DIX', '10 MAIN STREET 10001'),
        person('4', 'HeadOfficer', 'EVE FOX', '99 OTHER AVENUE 10002'),
      ],
    );
    expect(portfolioOf.get('1000010002')).toBe('1000010001');
    expect(portfolioOf.get('1000010003')).toBe('1000010001');
    expect(portfolioOf.get('2000010001')).toBe('2000010001');
    const first = portfolios.find((p) => p.id === '1000010001')!;
    expect(first.people.map((p) => p.name)).toEqual(['ANNA BELL', 'CARL DIX']);
    expect(first.addresses).toEqual([{ name: '10 MAIN STREET 10001', registrations: 3 }]);
  });

  it('one managing agent for hundreds of owners joins none of them', () => {
    const registrations: OwnerRegistration[] = [];
    const contacts: OwnerContact[] = [];
    for (let i = 0; i < 300; i++) {
      const id = String(i);
      registrations.push(registration(id, String(3000010000 + i)));
      contacts.push(person(id, 'HeadOfficer', `OWNER NUMBER${i}`, `${i + 1} OWN STREET 11201`));
      contacts.push(person(id, 'Agent', 'BIG MANAGER', '1 AGENCY PLAZA 10001'));
      contacts.push(person(id, 'SiteManager', 'BIG MANAGER', '1 AGENCY PLAZA 10001'));
      contacts.push(corporation(id, `${i} OWN LLC`, '500 REGISTERED AGENT ROAD 12207'));
    }
    const { portfolios } = groupPortfolios(registrations, contacts);
    expect(portfolios).toHaveLength(300);
  });

  it('an address a large landlord gives on a few registrations does not join it to the others who give it', () => {
    const registrations: OwnerRegistration[] = [];
    const contacts: OwnerContact[] = [];
    for (let i = 0; i < 40; i++) {
      registrations.push(registration(`a${i}`, String(1000100000 + i)));
      contacts.push(person(`a${i}`, 'HeadOfficer', 'BIG LANDLORD', i < 2 ? '1 LAWYER LANE 10007' : '5 OFFICE STREET 10016'));
      registrations.push(registration(`b${i}`, String(2000100000 + i)));
      contacts.push(person(`b${i}`, 'HeadOfficer', `SMALL OWNER${i % 20}`, '1 LAWYER LANE 10007'));
    }
    const { portfolioOf } = groupPortfolios(registrations, contacts);
    const landlords = new Set([...portfolioOf].filter(([bbl]) => bbl.startsWith('1')).map(([, id]) => id));
    const others = new Set([...portfolioOf].filter(([bbl]) => bbl.startsWith('2')).map(([, id]) => id));
    expect(landlords).toEqual(new Set(['1000100000']));
    expect([...others].some((id) => landlords.has(id))).toBe(false);
    expect(others.size).toBe(1); // the small owners all give the lawyer's address as theirs
  });

  it('counts only a lot\'s current registration: a seller stays out of the buyer\'s portfolio', () => {
    const { portfolioOf } = groupPortfolios(
      [registration('1', '1000010001', '2015-01-01'), registration('2', '1000010001', '2023-05-01'), registration('3', '1000010002'), registration('4', '1000010003')],
      [person('1', 'HeadOfficer', 'OLD OWNER', '1 A STREET 10001'), person('2', 'HeadOfficer', 'NEW OWNER', '2 B STREET 10001'), person('3', 'HeadOfficer', 'OLD OWNER', '1 A STREET 10001'), person('4', 'HeadOfficer', 'NEW OWNER', '2 B STREET 10001')],
    );
    expect(portfolioOf.get('1000010001')).toBe(portfolioOf.get('1000010003'));
    expect(portfolioOf.get('1000010001')).not.toBe(portfolioOf.get('1000010002'));
  });

  it('a registration naming no owning person is its corporate owner\'s portfolio', () => {
    const { portfolioOf, portfolios } = groupPortfolios(
      [registration('1', '1000010001'), registration('2', '1000010002'), registration('3', '1000010003')],
      [corporation('1', 'ACME HOLDINGS LLC', null), corporation('2', 'ACME HOLDINGS, L.L.C.', null), corporation('3', 'OTHER LLC', null)],
    );
    expect(portfolioOf.get('1000010002')).toBe('1000010001');
    expect(portfolioOf.get('1000010003')).toBe('1000010003');
    expect(portfolios.find((p) => p.id === '1000010001')!.corporations).toEqual([{ name: 'ACME HOLDINGS LLC', registrations: 2 }]);
  });

  it('a registration naming no owner at all (its contacts not loaded) is in no portfolio', () => {
    const { portfolioOf, registrationOf } = groupPortfolios([registration('1', '1000010001'), registration('2', '1000010002')], [person('2', 'Agent', 'BIG MANAGER', '1 AGENCY PLAZA 10001')]);
    expect([...portfolioOf]).toEqual([]);
    expect(registrationOf.get('1000010001')).toBe('1');
  });

  it('does not depend on the order of rows', () => {
    const registrations = [registration('1', '1000010001'), registration('2', '1000010002'), registration('3', '1000010003')];
    const contacts = [person('1', 'HeadOfficer', 'A B', '1 X STREET 10001'), person('2', 'JointOwner', 'C D', '1 X STREET 10001'), person('3', 'HeadOfficer', 'C D', '1 X STREET 10001')];
    expect(groupPortfolios([...registrations].reverse(), [...contacts].reverse())).toEqual(groupPortfolios(registrations, contacts));
  });

  it('the rule served in the OpenAPI text names its safeguards', () => {
    for (const words of ['HeadOfficer', 'IndividualOwner', 'JointOwner', 'managing agents', 'a tenth', 'current registration']) expect(PORTFOLIO_RULE).toContain(words);
  });
});

/**
 * Who Owns What's own portfolios, rebuilt: each shared file is the list of lots Who Owns What
 * gives for one root lot, with each lot's registration, its owners' names and titles and
 * the business addresses. Registration and contact rows are derived from them (every owning
 * person of a registration given every business address it lists, as the file does not say
 * which contact wrote which), and the three portfolios are grouped together.
 */
const WOW_FILES = ['wow_portfolio_1006110045.json', 'wow_portfolio_2025310005.json', 'wow_portfolio_3033420026.json'];

interface WowAddress { bbl: string; registrationid: number; lastregistrationdate: string | null; corpnames: string[] | null; businessaddrs: string[] | null; ownernames: Array<{ title: string; value: string }> | null }

/** `150 BROADWAY 2101 10038` -> house 150, street BROADWAY, apartment 2101, ZIP 10038. */
function wowAddress(text: string) {
  const words = text.split(' ');
  const houseNumber = words.shift()!;
  const zip = words.pop()!;
  let streetEnd = words.length;
  const lastType = words.map((word) => isStreetType(word.toLowerCase())).lastIndexOf(true);
  if (lastType > 0) streetEnd = lastType + 1;
  else while (streetEnd > 1 && /\d|FLOOR|SUITE|STE|FL/.test(words[streetEnd - 1]!) && !/^\d+(ST|ND|RD|TH)$/.test(words[streetEnd - 1]!)) streetEnd--;
  return { houseNumber, streetName: words.slice(0, streetEnd).join(' '), apartment: words.slice(streetEnd).join(' ') || null, zip };
}

(WOW_FILES.every((file) => nycDataPresent(`owners/${file}`)) ? describe : describe.skip)('Who Owns What portfolios rebuilt from their registrations and contacts', () => {
  it('holds at least 90% of the lots Who Owns What lists for each root lot, and no lot of another portfolio', () => {
    const listed = new Map<string, Set<string>>();
    const registrations = new Map<string, OwnerRegistration>();
    const contacts = new Map<string, OwnerContact>();
    for (const file of WOW_FILES) {
      const answer = JSON.parse(fs.readFileSync(path.join(NYC_DATA_DIR, 'owners', file), 'utf8')) as { geosearch: { bbl: string }; addrs: WowAddress[] };
      listed.set(answer.geosearch.bbl, new Set(answer.addrs.map((a) => a.bbl)));
      for (const lot of answer.addrs) {
        const id = String(lot.registrationid);
        registrations.set(id, { registrationId: id, bbl: lot.bbl, lastRegistrationDate: lot.lastregistrationdate?.slice(0, 10) ?? null });
        for (const owner of lot.ownernames ?? []) {
          const [firstName, ...last] = owner.value.split(' ');
          for (const business of lot.businessaddrs?.length ? lot.businessaddrs : [null]) {
            const businessAddress = business ? wowAddress(business) : { houseNumber: null, streetName: null, zip: null };
            contacts.set(`${id}|${owner.title}|${owner.value}|${business}`, { registrationId: id, type: owner.title, corporationName: null, firstName: firstName ?? null, lastName: last.join(' '), businessAddress });
          }
        }
        for (const name of lot.corpnames ?? []) contacts.set(`${id}|corp|${name}`, { registrationId: id, type: 'CorporateOwner', corporationName: name, firstName: null, lastName: null, businessAddress: { houseNumber: null, streetName: null, zip: null } });
      }
    }
    const { portfolioOf } = groupPortfolios([...registrations.values()], [...contacts.values()]);
    const lines: string[] = [];
    for (const [root, lots] of listed) {
      const id = portfolioOf.get(root)!;
      const ours = new Set([...portfolioOf].filter(([, of]) => of === id).map(([bbl]) => bbl));
      const held = [...lots].filter((bbl) => ours.has(bbl)).length;
      // A lot Who Owns What lists under two roots (its files were cached at different times) is another portfolio's only when it is not listed here.
      const foreign = [...ours].filter((bbl) => !lots.has(bbl) && [...listed].some(([other, its]) => other !== root && its.has(bbl)));
      lines.push(`${root}: ${held}/${lots.size} held (${((100 * held) / lots.size).toFixed(1)}%), ${foreign.length} of another portfolio, ${ours.size} lots in all`);
      expect(held / lots.size).toBeGreaterThanOrEqual(0.9);
      expect(foreign).toEqual([]);
    }
    console.log(`Who Owns What portfolios rebuilt:\n${lines.join('\n')}`);
  });
});
