import fs from 'node:fs';
import http from 'node:http';
import { parse } from 'csv-parse/sync';
import { columnKey } from '../../ingest/sources/columns';

/**
 * A local server that speaks the part of the city portal's SODA API a sync uses, on real
 * rows: `GET /resource/<id>.json` with `$select=:*,*`, `$where` on the position
 * (`:updated_at > 'U' OR (:updated_at = 'U' AND :id > 'I')`), `$order=:updated_at,:id` and
 * `$limit`, each row with its system fields, and the X-SODA2-Fields header. Between syncs a
 * test changes rows (a new `:updated_at`), drops them, renames a column, or makes the next
 * answers fail (429 with Retry-After, 500, a body cut short).
 */

export type PortalRow = Record<string, string>;

export type Fault = { status: 429; retryAfterSeconds: number } | { status: 500 } | { cutAfterRows: number } | { delayMs: number };

interface StoredRow {
  id: string;
  updatedAt: string;
  values: PortalRow;
}

export interface SodaServer {
  url: string;
  /** Rows the server has sent, in all and per data set. */
  rowsSent(dataset?: string): number;
  requests(dataset?: string): string[];
  /** Serves these rows as the data set, each changed now (a new :updated_at). */
  publish(dataset: string, rows: PortalRow[]): void;
  /** Adds rows to the data set, each changed now. */
  add(dataset: string, rows: PortalRow[]): void;
  /** Changes the rows `pick` returns true for, giving each a new :updated_at; returns how many. */
  change(dataset: string, pick: (row: PortalRow) => boolean, edit: (row: PortalRow) => PortalRow): number;
  /** Stops publishing the rows `pick` returns true for; returns how many. */
  drop(dataset: string, pick: (row: PortalRow) => boolean): number;
  /** Every row's column `from` is called `to` from now on. */
  renameColumn(dataset: string, from: string, to: string): void;
  /** The next answers for the data set fail, one fault each, in order. */
  failNext(dataset: string, ...faults: Fault[]): void;
  /** Every answer for the data set waits this long first (0: none). */
  slowDown(dataset: string, ms: number): void;
  close(): Promise<void>;
}

/** Rows of a CSV file (a portal export or a SODA CSV), keyed as the API names its fields. */
export function csvRows(file: string): PortalRow[] {
  const records = parse(fs.readFileSync(file), { columns: (header: string[]) => header.map((name) => columnKey(name) || '_'), bom: true, relax_quotes: true, skip_empty_lines: true }) as PortalRow[];
  return records.map((record) => {
    const row: PortalRow = {};
    for (const [key, value] of Object.entries(record)) if (key !== '_' && value !== '') row[key] = value;
    return row;
  });
}

const POSITION = /^:updated_at > '((?:[^']|'')*)' OR \(:updated_at = '((?:[^']|'')*)' AND :id > '((?:[^']|'')*)'\)$/;
const unquote = (text: string) => text.replace(/''/g, "'");

export async function startSodaServer(): Promise<SodaServer> {
  const datasets = new Map<string, StoredRow[]>();
  const faults = new Map<string, Fault[]>();
  /** Each data set's columns, as the portal lists them: every column published, whether or not a row still has a value in it. */
  const columns = new Map<string, Set<string>>();
  const addColumns = (dataset: string, rows: PortalRow[]) => {
    const known = columns.get(dataset) ?? new Set<string>();
    for (const row of rows) for (const key of Object.keys(row)) known.add(key);
    columns.set(dataset, known);
  };
  const delays = new Map<string, number>();
  const sent = new Map<string, number>();
  const asked = new Map<string, string[]>();
  let serial = 0;
  let clock = Date.parse('2026-01-01T00:00:00.000Z');
  /** Every change is later than the one before, to the millisecond, as the portal's :updated_at is. */
  const tick = () => new Date((clock += 1)).toISOString().replace('Z', '');
  const stored = (values: PortalRow): StoredRow => ({ id: `row-${(serial += 1).toString(36).padStart(6, '0')}`, updatedAt: tick(), values: { ...values } });
  const rowsOf = (dataset: string) => {
    const rows = datasets.get(dataset);
    if (!rows) throw new Error(`no data set ${dataset}`);
    return rows;
  };

  const server = http.createServer((req, res) => {
    void answer(req, res);
  });
  async function answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = /^\/resource\/([a-z0-9]{4}-[a-z0-9]{4})\.json$/.exec(url.pathname);
    if (req.method !== 'GET' || !match || !datasets.has(match[1])) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: true, message: 'not found' }));
      return;
    }
    const dataset = match[1];
    asked.set(dataset, [...(asked.get(dataset) ?? []), url.search]);
    const fault = faults.get(dataset)?.shift();
    if (delays.get(dataset)) await new Promise((resolve) => setTimeout(resolve, delays.get(dataset)));
    if (fault && 'delayMs' in fault) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault && 'status' in fault) {
      res.writeHead(fault.status, { 'Content-Type': 'application/json', ...(fault.status === 429 && { 'Retry-After': String(fault.retryAfterSeconds) }) });
      res.end(JSON.stringify({ error: true, message: fault.status === 429 ? 'too many requests' : 'internal error' }));
      return;
    }
    const where = url.searchParams.get('$where');
    const limit = Number(url.searchParams.get('$limit') ?? 1000);
    const order = url.searchParams.get('$order');
    const select = url.searchParams.get('$select');
    let after: { updatedAt: string; id: string } | null = null;
    if (where !== null) {
      const position = POSITION.exec(where);
      if (!position || position[1] !== position[2]) {
        res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: true, message: `query not understood: ${where}` }));
        return;
      }
      after = { updatedAt: unquote(position[1]), id: unquote(position[3]) };
    }
    if (order !== ':updated_at,:id' || select !== ':*,*' || !(limit > 0)) {
      res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: true, message: 'this server answers only a sync: $select=:*,*, $order=:updated_at,:id, $limit' }));
      return;
    }
    const ordered = [...rowsOf(dataset)].sort((a, b) => (a.updatedAt < b.updatedAt ? -1 : a.updatedAt > b.updatedAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const page = ordered.filter((row) => !after || row.updatedAt > after.updatedAt || (row.updatedAt === after.updatedAt && row.id > after.id)).slice(0, limit);
    const fields = [...(columns.get(dataset) ?? [])];
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'X-SODA2-Fields': JSON.stringify(fields) });
    const cut = fault && 'cutAfterRows' in fault ? fault.cutAfterRows : null;
    const shown = cut === null ? page : page.slice(0, cut);
    sent.set(dataset, (sent.get(dataset) ?? 0) + shown.length);
    const body = `[${shown.map((row) => JSON.stringify({ ':id': row.id, ':updated_at': row.updatedAt, ...row.values })).join(',\n')}`;
    // A body cut short ends mid-array, as a dropped connection leaves it.
    if (cut !== null) res.end(`${body},\n{"camis": "4`);
    else res.end(`${body}]`);
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    url: `http://127.0.0.1:${port}`,
    rowsSent: (dataset) => (dataset ? (sent.get(dataset) ?? 0) : [...sent.values()].reduce((a, b) => a + b, 0)),
    requests: (dataset) => (dataset ? (asked.get(dataset) ?? []) : [...asked.values()].flat()),
    publish(dataset, rows) {
      columns.delete(dataset);
      addColumns(dataset, rows);
      datasets.set(dataset, rows.map(stored));
    },
    add(dataset, rows) {
      addColumns(dataset, rows);
      datasets.set(dataset, [...rowsOf(dataset), ...rows.map(stored)]);
    },
    change(dataset, pick, edit) {
      let count = 0;
      for (const row of rowsOf(dataset)) {
        if (!pick(row.values)) continue;
        row.values = edit({ ...row.values });
        row.updatedAt = tick();
        count += 1;
      }
      return count;
    },
    drop(dataset, pick) {
      const rows = rowsOf(dataset);
      const kept = rows.filter((row) => !pick(row.values));
      datasets.set(dataset, kept);
      return rows.length - kept.length;
    },
    renameColumn(dataset, from, to) {
      const known = columns.get(dataset);
      if (known?.delete(from)) known.add(to);
      for (const row of rowsOf(dataset)) {
        if (!(from in row.values)) continue;
        const { [from]: value, ...rest } = row.values;
        row.values = { ...rest, [to]: value };
      }
    },
    slowDown(dataset, ms) {
      delays.set(dataset, ms);
    },
    failNext(dataset, ...next) {
      faults.set(dataset, [...(faults.get(dataset) ?? []), ...next]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
