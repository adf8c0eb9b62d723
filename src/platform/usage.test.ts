import { nextUtcMidnightEpoch, secondsToNextUtcMidnight, utcDay } from './usage';

describe('UTC day arithmetic', () => {
  const lateEvening = new Date('2026-03-08T23:59:30.000Z');

  it('names the UTC day, not the local one', () => {
    expect(utcDay(lateEvening)).toBe('2026-03-08');
    expect(utcDay(new Date('2026-03-09T00:00:00.000Z'))).toBe('2026-03-09');
  });

  it('counts the seconds to the next UTC midnight, never zero', () => {
    expect(secondsToNextUtcMidnight(lateEvening)).toBe(30);
    expect(secondsToNextUtcMidnight(new Date('2026-03-09T00:00:00.000Z'))).toBe(86400);
    expect(secondsToNextUtcMidnight(new Date('2026-03-08T23:59:59.999Z'))).toBe(1);
  });

  it('gives the epoch of the next UTC midnight across month and year ends', () => {
    expect(nextUtcMidnightEpoch(new Date('2026-12-31T12:00:00Z'))).toBe(Date.UTC(2027, 0, 1) / 1000);
  });
});
