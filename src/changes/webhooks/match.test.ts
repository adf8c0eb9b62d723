import { subscriptionMatches } from './match';

const none = { families: [], kinds: [], entityIds: [], zips: [], boroughs: [], portfolioIds: [] };
const change = { family: 'restaurant', entityId: '41000001', kind: 'grade_change', zip: '10014', borough: 'Manhattan' };

describe('subscriptionMatches', () => {
  it('an empty subscription receives every change', () => {
    expect(subscriptionMatches(none, change)).toBe(true);
  });
  it('families and kinds restrict', () => {
    expect(subscriptionMatches({ ...none, families: ['property'] }, change)).toBe(false);
    expect(subscriptionMatches({ ...none, kinds: ['closure'] }, change)).toBe(false);
    expect(subscriptionMatches({ ...none, families: ['restaurant'], kinds: ['grade_change', 'closure'] }, change)).toBe(true);
  });
  it('ids, ZIPs and boroughs select together', () => {
    expect(subscriptionMatches({ ...none, entityIds: ['41000002'] }, change)).toBe(false);
    expect(subscriptionMatches({ ...none, entityIds: ['41000002'], zips: ['10014'] }, change)).toBe(true);
    expect(subscriptionMatches({ ...none, boroughs: ['manhattan'] }, change)).toBe(true);
    expect(subscriptionMatches({ ...none, boroughs: ['Bronx'] }, { ...change, borough: null })).toBe(false);
    expect(subscriptionMatches({ ...none, zips: ['10014'] }, { ...change, zip: null })).toBe(false);
  });
  it("a portfolio selects its own changes and its lots' changes, with the other axes", () => {
    const portfolio = { ...none, portfolioIds: ['1005670012'] };
    const own = { family: 'owner', entityId: '1005670012', kind: 'lot_joined', zip: '10011', borough: 'Manhattan' };
    const lot = { family: 'property', entityId: '3019870033', kind: 'new_violation', zip: '11211', borough: 'Brooklyn' };
    expect(subscriptionMatches(portfolio, { ...own, portfolio: '1005670012' })).toBe(true);
    expect(subscriptionMatches(portfolio, { ...own, entityId: '2032410017', portfolio: '2032410017' })).toBe(false);
    expect(subscriptionMatches(portfolio, { ...lot, portfolio: '1005670012' })).toBe(true);
    expect(subscriptionMatches(portfolio, { ...lot, portfolio: '2032410017' })).toBe(false);
    expect(subscriptionMatches(portfolio, { ...lot, portfolio: null })).toBe(false);
    // The entity alone never selects by portfolio: the change must concern it.
    expect(subscriptionMatches(portfolio, own)).toBe(false);
    expect(subscriptionMatches({ ...portfolio, zips: ['10014'] }, change)).toBe(true);
    expect(subscriptionMatches({ ...portfolio, kinds: ['lot_left'] }, { ...own, portfolio: '1005670012' })).toBe(false);
  });
});
