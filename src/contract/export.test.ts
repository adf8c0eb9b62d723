import { parse } from 'csv-parse/sync';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { crlfRecords, csvText, exportBody, inlineParams } from './export';

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

describe('inlineParams', () => {
  const pgEscaper = { escapeLiteral: pg.escapeLiteral };

  it('writes each $n as a literal: text escaped by pg, numbers and booleans bare, null, arrays', () => {
    const sql = inlineParams(pgEscaper, {
      sql: 'select $1::text, $2::integer, $3::boolean, $4::date, c = any($5::text[]), $6',
      params: ["JOE'S", 42, false, '2024-03-11', ['A', "B'C"], null],
    });
    expect(sql).toBe("select 'JOE''S'::text, 42::integer, false::boolean, '2024-03-11'::date, c = any(array['A','B''C']::text[]), null");
  });

  it('escapes backslashes as pg does (an E string), so a value cannot end its literal', () => {
    expect(inlineParams(pgEscaper, { sql: 'select $1', params: ["a\\' or 1=1 --"] })).toBe("select  E'a\\\\'' or 1=1 --'");
  });

  it('reads each placeholder once: $1 inside a value is text, $10 is the tenth value, not $1 and a 0', () => {
    const params = ['$2', ...Array.from({ length: 9 }, (_, index) => index + 2)];
    expect(inlineParams(pgEscaper, { sql: 'select $1, $10', params })).toBe("select '$2', 10");
  });

  it('refuses a placeholder without a value', () => {
    expect(() => inlineParams(pgEscaper, { sql: 'select $1, $2', params: ['x'] })).toThrow('no value for $2');
  });
});

describe('crlfRecords', () => {
  /** The transform's whole output for the input cut into these chunks. */
  async function through(chunks: string[]): Promise<string> {
    const transform = crlfRecords();
    const out: Buffer[] = [];
    transform.on('data', (chunk: Buffer) => out.push(chunk));
    const ended = new Promise((resolve) => transform.on('end', resolve));
    for (const chunk of chunks) transform.write(Buffer.from(chunk));
    transform.end();
    await ended;
    return Buffer.concat(out).toString();
  }

  // COPY's CSV: LF record ends; a value with LF, CR, a comma or a quote is quoted, quotes doubled.
  const copied = 'code,description\n04L,"Mice, ""live"" ones\nin the kitchen"\n10F,"a\r\nb"\n,\n';
  const expected = 'code,description\r\n04L,"Mice, ""live"" ones\nin the kitchen"\r\n10F,"a\r\nb"\r\n,\r\n';

  it('ends records with CRLF and keeps a line feed inside a quoted value', async () => {
    expect(await through([copied])).toBe(expected);
    expect(parse(expected)).toEqual([['code', 'description'], ['04L', 'Mice, "live" ones\nin the kitchen'], ['10F', 'a\r\nb'], ['', '']]);
  });

  it('carries the quote state across chunks, wherever the chunks are cut (inside a value, between doubled quotes)', async () => {
    for (let cut = 0; cut <= copied.length; cut++) {
      expect(await through([copied.slice(0, cut), copied.slice(cut)])).toBe(expected);
    }
    expect(await through([...copied])).toBe(expected);
  });

  it('writes large inputs whole, in chunks of any size (each larger than a write, or many small ones)', async () => {
    const records = Array.from({ length: 2000 }, (_, i) => `${i},"x${'y'.repeat(i % 97)}, ""q""\nz",${i % 7 ? '' : 'tail'}\n`).join('');
    const crlf = records.replace(/\n(?=\d|$)/g, '\r\n');
    for (const size of [1, 7, 4096, 65536, 200_000, records.length]) {
      const chunks: string[] = [];
      for (let at = 0; at < records.length; at += size) chunks.push(records.slice(at, at + size));
      expect(await through(chunks)).toBe(crlf);
    }
  });

  it('passes the first chunk on at once (the answer starts), then gathers small chunks into larger writes', async () => {
    const transform = crlfRecords();
    const out: Buffer[] = [];
    transform.on('data', (chunk: Buffer) => out.push(chunk));
    transform.write(Buffer.from('a,b\n'));
    transform.write(Buffer.from('1,2\n'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.map(String)).toEqual(['a,b\r\n']);
    const ended = new Promise((resolve) => transform.on('end', resolve));
    transform.end(Buffer.from('3,4\n'));
    await ended;
    expect(out.map(String)).toEqual(['a,b\r\n', '1,2\r\n3,4\r\n']);
  });

  it('passes a last record without a line end as it is, and nothing for no input', async () => {
    expect(await through(['a,b\n1,2'])).toBe('a,b\r\n1,2');
    expect(await through([])).toBe('');
  });
});

describe('exportBody', () => {
  /** A client reading the export as koa sends it: each chunk taken delayMs after it arrives, or, with null, never (a client that stopped reading). */
  async function readBy(body: Readable, delayMs: number | null): Promise<{ text: string; error?: Error }> {
    const taken: string[] = [];
    const client = new Writable({
      highWaterMark: 1,
      write(chunk: Buffer, _encoding, done) {
        taken.push(chunk.toString());
        if (delayMs !== null) setTimeout(done, delayMs);
      },
    });
    const error = await pipeline(body, client).then(() => undefined, (failure: Error) => failure);
    return { text: taken.join(''), error };
  }

  const rows = (count: number) => Array.from({ length: count }, (_, i) => `${i},row ${i}\r\n`);
  const hooks = () => ({ failed: jest.fn(), ended: jest.fn() });

  async function* slowly<T>(items: T[], pauseMs: number): AsyncGenerator<T> {
    for (const item of items) {
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
      yield item;
    }
  }

  it('gives a slow but steady reader the whole export, though it takes far longer in all than the stall limit', async () => {
    const chunks = rows(150);
    const seen = hooks();
    // 150 chunks taken 10 ms apart: 1.5 s in all, against a stall limit of 1 s per chunk.
    const { text, error } = await readBy(exportBody(Readable.from(chunks), { maxSeconds: 60, stallSeconds: 1 }, seen), 10);
    expect(error).toBeUndefined();
    expect(text).toBe(chunks.join(''));
    expect(seen.failed).not.toHaveBeenCalled();
    expect(seen.ended).toHaveBeenCalledTimes(1);
  });

  it("never counts the store's time to produce a chunk as the client's stall", async () => {
    const chunks = rows(4);
    const seen = hooks();
    const { text, error } = await readBy(exportBody(slowly(chunks, 400), { maxSeconds: 60, stallSeconds: 0.1 }, seen), 0);
    expect(error).toBeUndefined();
    expect(text).toBe(chunks.join(''));
  });

  it('ends an export whose client stops reading: the source is closed, the body fails with the stall, ended runs once', async () => {
    let closed = false;
    async function* source(): AsyncGenerator<string> {
      try {
        for (let i = 0; ; i++) yield `${i},row\r\n`;
      } finally {
        closed = true;
      }
    }
    const seen = hooks();
    const { text, error } = await readBy(exportBody(source(), { maxSeconds: 60, stallSeconds: 0.2 }, seen), null);
    expect(error?.message).toBe('CSV export stalled: the client took nothing for 0.2 s');
    expect(text).toBe('0,row\r\n');
    expect(closed).toBe(true);
    expect(seen.failed).toHaveBeenCalledWith(error);
    expect(seen.ended).toHaveBeenCalledTimes(1);
  });

  it("destroys a stream source (a COPY's) when its client stops reading", async () => {
    const source = new Readable({ read() { this.push('1,row\r\n'); } });
    const seen = hooks();
    const { error } = await readBy(exportBody(source, { maxSeconds: 60, stallSeconds: 0.2 }, seen), null);
    expect(error?.message).toMatch(/^CSV export stalled/);
    expect(source.destroyed).toBe(true);
    expect(seen.ended).toHaveBeenCalledTimes(1);
  });

  it('still ends an export of a steady reader past the time limit', async () => {
    let closed = false;
    async function* endless(): AsyncGenerator<string> {
      try {
        for (;;) yield 'row\r\n';
      } finally {
        closed = true;
      }
    }
    const seen = hooks();
    const { error } = await readBy(exportBody(endless(), { maxSeconds: 0.3, stallSeconds: 5 }, seen), 5);
    expect(error?.message).toBe('CSV export over 0.3 s');
    expect(closed).toBe(true);
    expect(seen.ended).toHaveBeenCalledTimes(1);
  });

  it('fails with the error of a stream source that failed before the first read', async () => {
    const source = new Readable({ read() {} });
    const seen = hooks();
    const body = exportBody(source, { maxSeconds: 60, stallSeconds: 5 }, seen);
    source.destroy(new Error('COPY failed'));
    await new Promise((resolve) => setImmediate(resolve));
    const { error } = await readBy(body, 0);
    expect(error?.message).toBe('COPY failed');
    expect(seen.ended).toHaveBeenCalledTimes(1);
  });
});
