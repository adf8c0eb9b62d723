import { facadeFilingsOf, fispCycleOn } from './shape';

describe('FISP cycle of a date', () => {
  it.each([
    ['2020-02-20', 8],
    ['2020-02-21', 9],
    ['2020-12-11', 9],
    ['2025-02-20', 9],
    ['2025-02-21', 10],
    ['2030-02-21', 11],
    ['2015-02-21', 8],
    ['2015-02-20', 7],
  ])('%s is in cycle %i', (date, cycle) => {
    expect(fispCycleOn(date)).toBe(cycle);
  });
});

describe('facade evidence of the hazardous re-inspection extract', () => {
  const attempt = (ecbNumber: string, issuedOn: string, reinspectedOn: string | null, attemptResult: string | null) => ({ ecbNumber, issuedOn, assignedOn: null, reinspectedOn, attemptResult });

  it('each violation is an UNSAFE report of its issue date\'s cycle; a latest re-inspection in compliance adds a SAFE one that day', () => {
    expect(
      facadeFilingsOf([
        attempt('35458313N', '2020-01-17', '2020-03-22', 'Work in Progress'),
        attempt('35458313N', '2020-01-17', '2020-09-23', 'Compliance'),
        attempt('35458313N', '2020-01-17', null, null),
        attempt('35466580H', '2020-03-22', '2020-11-02', 'Records Show Compliance'),
      ]),
    ).toEqual([
      { cycle: '8', filingType: 'Hazardous facade ECB violation', filingStatus: 'UNSAFE', submittedOn: '2020-01-17' },
      { cycle: '8', filingType: 'Re-inspection: Compliance', filingStatus: 'SAFE', submittedOn: '2020-09-23' },
      { cycle: '9', filingType: 'Hazardous facade ECB violation', filingStatus: 'UNSAFE', submittedOn: '2020-03-22' },
      { cycle: '9', filingType: 'Re-inspection: Records Show Compliance', filingStatus: 'SAFE', submittedOn: '2020-11-02' },
    ]);
  });

  it('a violation whose latest re-inspection is not in compliance (or not yet done, or no access) stays UNSAFE alone', () => {
    for (const result of ['Not In Compliance', 'Work in Progress', 'No Access']) {
      expect(facadeFilingsOf([attempt('X', '2020-06-27', '2020-05-01', 'Compliance'), attempt('X', '2020-06-27', '2020-09-04', result)])).toEqual([
        { cycle: '9', filingType: 'Hazardous facade ECB violation', filingStatus: 'UNSAFE', submittedOn: '2020-06-27' },
      ]);
    }
    expect(facadeFilingsOf([attempt('Y', '2020-06-27', null, null)])).toHaveLength(1);
  });
});
