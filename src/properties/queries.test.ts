import { buildDocketQuery } from './queries';

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('violation docket query (buildLotListQuery on property_violations)', () => {
  it('by penalty: the imposed amount as a bigint key, agencies as one array parameter, the keyset in the sort direction', () => {
    const query = buildDocketQuery({ bbl: '1000010001', sort: '-penalty', agency: ['DOB', 'ECB'], since: '2020-01-01' }, [5000, 'ecb-violations', '3'], 11);
    expect(query.values).toEqual(['1000010001', ['DOB', 'ECB'], '2020-01-01', 5000, 'ecb-violations', '3', 11]);
    expect(squash(query.text)).toContain(
      "from property_violations v where bbl = $1 and agency = any($2::text[]) and issued_at >= $3::date and coalesce(v.issued_at, '-infinity'::date) >= $3::date and (v.penalty_imposed_cents, source_dataset, source_id) < ($4::bigint, $5::text, $6::text) order by v.penalty_imposed_cents desc, source_dataset desc, source_id desc limit $7",
    );
    expect(squash(query.text)).toContain('penalty_imposed_cents::text as penalty_imposed_cents, penalty_due_cents::text as penalty_due_cents');
  });

  it('by date ascending: undated last as +infinity', () => {
    const query = buildDocketQuery({ bbl: '1', sort: 'date' }, [null, 'dob-violations', '9'], 2);
    expect(squash(query.text)).toContain("(coalesce(v.issued_at, 'infinity'::date), source_dataset, source_id) > (coalesce($2::date, 'infinity'::date), $3::text, $4::text)");
  });

  it('by date descending with since: the date index key bounded too (the index range of a poll), undated kept out by issued_at', () => {
    const query = buildDocketQuery({ bbl: '1', sort: '-date', since: '2026-01-01' }, null, 2);
    expect(query.values).toEqual(['1', '2026-01-01', 2]);
    expect(squash(query.text)).toContain(
      "where bbl = $1 and issued_at >= $2::date and coalesce(v.issued_at, '-infinity'::date) >= $2::date order by coalesce(v.issued_at, '-infinity'::date) desc, source_dataset desc, source_id desc limit $3",
    );
  });

  it('HPD classes as one array parameter, beside the agencies and the status; the class read with every item', () => {
    const query = buildDocketQuery({ bbl: '1', sort: '-date', agency: ['HPD'], status: 'open', violationClass: ['B', 'C'] }, null, 5);
    expect(query.values).toEqual(['1', ['HPD'], ['B', 'C'], 5]);
    expect(squash(query.text)).toContain('where bbl = $1 and agency = any($2::text[]) and is_open = true and violation_class = any($3::text[]) order by');
    expect(squash(query.text)).toContain('penalty_due_cents::text as penalty_due_cents, violation_class from property_violations v');
  });
});
