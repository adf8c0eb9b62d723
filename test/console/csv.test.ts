import { toCsv } from '../../web/console/csv';

const columns = [
  { header: 'name', value: (row: Record<string, unknown>) => row.name },
  { header: 'score', value: (row: Record<string, unknown>) => row.score },
];

describe("the console's CSV of the loaded rows", () => {
  test('RFC 4180: CRLF lines, quotes doubled, a field quoted only when it must be', () => {
    expect(toCsv(columns, [{ name: 'JOE\'S PIZZA & PASTA', score: 12 }, { name: 'Say "hi", twice\nplease', score: null }])).toBe(
      'name,score\r\nJOE\'S PIZZA & PASTA,12\r\n"Say ""hi"", twice\nplease",\r\n',
    );
  });

  test('no rows: the header alone', () => {
    expect(toCsv(columns, [])).toBe('name,score\r\n');
  });

  test('a text a spreadsheet would run as a formula starts with an apostrophe; numbers and negative numbers as text stay as they are', () => {
    expect(toCsv(columns, [{ name: '=HYPERLINK("x")', score: -3 }, { name: '@SUM(A1)', score: '-12.5' }, { name: '+1 212', score: '+7' }])).toBe(
      'name,score\r\n"\'=HYPERLINK(""x"")",-3\r\n\'@SUM(A1),-12.5\r\n\'+1 212,+7\r\n',
    );
  });
});
