import { buildPermitQuery } from './queries';

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('permit list query', () => {
  it('first page newest first: the lot only, undated last (-infinity descending), a total order, one row beyond the page', () => {
    const query = buildPermitQuery({ bbl: '3060350056', sort: '-date' }, null, 21);
    expect(query.values).toEqual(['3060350056', 21]);
    expect(squash(query.text)).toContain("where bbl = $1 order by coalesce(p.issued_at, '-infinity'::date) desc, source_dataset desc, source_id desc limit $2");
  });

  it('filters and a keyset position in the sort direction; undated is +infinity ascending; since/until also bound the date index key (-infinity undated)', () => {
    const query = buildPermitQuery({ bbl: '3060350056', sort: 'date', status: 'open', since: '2020-01-01', until: '2022-12-31' }, ['2022-05-10', 'dob-permits', '3905896'], 3);
    expect(query.values).toEqual(['3060350056', '2020-01-01', '2022-12-31', '2022-05-10', 'dob-permits', '3905896', 3]);
    expect(squash(query.text)).toContain(
      "where bbl = $1 and is_open = true and issued_at >= $2::date and coalesce(p.issued_at, '-infinity'::date) >= $2::date and issued_at <= $3::date and coalesce(p.issued_at, '-infinity'::date) <= $3::date and (coalesce(p.issued_at, 'infinity'::date), source_dataset, source_id) > (coalesce($4::date, 'infinity'::date), $5::text, $6::text) order by coalesce(p.issued_at, 'infinity'::date) asc, source_dataset asc, source_id asc limit $7",
    );
  });

  it('a position past the dated rows (null date) and closed items, descending', () => {
    const query = buildPermitQuery({ bbl: '1', sort: '-date', status: 'closed' }, [null, 'dob-jobs', '1-01'], 2);
    expect(query.values).toEqual(['1', null, 'dob-jobs', '1-01', 2]);
    expect(squash(query.text)).toContain("is_open = false and (coalesce(p.issued_at, '-infinity'::date), source_dataset, source_id) < (coalesce($2::date, '-infinity'::date), $3::text, $4::text)");
  });
});
