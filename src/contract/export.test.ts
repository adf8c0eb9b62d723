import { parse } from 'csv-parse/sync';
import { csvText } from './export';

describe('csvText', () => {
  it('writes RFC 4180: CRLF records, quoted commas, quotes, CR and LF, a header row when asked', () => {
    const items = [
      { name: 'JOE\'S PIZZA, "THE ORIGINAL"', note: 'line one\nline two', crlf: 'a\r\nb', cr: 'x\ry', plain: 'ok' },
    ];
    const text = csvText(['name', 'note', 'crlf', 'cr', 'plain'], items, true);
    expect(text).toBe('name,note,crlf,cr,plain\r\n"JOE\'S PIZZA, ""THE ORIGINAL""","line one\nline two","a\r\nb","x\ry",ok\r\n');
    expect(parse(text)).toEqual([['name', 'note', 'crlf', 'cr', 'plain'], [items[0].name, items[0].note, items[0].crlf, items[0].cr, 'ok']]);
  });

  it('writes values as the JSON has them: numbers, booleans, null and missing as empty, nested fields by dotted path', () => {
    const item = { cents: 123456, lat: 40.7128, open: true, closed: false, none: null, address: { street: 'CARMINE ST', zip: null }, tags: ['a', 'b'] };
    expect(csvText(['cents', 'lat', 'open', 'closed', 'none', 'missing', 'address.street', 'address.zip', 'address.nowhere.deeper', 'tags'], [item])).toBe(
      '123456,40.7128,true,false,,,CARMINE ST,,,"[""a"",""b""]"\r\n',
    );
  });

  it('leaves a value that looks like a formula as it is (the document says so)', () => {
    expect(csvText(['v'], [{ v: '=1+1' }, { v: '-5' }])).toBe('=1+1\r\n-5\r\n');
  });

  it('writes only the header for an empty list', () => {
    expect(csvText(['a', 'b'], [], true)).toBe('a,b\r\n');
  });
});
