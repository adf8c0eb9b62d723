import { CsvError, parse } from 'csv-parse/sync';
import { CsvSplitter } from './csv-splitter';

type Piece = [line: number, fields: string[]] | [line: number, reason: string];

/** Splits `text` fed in pieces of `size` characters (every boundary a chunk can fall on). */
function split(text: string, size = text.length || 1): Piece[] {
  const pieces: Piece[] = [];
  const splitter = new CsvSplitter({ record: (fields, line) => pieces.push([line, fields]), unreadable: (reason, line) => pieces.push([line, reason]) });
  for (let at = 0; at < text.length; at += size) splitter.push(text.slice(at, at + size));
  splitter.end();
  return pieces;
}

/** What csv-parse read with the options the reader used before this splitter. */
function csvParse(text: string): Piece[] {
  const pieces: Piece[] = [];
  const records = parse(text, {
    bom: true, info: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, skip_records_with_error: true,
    on_skip: (error: CsvError | undefined) => {
      pieces.push([(error as { lines?: number } | undefined)?.lines ?? 0, 'quote not closed at the end of the file']);
      return undefined;
    },
  }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  return [...records.map(({ record, info }): Piece => [info.lines, record]), ...pieces];
}

const CASES: Record<string, string> = {
  plain: 'a,b,c\n1,2,3\n',
  crlf: 'a,b\r\n1,2\r\n3,4',
  bom: '\uFEFFa,b\n1,2\n',
  emptyLines: 'a,b\n\n1,2\n\n\n3,4\n',
  quotedNewline: 'a,b\n"x\ny",2\n3,4\n',
  doubledQuotes: 'a,b\n"he said ""hi""",2\n',
  quoteInsideUnquoted: 'a,b\nNO "ERODING" BRICK,2\n',
  closingQuoteFollowed: 'a,b\n"abc"x,2\n3,4\n',
  facadeExtract: 'a,b\n"NO EVIDENCE OF "ERODING BRICK"",2\n3,4\n',
  unclosedQuote: 'a,b\n1,2\n"abc,2\n3,4\n',
  fieldCounts: 'a,b\n1\n1,2,3\n4,5\n',
  blankLine: 'a,b\n \n1,2\n',
  emptyFields: 'a,b\n"",2\n,\n',
  lastLineUnended: 'a,b\n1,"2"',
  quotedCrlf: 'a,b\r\n"x",2\r\n"y\r\nz",3\r\n',
  midQuotes: 'a,b\nab"c,"d""e"\n',
  quoteThenSpace: 'a,b\n"x" ,2\n',
  closingQuoteLast: 'a,b\n1,"x"y\n2,3\n',
  returnsOnly: 'a,b\r1,2\r\r3,4',
};

describe('CsvSplitter', () => {
  it('reads the cases below as csv-parse did, with physical line numbers', () => {
    expect(split(CASES.quotedNewline)).toEqual([[1, ['a', 'b']], [3, ['x\ny', '2']], [4, ['3', '4']]]);
    expect(split(CASES.emptyLines).map(([line]) => line)).toEqual([1, 3, 6]);
    expect(split(CASES.facadeExtract)[1]).toEqual([2, ['"NO EVIDENCE OF "ERODING BRICK""', '2']]);
    expect(split(CASES.unclosedQuote)).toEqual([[1, ['a', 'b']], [2, ['1', '2']], [4, 'quote not closed at the end of the file']]);
    expect(split(CASES.bom)[0]).toEqual([1, ['a', 'b']]);
    // csv-parse counted a \r\n inside a quoted field as two lines; it is one.
    expect(split(CASES.quotedCrlf)[2]).toEqual([4, ['y\r\nz', '3']]);
    for (const [name, text] of Object.entries(CASES)) if (name !== 'quotedCrlf') expect([name, split(text)]).toEqual([name, csvParse(text)]);
  });

  it('reads the same whatever the chunk boundaries', () => {
    for (const [name, text] of Object.entries(CASES)) {
      for (let size = 1; size <= 7; size += 1) expect([name, size, split(text, size)]).toEqual([name, size, split(text)]);
    }
  });

  it('agrees with csv-parse on generated text of the same quirks', () => {
    // Fields drawn from the quirks above, in records of 1 to 4 fields, with \n or \r\n.
    const parts = ['', 'x', 'abc', ' ', '"q"', '"a,b"', '"a""b"', '"l1\nl2"', 'in"side', '"bad"tail', '"x" '];
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let trial = 0; trial < 400; trial += 1) {
      const newline = next(2) ? '\n' : '\r\n';
      const records = Array.from({ length: 1 + next(6) }, () => Array.from({ length: 1 + next(4) }, () => parts[next(parts.length)]).join(','));
      // A record that is one empty field is an empty line: skipped by both.
      const text = `h1,h2${newline}${records.join(newline)}${next(2) ? newline : ''}`;
      expect([text, split(text, 1 + next(9))]).toEqual([text, csvParse(text)]);
    }
  });
});
