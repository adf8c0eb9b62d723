import { parse } from 'csv-parse';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { CpuMeter, serverPids } from '../cpu';
import type { BenchContext, BenchScenario } from '../types';
import { ensureData } from './restaurants';

/**
 * The CSV export of the whole violation feed of the generated restaurant data set (GET
 * /violations?format=csv, src/contract/export.ts): rows per second end to end, the API's and
 * Elasticsearch's CPU seconds, and the API process's resident memory sampled while it streams
 * (flat memory: the peak stays near the start whatever the list's length). Every row is checked
 * against Postgres (missing, repeated) and the feed's order (newest inspection first).
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

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

const violationsCsvExport: BenchScenario = {
  kind: 'task',
  name: 'violations-csv-export',
  description: 'GET /violations?format=csv: the whole generated violation feed as one streamed CSV; every row once, checked against Postgres, in feed order',
  targets: '>= 100,000 rows/s with flat memory',
  async run(ctx: BenchContext) {
    await ensureData(ctx);
    const { rows: expected } = await ctx.stores.byMode.live.pg.query(`select camis || '|' || inspected_at || '|' || coalesce(inspection_type, '') || '|' || code as id from restaurant_citations`);
    const pid = ctx.apiPid;
    const rssBefore = pid ? treeRss(pid) : 0;
    const samples: Array<{ rows: number; rss: number }> = [];
    const seen = new Set<string>();
    let repeated = 0;
    let orderBreaks = 0;
    let previous = '9999-12-31';
    let bytes = 0;

    const cpu = new CpuMeter(serverPids(pid));
    cpu.start();
    const started = process.hrtime.bigint();
    const sampler = setInterval(() => pid && samples.push({ rows: seen.size, rss: treeRss(pid) }), 50);
    try {
      const res = await fetch(`${ctx.apiUrl}/api/v1/violations?format=csv`, { headers: { Authorization: `Bearer ${ctx.liveKey}` } });
      if (!res.ok || !res.body) throw new Error(`export failed: ${res.status} ${await res.text()}`);
      const body = Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>);
      body.on('data', (chunk: Buffer) => (bytes += chunk.length));
      let header: string[] | undefined;
      for await (const record of body.pipe(parse())) {
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
    } finally {
      clearInterval(sampler);
    }
    if (pid) samples.push({ rows: seen.size, rss: treeRss(pid) });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const reading = cpu.stop();
    const missing = expected.filter((row) => !seen.has(row.id)).length;
    // Memory as the export went on: the sample nearest each quarter of the rows.
    const atQuarter = (q: number) => samples.find((sample) => sample.rows >= (q / 4) * seen.size)?.rss ?? 0;
    const peak = Math.max(rssBefore, ...samples.map((sample) => sample.rss));
    return {
      rows: seen.size,
      postgresRows: expected.length,
      missing,
      repeated,
      orderBreaks,
      megabytes: mb(bytes),
      seconds: seconds.toFixed(2),
      rowsPerSec: Math.round(seen.size / seconds),
      apiCpuSeconds: (reading.seconds.API ?? 0).toFixed(2),
      rowsPerApiCpuSecond: Math.round(seen.size / (reading.seconds.API || Number.NaN)),
      elasticsearchCpuSeconds: (reading.seconds.Elasticsearch ?? 0).toFixed(2),
      benchClientCpuSeconds: reading.loadGeneratorSeconds.toFixed(2),
      otherMachineCpuSeconds: reading.restSeconds.toFixed(2),
      apiRssMb: `${mb(rssBefore)} before, ${[1, 2, 3, 4].map((q) => mb(atQuarter(q))).join(' / ')} at 1/4, 1/2, 3/4 and all of the rows, peak ${mb(peak)}`,
    };
  },
};

export const exportScenarios: BenchScenario[] = [violationsCsvExport];
