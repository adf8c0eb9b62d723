import { businessAddressKey, groupPortfolios, type OwnerContact, type OwnerRegistration } from '../../src/domain/owners/portfolios';
import { isMultipleDwelling, landlordPlan, LAWYER_OFFICE, OFFICE_STREETS, ownedLots, streetSpellings } from './owners';
import { PropertySet } from './properties';

/**
 * The generated owners grouped by the portfolio rule (a pure function, no services), against
 * the owner the generator gave each lot: every true portfolio held at 90% or more by one
 * portfolio of ours, no portfolio of ours holding lots of two true owners, and the traps
 * (managing agents, registered agents, accountants, a lawyer's office, sellers' older
 * registrations, spellings of names and streets) joining no one.
 */

const FRACTION = 0.01;
const END = '2026-04-01';

function generatedSet(seed: number) {
  const set = new PropertySet(FRACTION, seed);
  const registrations: OwnerRegistration[] = [];
  const contacts: OwnerContact[] = [];
  const truth = new Map<string, { landlord: string; kind: string }>();
  const lawyersClient: string[] = [];
  const resold: string[] = [];
  for (const owned of ownedLots(set, END)) {
    for (const r of owned.registrations) registrations.push({ registrationId: String(r.registrationId), bbl: owned.lot.bbl, lastRegistrationDate: r.lastRegistrationDate });
    for (const c of owned.contacts) {
      contacts.push({
        registrationId: String(c.registrationId), type: c.type, corporationName: c.corporationName, firstName: c.firstName, lastName: c.lastName,
        businessAddress: { houseNumber: c.house, streetName: c.street, apartment: c.apartment, zip: c.zip },
      });
    }
    truth.set(owned.lot.bbl, { landlord: owned.landlord.id, kind: owned.landlord.kind });
    if (owned.landlord.lawyersClient) lawyersClient.push(owned.lot.bbl);
    if (owned.registrations.length > 1) resold.push(owned.lot.bbl);
  }
  return { registrations, contacts, truth, lawyersClient, resold };
}

describe('generated HPD owners, grouped into portfolios', () => {
  const generated = generatedSet(5);
  const grouped = groupPortfolios(generated.registrations, generated.contacts);
  const lotsOf = new Map<string, string[]>();
  for (const [bbl, { landlord }] of generated.truth) (lotsOf.get(landlord) ?? lotsOf.set(landlord, []).get(landlord)!).push(bbl);

  it('holds at least 90% of every true portfolio in one portfolio of ours, and mixes no two true owners', () => {
    let worstRecall = 1;
    let heldLots = 0;
    const below: string[] = [];
    for (const [landlord, bbls] of lotsOf) {
      const counts = new Map<string, number>();
      for (const bbl of bbls) counts.set(grouped.portfolioOf.get(bbl)!, (counts.get(grouped.portfolioOf.get(bbl)!) ?? 0) + 1);
      const best = Math.max(...counts.values());
      heldLots += best;
      worstRecall = Math.min(worstRecall, best / bbls.length);
      if (best / bbls.length < 0.9) below.push(`${landlord}: ${best}/${bbls.length}`);
    }
    const mixed = grouped.portfolios.filter((portfolio) => new Set(portfolio.bbls.map((bbl) => generated.truth.get(bbl)!.landlord)).size > 1);
    const largest = [...lotsOf.values()].reduce((a, b) => (b.length > a.length ? b : a));
    console.log(
      `generated owners at fraction ${FRACTION}: ${generated.truth.size} multiple dwellings, ${generated.registrations.length} registrations, ${generated.contacts.length} contacts, ` +
        `${lotsOf.size} true owners (largest ${largest.length} lots); ${grouped.portfolios.length} portfolios grouped; ` +
        `worst recall ${(100 * worstRecall).toFixed(1)}%, lots in their owner's main portfolio ${((100 * heldLots) / generated.truth.size).toFixed(2)}%; ` +
        `portfolios mixing two true owners: ${mixed.length} of ${grouped.portfolios.length}`,
    );
    expect(generated.truth.size).toBeGreaterThan(1000);
    expect(grouped.portfolioOf.size).toBe(generated.truth.size);
    expect(below).toEqual([]);
    expect(mixed.map((portfolio) => portfolio.id)).toEqual([]);
  });

  it('the traps join no one: agents, registered agents and accountants are never people or addresses of a portfolio; the lawyer\'s office joins no landlord to its client', () => {
    const agents = new Set(['ANTHONY BIANCO', 'RUTH SALAZAR', 'LUIS ORTIZ', 'MENDEL FRIED', 'MARTIN FELDMAN', 'GRACE LIEBOWITZ', 'RAJ KAPOOR']);
    const sharedOffices = new Set(['80 STATE STREET 12207', '28 LIBERTY STREET 10005', '250 WEST 57 STREET 10107', '1 PENN PLAZA 10119']);
    for (const portfolio of grouped.portfolios) {
      for (const person of portfolio.people) expect(agents.has(person.name)).toBe(false);
      for (const address of portfolio.addresses) expect(sharedOffices.has(address.name)).toBe(false);
    }
    // The lawyer's client is a portfolio of one lot; the landlords who gave the lawyer's office stay whole (the recall above).
    expect(generated.lawyersClient).toHaveLength(1);
    const client = grouped.portfolios.find((portfolio) => portfolio.bbls.includes(generated.lawyersClient[0]))!;
    expect(client.bbls).toEqual(generated.lawyersClient);
    const lawyer = businessAddressKey({ houseNumber: LAWYER_OFFICE.house, streetName: LAWYER_OFFICE.street, zip: LAWYER_OFFICE.zip });
    expect(client.addresses.map((address) => address.name)).toEqual([lawyer]);
    // A lot sold has its buyer's portfolio, not its seller's.
    expect(generated.resold.length).toBeGreaterThan(10);
    for (const bbl of generated.resold) {
      const portfolio = grouped.portfolios.find((p) => p.id === grouped.portfolioOf.get(bbl))!;
      expect(portfolio.bbls.every((other) => generated.truth.get(other)!.landlord === generated.truth.get(bbl)!.landlord)).toBe(true);
    }
  });

  it('the traps are real: were managing agents, site managers and officers owners, they would join unrelated landlords', () => {
    const unguarded = generated.contacts.map((contact) => (['Agent', 'SiteManager', 'Officer'].includes(contact.type!) ? { ...contact, type: 'HeadOfficer' } : contact));
    const { portfolios } = groupPortfolios(generated.registrations, unguarded);
    const mixed = portfolios.filter((portfolio) => new Set(portfolio.bbls.map((bbl) => generated.truth.get(bbl)!.landlord)).size > 1);
    console.log(`without the safeguard on contact types: ${portfolios.length} portfolios, ${mixed.length} mixing true owners, the largest ${portfolios[0].bbls.length} lots of ${new Set(portfolios[0].bbls.map((bbl) => generated.truth.get(bbl)!.landlord)).size} true owners`);
    expect(mixed.length).toBeGreaterThan(0);
    expect(new Set(portfolios[0].bbls.map((bbl) => generated.truth.get(bbl)!.landlord)).size).toBeGreaterThan(50);
  });

  it('reads the spellings of one person and of one office as one: the largest landlord is its four family members at one office', () => {
    const [largest] = grouped.portfolios;
    expect(largest.bbls).toHaveLength(lotsOf.get('L000001')!.length);
    expect(new Set(largest.bbls.map((bbl) => generated.truth.get(bbl)!.landlord)).size).toBe(1);
    expect(largest.people.map((person) => person.name.replace(/[^A-Z]/g, '').replace(/DAVOLA$/, ''))).toEqual(expect.arrayContaining(['SALVATORE', 'MARIA', 'JOSEPH', 'ANTHONY']));
    expect(largest.people).toHaveLength(4);
    expect(largest.addresses).toHaveLength(1);
    for (const street of OFFICE_STREETS) {
      const keys = new Set(streetSpellings(street).map((spelling) => businessAddressKey({ houseNumber: '2', streetName: spelling, zip: '10010' })));
      expect([street, keys.size]).toEqual([street, 1]);
    }
  });

  it('at full scale the largest landlord holds over 5,000 lots, the next ones thousands', () => {
    // The multiple dwellings of the full set, from every 50th lot.
    const layout = new PropertySet(1, 1);
    let sampled = 0;
    for (let index = 0; index < layout.lots; index += 50) if (isMultipleDwelling(layout.lot(index))) sampled += 1;
    const plan = landlordPlan(sampled * 50, 1);
    expect(plan[0].size).toBeGreaterThanOrEqual(5000);
    expect(plan[2].size).toBeGreaterThanOrEqual(2000);
    expect(plan.reduce((sum, landlord) => sum + landlord.size, 0)).toBe(sampled * 50);
  });

  it('is deterministic for a seed', () => {
    const again = generatedSet(5);
    expect(again.contacts).toEqual(generated.contacts);
    expect(again.truth).toEqual(generated.truth);
  });
});
