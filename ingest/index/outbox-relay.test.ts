import { oldestSince } from './outbox-relay';

describe('oldestSince', () => {
  it('keeps, per entity, the oldest version its outbox rows were written over; null (every document) wins', () => {
    const since = oldestSince([
      { key: 'a', since: '12' },
      { key: 'b', since: null },
      { key: 'a', since: '7' },
      { key: 'b', since: '3' },
      { key: 'c', since: '5' },
      { key: 'c', since: null },
      { key: 'c', since: '1' },
    ]);
    expect([...since]).toEqual([['a', 7], ['b', null], ['c', null]]);
  });
});
