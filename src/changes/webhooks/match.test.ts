import { subscriptionMatches } from './match';

const none = { families: [], kinds: [], entityIds: [], zips: [], boroughs: [] };
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
});
