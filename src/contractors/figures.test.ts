import { addressesAgree, isFoodServiceAgency, type LinkEstablishment, type LinkSummons, linkSummonses, namesAgree, RESTAURANT_SUMMONS_LINK_RULE } from './figures';

/**
 * The link rule, step by step, on hand-made rows. Two lots hold two establishments each as the
 * city's restaurant export writes them (restaurants/dohmh_inspections_export_561_20241009.csv:
 * Queens Center, 90-15 Queens Boulevard, BBL 4018600100; Grand Central, BBL 1012800001);
 * the integration test (test/restaurants/summonses.test.ts) runs the same rule on those rows.
 */
const TIGER: LinkEstablishment = {
  camis: '50101101', bbl: '4018600100', building: '90-15', street: 'QUEENS BOULEVARD', borough: 'Queens', name: 'TIGER SUGAR', inspectionDates: ['2024-03-05'],
};
const CHEESECAKE: LinkEstablishment = {
  camis: '41504444', bbl: '4018600100', building: '90-15', street: 'QUEENS BOULEVARD', borough: 'Queens', name: 'THE CHEESECAKE FACTORY', inspectionDates: ['2024-03-05', '2023-08-14'],
};
const PLAYA: LinkEstablishment = {
  camis: '50122222', bbl: '1012800001', building: '89', street: 'EAST   42 STREET', borough: 'Manhattan', name: 'PLAYA BOWLS', inspectionDates: ['2024-06-11'],
};
const JOE: LinkEstablishment = {
  camis: '50033333', bbl: '1012800001', building: '00', street: 'GRAND CENTRAL TERMINAL', borough: 'Manhattan', name: 'JOE COFFEE', inspectionDates: ['2024-06-11', '2024-01-09'],
};
const ALL = [TIGER, CHEESECAKE, PLAYA, JOE];

const summons = (ticket: string, fields: Partial<LinkSummons>): LinkSummons => ({
  ticket, issuingAgency: 'DEPT OF HEALTH', violationBbl: '4018600100', violationHouse: null, violationStreet: null,
  respondentFirstName: null, respondentLastName: 'SOMEONE ELSE LLC', violationDate: null, ...fields,
});

describe('restaurant summons link rule', () => {
  test('step 0: Health Department food-service agencies only', () => {
    for (const agency of ['DEPT OF HEALTH', '812 - DOHMH', 'DOH/MENTAL HEALTH', 'DOHMH', 'dept. of health & mental hygiene']) expect([agency, isFoodServiceAgency(agency)]).toEqual([agency, true]);
    for (const agency of ['PCS - DOHMH', 'VECTOR - DOHMH', 'VETERINARY-DOHMH', 'WATER TANK - DOHMH', 'DEPT. OF BUILDINGS', 'SANITATION RECYCLING', 'HEALTHY HOMES X', '', null]) {
      expect([agency, isFoodServiceAgency(agency)]).toEqual([agency, false]);
    }
  });

  test('step 2: addresses agree on house number and canonical street; incomplete ones do not contradict', () => {
    expect(addressesAgree({ violationHouse: '9015', violationStreet: 'QUEENS BLVD' }, TIGER)).toBe(true);
    expect(addressesAgree({ violationHouse: '90-15', violationStreet: 'Queens Boulevard' }, TIGER)).toBe(true);
    expect(addressesAgree({ violationHouse: '90-17', violationStreet: 'QUEENS BLVD' }, TIGER)).toBe(false);
    expect(addressesAgree({ violationHouse: '90-15', violationStreet: '57 AVENUE' }, TIGER)).toBe(false);
    expect(addressesAgree({ violationHouse: '89', violationStreet: 'E 42ND ST' }, PLAYA)).toBe(true);
    expect(addressesAgree({ violationHouse: null, violationStreet: 'E 42ND ST' }, PLAYA)).toBe(true);
    expect(addressesAgree({ violationHouse: '89', violationStreet: 'E 42ND ST' }, { ...PLAYA, building: null })).toBe(true);
  });

  test('step 3: respondent names against the dba', () => {
    expect(namesAgree('THE CHEESECAKE FACTORY RESTAURANTS INC', 'THE CHEESECAKE FACTORY')).toBe(true);
    expect(namesAgree('CHEESECAKE FACTORY RESTAURANT', 'THE CHEESECAKE FACTORY')).toBe(true);
    expect(namesAgree('TIGER SUGAR QUEENS CENTER L.L.C.', 'TIGER SUGAR')).toBe(true);
    expect(namesAgree('JOE COFFEE', 'JOE COFFEE')).toBe(true);
    expect(namesAgree('ABC FOOD CORP DBA PLAYA BOWLS', 'PLAYA BOWLS')).toBe(true);
    expect(namesAgree('PLAYABOWLSGRANDCENTRALLLC', 'PLAYA BOWLS')).toBe(true); // spaces squeezed out at the docket's width
    expect(namesAgree('JOES PIZZA OF BROOKLYN INC', "JOE'S PIZZA")).toBe(true);
    // Generic words alone, other names, another word: no agreement.
    expect(namesAgree('PIZZA PALACE INC', 'PIZZA')).toBe(false);
    expect(namesAgree('GOLDEN DRAGON RESTAURANT INC', 'TIGER SUGAR')).toBe(false);
    expect(namesAgree('JOE SMITH', 'JOE COFFEE')).toBe(false);
    expect(namesAgree('COFFEE SHOP INC', 'JOE COFFEE')).toBe(false);
    expect(namesAgree('', 'JOE COFFEE')).toBe(false);
  });

  test('steps 1-4 together: lot, address, then name and date rank the tenants; ties and no evidence link nothing', () => {
    const cases: Array<[LinkSummons, string | undefined, string]> = [
      [summons('A1', { respondentLastName: 'THE CHEESECAKE FACTORY RESTAURANTS INC', violationDate: '2024-03-05' }), CHEESECAKE.camis, 'name + date beat date only'],
      [summons('A2', { respondentLastName: 'SOMEONE ELSE LLC', violationDate: '2024-03-05' }), undefined, 'date only, two tenants inspected that day: a tie'],
      [summons('A3', { respondentLastName: 'SOMEONE ELSE LLC', violationDate: '2023-08-14' }), CHEESECAKE.camis, 'date only, one tenant inspected that day'],
      [summons('A4', { respondentLastName: 'TIGER SUGAR QUEENS LLC', violationDate: '2019-02-01' }), TIGER.camis, 'name only (older than the inspections on record)'],
      [summons('A5', { respondentLastName: 'SOMEONE ELSE LLC', violationDate: '2019-02-01' }), undefined, 'no evidence: an earlier business in the space'],
      [summons('A6', { respondentLastName: 'TIGER SUGAR QUEENS LLC', violationDate: '2024-03-05', issuingAgency: 'PCS - DOHMH' }), undefined, 'pest control unit'],
      [summons('A7', { respondentLastName: 'TIGER SUGAR QUEENS LLC', violationDate: '2024-03-05', issuingAgency: 'DEPT. OF BUILDINGS' }), undefined, 'not a health summons'],
      [summons('A8', { respondentLastName: 'TIGER SUGAR QUEENS LLC', violationDate: '2024-03-05', violationBbl: '4018600101' }), undefined, 'another lot'],
      [summons('A9', { respondentLastName: 'TIGER SUGAR QUEENS LLC', violationDate: '2024-03-05', violationBbl: null }), undefined, 'no lot'],
      [summons('B1', { respondentLastName: 'TIGER SUGAR QUEENS LLC', violationDate: '2024-03-05', violationHouse: '90-01', violationStreet: 'QUEENS BLVD' }), undefined, 'another address on the lot'],
      [summons('B2', { violationBbl: '1012800001', respondentLastName: 'GC BOWLS LLC', violationDate: '2024-06-11', violationHouse: '89', violationStreet: 'E 42 ST' }), PLAYA.camis, 'the address leaves one tenant, the date agrees'],
      [summons('B3', { violationBbl: '1-01280-0001', respondentLastName: 'JOE COFFEE LLC', violationDate: '2024-01-09' }), JOE.camis, 'BBL written with hyphens'],
      [summons('B4', { violationBbl: '1012800001', respondentLastName: 'SOMEONE ELSE LLC', violationDate: '2024-06-11' }), undefined, 'date only, both Grand Central tenants: a tie'],
    ];
    const links = linkSummonses(cases.map(([row]) => row), ALL);
    for (const [row, camis, why] of cases) expect({ why, camis: links.get(row.ticket) }).toEqual({ why, camis });
  });

  test('the caller passes every tenant of the lot: alone, a tenant would be credited a summons its neighbour ties for', () => {
    const row = summons('C1', { respondentLastName: 'SOMEONE ELSE LLC', violationDate: '2024-03-05' });
    expect(linkSummonses([row], ALL).size).toBe(0);
    // Without its neighbour the rule would wrongly credit TIGER: the caller passes every tenant of the lot.
    expect(linkSummonses([row], [TIGER]).get('C1')).toBe(TIGER.camis);
  });

  test('the documented rule names every step', () => {
    for (const word of ['DOHMH', 'PCS', 'BBL', 'house number', 'DBA', 'inspection dates', 'tie', 'at most one']) expect(RESTAURANT_SUMMONS_LINK_RULE).toContain(word);
  });
});
