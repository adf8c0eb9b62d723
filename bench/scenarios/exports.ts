import { parse } from 'csv-parse';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CpuMeter, serverPids } from '../cpu';
import type { BenchContext, BenchScenario } from '../types';
import { ensureData } from './restaurants';

/**
 * The CSV export of the whole violation feed of the generated restaurant data set (GET
 * /violations?format=csv, src/contract/export.ts): rows per second end to end, the CPU seconds
 * per 1,000 rows of the API and of the Postgres backend that ran the export's COPY, and the API
 * process's resident memory sampled while it streams (flat memory: the peak stays near the start
 * whatever the list's length). The client saves the body to a file as it arrives, as `curl -o`
 * does, and checks it once the transfer is over: every row against Postgres (missing, repeated)
 * and the feed's order (newest inspection first). Checking while receiving made the client the
 * bottleneck (11.5 CPU s of parsing against the API's 2.2 on 657,257 rows), so the wall figure
 * measured the checker on a shared 2-core machine rather than the export.
 */

/** Resident memory of a process and its descendants (the API runs as tsx and the node it spawns), in bytes. */
function treeRss(pid: number): number {
  let total = 0;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    for (const child of fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) total += treeRss(Number(child));
  } catch {
    // The process is gone, or /proc is not there (not Linux): nothing to add.
  }
  return total;
}

/** CPU seconds a process has used so far (utime + stime at 100 ticks a second, as on Linux), or undefined once it is gone. */
function processSeconds(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

const violationsCsvExport: BenchScenario = {
  kind: 'task',
  name: 'violations-csv-export',
  description: 'GET /violations?format=csv: the whole generated violation feed as one streamed CSV; every row once, checked against Postgres, in feed order',
  targets: '>= 100,000 rows/s with flat memory',
  async run(ctx: BenchContext) {
    await ensureData(ctx);
    const pg = ctx.stores.byMode.live.pg;
    const { rows: expected } = await pg.query(`select camis || '|' || inspected_at || '|' || coalesce(inspection_type, '') || '|' || code as id from restaurant_citations`);
    const pid = ctx.apiPid;
    const rssBefore = pid ? treeRss(pid) : 0;
    const samples: Array<{ bytes: number; rss: number }> = [];
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-')), 'violations.csv');
    let bytes = 0;
    let backends: number[] = [];
    const workerSeconds = new Map<number, number>();
    let workerPoll: NodeJS.Timeout | undefined;

    // Unmeasured: a small export first (one borough), so the measured one does not pay for the API's cold JIT.
    const warmup = await fetch(`${ctx.apiUrl}/api/v1/violations?format=csv&borough=Staten%20Island`, { headers: { Authorization: `Bearer ${ctx.liveKey}` } });
    await warmup.arrayBuffer();

    const cpu = new CpuMeter(serverPids(pid));
    cpu.start();
    const started = process.hrtime.bigint();
    const sampler = setInterval(() => pid && samples.push({ bytes, rss: treeRss(pid) }), 50);
    try {
      // node:http, piped straight to the file: fetch's web stream turned into a Node stream cost the
      // load generator about as much CPU per row as the API's own work, on the cores they share.
      const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
        http.get(`${ctx.apiUrl}/api/v1/violations?format=csv`, { headers: { Authorization: `Bearer ${ctx.liveKey}` } }, resolve).on('error', reject);
      });
      if (res.statusCode !== 200) {
        let text = '';
        for await (const chunk of res) text += String(chunk);
        throw new Error(`export failed: ${res.statusCode} ${text}`);
      }
      // The export's COPY is running now (the API answers after its first chunk): its backend, found by its statement.
      const activity = await pg.query(
        `select pid from pg_stat_activity where state = 'active' and backend_type = 'client backend' and query ilike 'copy (%restaurant_citations%' and pid <> pg_backend_pid()`,
      );
      backends = activity.rows.map((row) => row.pid as number);
      // Parallel workers of the statement end before it does (gone from /proc when the meter stops): their CPU as last seen.
      workerPoll = setInterval(() => {
        void pg.query(`select pid from pg_stat_activity where leader_pid = any($1::int[]) and pid <> leader_pid`, [backends]).then(
          ({ rows }) => rows.forEach((row) => workerSeconds.set(row.pid as number, processSeconds(row.pid as number) ?? workerSeconds.get(row.pid as number) ?? 0)),
          () => undefined,
        );
      }, 100);
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      await pipeline(res, fs.createWriteStream(file));
    } finally {
      clearInterval(sampler);
      clearInterval(workerPoll);
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const reading = cpu.stop();
    if (pid) samples.push({ bytes, rss: treeRss(pid) });

    // The check, after the transfer: every row once, in feed order.
    const seen = new Set<string>();
    let repeated = 0;
    let orderBreaks = 0;
    let previous = '9999-12-31';
    let header: string[] | undefined;
    let crlfRecords = 0;
    let lastByte = -1;
    const text = fs.createReadStream(file);
    text.on('data', (chunk: Buffer | string) => {
      const buffer = chunk as Buffer;
      for (let at = buffer.indexOf(0x0a); at >= 0; at = buffer.indexOf(0x0a, at + 1)) if ((at > 0 ? buffer[at - 1] : lastByte) === 0x0d) crlfRecords++;
      lastByte = buffer[buffer.length - 1];
    });
    for await (const record of text.pipe(parse())) {
      const cells = record as string[];
      if (!header) {
        header = cells;
        continue;
      }
      const at = (name: string) => cells[header!.indexOf(name)];
      const id = `${at('camis')}|${at('inspectedAt')}|${at('inspectionType')}|${at('code')}`;
      if (seen.has(id)) repeated++;
      seen.add(id);
      if (at('inspectedAt') > previous) orderBreaks++;
      previous = at('inspectedAt');
    }
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    const missing = expected.filter((row) => !seen.has(row.id)).length;
    const rows = seen.size;
    // Memory as the export went on: the sample nearest each quarter of the bytes.
    const atQuarter = (q: number) => samples.find((sample) => sample.bytes >= (q / 4) * bytes)?.rss ?? 0;
    const peak = Math.max(rssBefore, ...samples.map((sample) => sample.rss));
    const perThousand = (cpuSeconds: number) => `${((cpuSeconds * 1e6) / rows).toFixed(2)} CPU ms per 1,000 rows (${cpuSeconds.toFixed(2)} s)`;
    const postgres = reading.perProcess.Postgres;
    const workers = [...workerSeconds.values()].reduce((sum, value) => sum + value, 0);
    const backendSeconds = backends.reduce((sum, backend) => sum + (postgres?.get(backend) ?? 0), 0) + workers;
    return {
      rows,
      postgresRows: expected.length,
      missing,
      repeated,
      orderBreaks,
      crlfRecordEnds: `${crlfRecords} of ${rows + 1} records (header included; a line feed inside a quoted value is not a record end)`,
      megabytes: mb(bytes),
      seconds: seconds.toFixed(2),
      rowsPerSec: Math.round(rows / seconds),
      api: perThousand(reading.seconds.API ?? 0),
      postgresExportBackend:
        backends.length === 1 && postgres?.has(backends[0])
          ? `${perThousand(backendSeconds)}, ${workerSeconds.size} parallel workers' ${workers.toFixed(2)} s included (a worker's CPU since it started, as last seen)`
          : `not measured (${backends.length} COPY backends of the feed active: another export at the same time, or none found)`,
      postgresAllProcesses: `${(reading.seconds.Postgres ?? 0).toFixed(2)} s (every backend and worker of the shared server, other engineers' work included)`,
      elasticsearchCpuSeconds: (reading.seconds.Elasticsearch ?? 0).toFixed(2),
      benchClientCpuSeconds: reading.loadGeneratorSeconds.toFixed(2),
      otherMachineCpuSeconds: reading.restSeconds.toFixed(2),
      loadAverage: os.loadavg().map((load) => load.toFixed(2)).join(' '),
      apiRssMb: `${mb(rssBefore)} before, ${[1, 2, 3, 4].map((q) => mb(atQuarter(q))).join(' / ')} at 1/4, 1/2, 3/4 and all of the bytes, peak ${mb(peak)}`,
    };
  },
};

export const exportScenarios: BenchScenario[] = [violationsCsvExport];
