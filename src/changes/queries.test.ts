import { buildChangeQuery, utcInstant } from './queries';

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('buildChangeQuery', () => {
  it('reads every change in id order without filters', () => {
    const { text, values } = buildChangeQuery({}, null, 21);
    expect(flat(text)).toBe('select c.id, c.family, c.entity_id, c.kind, c.occurred_at, c.recorded_at, c.detail from changes c order by c.id limit $1');
    expect(values).toEqual([21]);
  });

  it('combines the filters and continues after the later of the cursor and afterId', () => {
    const { text, values } = buildChangeQuery({ family: ['restaurant'], kinds: ['grade_change', 'closure'], since: '2026-01-01T00:00:00Z', afterId: 5 }, [9], 3);
    expect(flat(text)).toContain('where c.family = any($1::text[]) and c.kind = any($2::text[]) and c.occurred_at >= $3::timestamptz and c.id > $4::bigint order by c.id limit $5');
    expect(values).toEqual([['restaurant'], ['grade_change', 'closure'], '2026-01-01T00:00:00.000Z', 9, 3]);
    expect(buildChangeQuery({ afterId: 12 }, [9], 3).values).toEqual([12, 3]);
  });
});

describe('utcInstant', () => {
  it('writes any RFC 3339 offset as UTC, the ones Postgres refuses (over 15:59) included', () => {
    expect(utcInstant('2026-04-01T00:00:00Z')).toBe('2026-04-01T00:00:00.000Z');
    expect(utcInstant('6938-02-25T02:46:07.0+18:08')).toBe('6938-02-24T08:38:07.000Z');
    expect(utcInstant('2026-04-01T00:00:00.5-23:59')).toBe('2026-04-01T23:59:00.500Z');
  });

  it('reads a leap second as the next second, and past four-digit years as infinity', () => {
    expect(utcInstant('2016-12-31T23:59:60Z')).toBe('2017-01-01T00:00:00.000Z');
    expect(utcInstant('9999-12-31T23:00:00-23:00')).toBe('infinity');
    expect(utcInstant('0000-01-01T00:00:00+23:59')).toBe('-infinity');
  });

  it('reads every offset the date-time validator accepts: +01, +0100, +01:00, z', () => {
    for (const offset of ['+01', '+0100', '+01:00']) expect(utcInstant(`2026-04-01T01:00:00${offset}`)).toBe('2026-04-01T00:00:00.000Z');
    expect(utcInstant('2016-12-31t23:59:60+0000')).toBe('2017-01-01T00:00:00.000Z');
    expect(utcInstant('2026-04-01 00:00:00z')).toBe('2026-04-01T00:00:00.000Z');
  });
});
