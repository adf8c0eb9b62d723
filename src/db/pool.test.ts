import { prepared, withoutOptions } from './pool';

describe('withoutOptions', () => {
  it("takes a URL's server settings out, so the pool can add its own after them", () => {
    expect(withoutOptions('postgres://u:p@127.0.0.1:5432/db?options=-c%20datestyle%3DSQL%2CDMY&sslmode=disable')).toEqual({
      connectionString: 'postgres://u:p@127.0.0.1:5432/db?sslmode=disable',
      urlOptions: '-c datestyle=SQL,DMY',
    });
  });

  it('leaves a URL without settings, or a string that is no URL, as it is', () => {
    expect(withoutOptions('postgres://u:p@127.0.0.1:5432/db')).toEqual({ connectionString: 'postgres://u:p@127.0.0.1:5432/db', urlOptions: null });
    expect(withoutOptions('host=/tmp dbname=db')).toEqual({ connectionString: 'host=/tmp dbname=db', urlOptions: null });
  });
});

describe('prepared', () => {
  it('names a statement after its text: the same text the same name, another text another', () => {
    const a = prepared('select $1::int', [1]);
    expect(a).toEqual({ name: prepared('select $1::int', [2]).name, text: 'select $1::int', values: [1] });
    expect(prepared('select $1::text', [1]).name).not.toBe(a.name);
  });
});
