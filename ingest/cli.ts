/**
 * npm run ingest -- restaurants --file PATH | --url URL [--mode live|test] [--as-of YYYY-MM-DD] [--page-size N]
 * npm run ingest -- rebuild [--mode live|test]     fresh versioned indices from Postgres, atomic alias swap
 * npm run ingest -- verify [--mode live|test]      compare Postgres and Elasticsearch; exit 1 on any difference
 * npm run ingest -- drain [--mode live|test]       index what the outbox still holds
 * npm run ingest -- rederive [--mode live|test] [--as-of YYYY-MM-DD]   recompute derived values for a new clock
 * npm run ingest -- fixture                        load the test-mode fixture (and its owner documents) into the test store
 */
import { parseArgs } from 'node:util';
import type { Mode } from '../src/db/schemas';
import { openIngestStores } from './connect';
import { loadTestModeFixture } from './fixture';
import { drainOutbox } from './index/outbox-relay';
import { rebuildRestaurantIndices, upgradeRestaurantIndices } from './index/rebuild';
import { verifyRestaurantStores } from './index/verify';
import { ingestRestaurants, IngestSummary } from './load/pipeline';
import { consoleProgress } from './load/progress';
import { rederiveRestaurants } from './load/rederive';
import { fileSource } from './sources/restaurants/source';
import { urlSource } from './sources/restaurants/url-source';

const USAGE = 'usage: npm run ingest -- restaurants --file PATH | --url URL [--mode live|test] [--as-of YYYY-MM-DD] [--page-size N]\n' +
  '       npm run ingest -- rebuild | verify | drain | rederive [--mode live|test] [--as-of YYYY-MM-DD]\n       npm run ingest -- fixture';

function printSummary(summary: IngestSummary): void {
  const lines = [
    `source                 ${summary.source}`,
    `rows read              ${summary.rowsRead}`,
    `  loaded               ${summary.rowsLoaded}`,
    `  merged duplicates    ${summary.rowsMerged}`,
    `  rejected             ${summary.rowsRejected}`,
    ...Object.entries(summary.rejectionsByReason).map(([reason, count]) => `    ${String(count).padStart(6)}  ${reason}`),
    `establishments in file ${summary.establishmentsInFile}`,
    `establishments changed ${summary.establishmentsChanged}`,
    `documents indexed      ${summary.documentsIndexed}`,
    `time                   ${(summary.durationMs / 1000).toFixed(1)} s (${Math.round(summary.rowsRead / Math.max(0.001, summary.durationMs / 1000))} rows/s)`,
    `  reading ${(summary.phasesMs.reading / 1000).toFixed(1)} s, applying ${(summary.phasesMs.applying / 1000).toFixed(1)} s, final indexing ${(summary.phasesMs.indexing / 1000).toFixed(1)} s`,
    `peak RSS               ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
  ];
  if (summary.rejections.length) {
    lines.push(`first rejections (all in ingest_rejections, run ${summary.runId}):`);
    for (const { line, reason } of summary.rejections.slice(0, 20)) lines.push(`  line ${line}: ${reason}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      file: { type: 'string' },
      url: { type: 'string' },
      mode: { type: 'string', default: 'live' },
      'as-of': { type: 'string' },
      'page-size': { type: 'string' },
    },
  });
  const command = positionals[0];
  const mode = values.mode as Mode;
  if (mode !== 'live' && mode !== 'test') throw new Error('--mode must be live or test');
  if (!['restaurants', 'rebuild', 'verify', 'drain', 'rederive', 'fixture'].includes(command)) throw new Error(USAGE);
  if (command === 'restaurants' && Boolean(values.file) === Boolean(values.url)) throw new Error('give exactly one of --file and --url');
  const asOf = values['as-of'] ? new Date(`${values['as-of']}T00:00:00Z`) : undefined;
  if (asOf && Number.isNaN(asOf.getTime())) throw new Error('--as-of must be YYYY-MM-DD');

  const { stores, store } = await openIngestStores(command === 'fixture' ? 'test' : mode);
  const progress = consoleProgress();
  try {
    if (command !== 'rebuild' && command !== 'verify') {
      const upgraded = await upgradeRestaurantIndices(store, { progress });
      if (upgraded.length) process.stdout.write(`rebuilt ${upgraded.join(', ')}: their mapping changed since they were built\n`);
    }
    switch (command) {
      case 'restaurants': {
        const source = values.file ? fileSource(values.file) : urlSource(values.url!, { pageSize: values['page-size'] ? Number(values['page-size']) : undefined });
        printSummary(await ingestRestaurants(store, source, { asOf, progress }));
        return 0;
      }
      case 'fixture': {
        const { fixture, remediationDocumentsAdded } = await loadTestModeFixture(store);
        printSummary(fixture);
        process.stdout.write(`remediation documents added ${remediationDocumentsAdded}\n`);
        return 0;
      }
      case 'rederive': {
        const { changed } = await rederiveRestaurants(store, asOf ?? new Date(), { progress });
        process.stdout.write(`recomputed derived values; ${changed} establishment(s) changed\n`);
        return 0;
      }
      case 'drain': {
        const drained = await drainOutbox(store, { progress });
        progress.finish();
        process.stdout.write(`indexed ${drained.documents} documents of ${drained.establishments} establishments\n`);
        return 0;
      }
      case 'rebuild': {
        const rebuilt = await rebuildRestaurantIndices(store, { progress });
        progress.finish();
        process.stdout.write(`rebuilt ${rebuilt.indices.join(', ')} with ${rebuilt.documents} documents; aliases swapped\n`);
        return 0;
      }
      default: {
        const report = await verifyRestaurantStores(store, { progress });
        for (const [name, count] of Object.entries(report.counts)) process.stdout.write(`${name.padEnd(12)} postgres ${count.postgres}  elasticsearch ${count.elasticsearch}\n`);
        if (report.ok) process.stdout.write('verify: the stores agree\n');
        else process.stdout.write(`verify: ${report.differenceCount} difference(s)\n${report.differences.map((d) => `  ${d}`).join('\n')}\n`);
        return report.ok ? 0 : 1;
      }
    }
  } finally {
    await stores.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  },
);
