import { summaryJson, summaryOf } from './shape';

const stored = (summary: object) => ({ summary: [Buffer.from(JSON.stringify(summary)).toString('base64')] });

test('summaryJson writes what JSON.stringify(summaryOf) writes, with and without a distance', () => {
  const summary = { camis: '40000001', name: "JOE'S PIZZA", address: '7 CARMINE ST', borough: 'Manhattan', zip: '10014', grade: 'A', score: 9.5, latitude: null };
  for (const hit of [{ fields: stored(summary) }, { fields: stored(summary), sort: [100, 123.6, '40000001'] }, { fields: stored(summary), sort: [100, 'Infinity', '40000001'] }]) {
    expect(summaryJson(hit)).toBe(JSON.stringify(summaryOf(hit)));
    expect(summaryJson(hit, 1)).toBe(JSON.stringify(summaryOf(hit, 1)));
  }
});
