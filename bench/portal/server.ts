/**
 * A portal for the sync bench: the part of the SODA API a sync uses (as test/support/soda-server.ts
 * serves it to the tests), at city scale. Rows live as JSON text in off-heap buffers, in the
 * order of their :updated_at, so a page is a binary search and a copy, and millions of rows
 * fit. Run as its own process (its CPU is the portal's, not the sync's), driven over HTTP:
 *
 *   POST /_bench/load?dataset=<id>&file=<csv>   serve a generated CSV (portal export) as the data set
 *   POST /_bench/change?dataset=<id>&rows=<n>&seed=<s>   give n rows, picked at random, a new value and :updated_at
 *   POST /_bench/tick?ms=<n>                    move the clock on: later changes are stamped after it
 *   GET  /_bench/stats                          rows per data set, rows sent
 *   GET  /resource/<id>.json?$select=:*,*&$order=:updated_at,:id&$limit=N[&$where=<position>]
 */
import fs from 'node:fs';
import http from 'node:http';
import { parse } from 'csv-parse';
import { columnKey } from '../../ingest/sources/columns';

const ARENA_BYTES = 64 * 1024 * 1024;

/** Append-only JSON text of rows, in 64 MB buffers outside the JavaScript heap. */
class Arena {
  private readonly chunks: Buffer[] = [];
  private used = ARENA_BYTES;

  /** Stores the text; returns where: chunk index * 2^32 + offset, and its length. */
  put(text: string): { at: number; length: number } {
    const length = Buffer.byteLength(text);
    if (this.used + length > ARENA_BYTES) {
      this.chunks.push(Buffer.allocUnsafe(Math.max(ARENA_BYTES, length)));
      this.used = 0;
    }
    const chunk = this.chunks.length - 1;
    this.chunks[chunk].write(text, this.used);
    const at = chunk * 2 ** 32 + this.used;
    this.used += length;
    return { at, length };
  }

  get(at: number, length: number): Buffer {
    const chunk = Math.floor(at / 2 ** 32);
    const offset = at - chunk * 2 ** 32;
    return this.chunks[chunk].subarray(offset, offset + length);
  }
}

/** One data set: rows by index (where their text is), and the order of their changes. */
class Dataset {
  readonly arena = new Arena();
  at = new Float64Array(1024);
  length = new Uint32Array(1024);
  /** The :updated_at of each row, as ms since the epoch. */
  stamp = new Float64Array(1024);
  rows = 0;
  /** Row indices in :updated_at order; an entry is stale when the row has changed since (its stamp moved on). */
  order = new Int32Array(1024);
  orderStamp = new Float64Array(1024);
  orderLength = 0;

  private grow(): void {
    const size = this.at.length * 2;
    const copy = <T extends Float64Array | Uint32Array | Int32Array>(from: T, make: (n: number) => T) => {
      const to = make(size);
      to.set(from);
      return to;
    };
    this.at = copy(this.at, (n) => new Float64Array(n));
    this.length = copy(this.length, (n) => new Uint32Array(n));
    this.stamp = copy(this.stamp, (n) => new Float64Array(n));
  }

  private growOrder(): void {
    const order = new Int32Array(this.order.length * 2);
    order.set(this.order);
    this.order = order;
    const stamps = new Float64Array(this.orderStamp.length * 2);
    stamps.set(this.orderStamp);
    this.orderStamp = stamps;
  }

  private place(row: number, stamp: number): void {
    if (this.orderLength === this.order.length) this.growOrder();
    this.order[this.orderLength] = row;
    this.orderStamp[this.orderLength] = stamp;
    this.orderLength += 1;
    this.stamp[row] = stamp;
  }

  add(text: string, stamp: number): void {
    if (this.rows === this.at.length) this.grow();
    const { at, length } = this.arena.put(text);
    this.at[this.rows] = at;
    this.length[this.rows] = length;
    this.place(this.rows, stamp);
    this.rows += 1;
  }

  text(row: number): string {
    return this.arena.get(this.at[row], this.length[row]).toString('utf8');
  }

  change(row: number, text: string, stamp: number): void {
    const { at, length } = this.arena.put(text);
    this.at[row] = at;
    this.length[row] = length;
    this.place(row, stamp);
  }

  /** The first order entry after (stamp, row id): :id is `row-<index>` zero-padded, so ids compare as indices. */
  firstAfter(stamp: number, row: number): number {
    let low = 0;
    let high = this.orderLength;
    while (low < high) {
      const mid = (low + high) >> 1;
      const s = this.orderStamp[mid];
      if (s < stamp || (s === stamp && this.order[mid] <= row)) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

const datasets = new Map<string, Dataset>();
let clock = Date.parse('2026-01-01T00:00:00.000Z');
let rowsSent = 0;
const rowId = (row: number) => `row-${String(row).padStart(9, '0')}`;
const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '');

async function load(dataset: string, file: string): Promise<number> {
  const set = new Dataset();
  const parser = fs.createReadStream(file).pipe(parse({ columns: (header: string[]) => header.map((name) => columnKey(name)), relax_quotes: true }));
  for await (const record of parser as AsyncIterable<Record<string, string>>) {
    const values: Record<string, string> = {};
    for (const [key, value] of Object.entries(record)) if (key && value !== '') values[key] = value;
    set.add(JSON.stringify(values), (clock += 1));
  }
  datasets.set(dataset, set);
  return set.rows;
}

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Rows picked at random get an edited value (an amended description or balance) and a new :updated_at. */
function change(dataset: string, count: number, seed: number): number {
  const set = datasets.get(dataset)!;
  const next = random(seed);
  const picked = new Set<number>();
  while (picked.size < Math.min(count, set.rows)) picked.add(Math.floor(next() * set.rows));
  for (const row of picked) {
    const values = JSON.parse(set.text(row)) as Record<string, string>;
    if ('violation_description' in values) values.violation_description = `${values.violation_description} (amended ${seed})`;
    if ('balance_due' in values) values.balance_due = String((Number(values.balance_due) || 0) + 1);
    if ('paid_amount' in values) values.paid_amount = String((Number(values.paid_amount) || 0) + 1);
    set.change(row, JSON.stringify(values), (clock += 1));
  }
  return picked.size;
}

const POSITION = /^:updated_at > '([^']*)' OR \(:updated_at = '([^']*)' AND :id > 'row-(\d+)'\)$/;

function page(res: http.ServerResponse, set: Dataset, url: URL): void {
  const where = url.searchParams.get('$where');
  const limit = Number(url.searchParams.get('$limit') ?? 1000);
  let start = 0;
  if (where) {
    const position = POSITION.exec(where);
    if (!position) {
      res.writeHead(400).end('query not understood');
      return;
    }
    start = set.firstAfter(Date.parse(`${position[1]}Z`), Number(position[3]));
  }
  const parts: string[] = [];
  for (let i = start; i < set.orderLength && parts.length < limit; i++) {
    const row = set.order[i];
    // A row changed since this entry was written is served at its newer place in the order.
    if (set.orderStamp[i] !== set.stamp[row]) continue;
    parts.push(`{":id":"${rowId(row)}",":updated_at":"${iso(set.stamp[row])}",${set.text(row).slice(1)}`);
  }
  rowsSent += parts.length;
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(`[${parts.join(',\n')}]`);
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const dataset = url.searchParams.get('dataset') ?? '';
  void (async () => {
    try {
      if (req.method === 'POST' && url.pathname === '/_bench/load') {
        res.end(JSON.stringify({ rows: await load(dataset, url.searchParams.get('file')!) }));
      } else if (req.method === 'POST' && url.pathname === '/_bench/change') {
        res.end(JSON.stringify({ changed: change(dataset, Number(url.searchParams.get('rows')), Number(url.searchParams.get('seed') ?? 1)) }));
      } else if (req.method === 'POST' && url.pathname === '/_bench/tick') {
        // Later changes are stamped after this: a sync position from an earlier run of the portal stays behind them.
        clock += Number(url.searchParams.get('ms') ?? 0);
        res.end(JSON.stringify({ clock }));
      } else if (url.pathname === '/_bench/stats') {
        res.end(JSON.stringify({ rowsSent, datasets: Object.fromEntries([...datasets].map(([name, set]) => [name, set.rows])) }));
      } else {
        const match = /^\/resource\/([a-z0-9]{4}-[a-z0-9]{4})\.json$/.exec(url.pathname);
        const set = match && datasets.get(match[1]);
        if (!set) res.writeHead(404).end('no such data set');
        else page(res, set, url);
      }
    } catch (error) {
      res.writeHead(500).end((error as Error).message);
    }
  })();
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as { port: number }).port })}\n`);
});
