/**
 * npm run ingest -- <dataset> --file PATH | --url URL [--mode live|test] [--as-of YYYY-MM-DD] [--page-size N]
 *                                            datasets: restaurants, pluto, dob-violations, ecb-violations, dob-safety-violations, hpd-violations
 *                                            oath (OATH hearings: contractors' tickets and companies; see `npm run ingest` for every dataset)
 * npm run ingest -- rebuild [--family F] [--mode live|test]   fresh versioned indices from Postgres, atomic alias swap
 * npm run ingest -- verify [--family F] [--mode live|test]    compare Postgres and Elasticsearch; exit 1 on any difference
 * npm run ingest -- drain [--family F] [--mode live|test]     index what the outbox still holds
 * npm run ingest -- rederive [--family F] [--mode live|test] [--as-of YYYY-MM-DD]   recompute derived values for a new clock
 * npm run ingest -- fixture                                   load the test-mode fixture (and its owner documents) into the test store
 * Without --family, rebuild, verify, drain and rederive run for every family.
 * scripts/ingest.ts starts (or finds) the services and calls main.
 */
import { parseArgs } from 'node:util';
import type { Mode } from '../src/db/schemas';
import { openIngestStores, ServiceUrls } from './connect';
import { DATASETS, datasetNamed, FAMILIES, familyNamed, INGEST_FAMILIES } from './families';
import type { Family } from './load/types';
import { loadTestModeFixture } from './fixture';
import { drainOutbox } from './index/outbox-relay';
import { rebuildIndices, upgradeIndices } from './index/rebuild';
import { verifyStores } from './index/verify';
import { ingestDataset, IngestSummary } from './load/pipeline';
import { consoleProgress } from './load/progress';
import { rederive } from './load/rederive';
import { fileSource } from './sources/source';
import { urlSource } from './sources/url-source';

const FAMILY_COMMANDS = ['rebuild', 'verify', 'drain', 'rederive'];
const USAGE = `usage: npm run ingest -- <dataset> --file PATH | --url URL [--mode live|test] [--as-of YYYY-MM-DD] [--page-size N]\n` +
  `       npm run ingest -- rebuild | verify | drain | rederive [--family F] [--mode live|test] [--as-of YYYY-MM-DD]\n       npm run ingest -- fixture\n` +
  `datasets: ${DATASETS.map((dataset) => dataset.source.name).join(', ')}; families: ${FAMILIES.map((family) => family.name).join(', ')}`;

function printSummary(summary: IngestSummary, family: Family): void {
  const entities = family.entities.padEnd(14);
  const lines = [
    `source                 ${summary.source}`,
    `rows read              ${summary.rowsRead}`,
    `  loaded               ${summary.rowsLoaded}`,
    `  merged duplicates    ${summary.rowsMerged}`,
    `  rejected             ${summary.rowsRejected}`,
    ...Object.entries(summary.rejectionsByReason).map(([reason, count]) => `    ${String(count).padStart(6)}  ${reason}`),
    ...(Object.keys(summary.unknownValues).length ? ['unknown status values (rows loaded, read as documented)'] : []),
    ...Object.entries(summary.unknownValues).map(([value, count]) => `    ${String(count).padStart(6)}  ${value}`),
    `${entities} in file ${summary.entitiesInFile}`,
    `${entities} changed ${summary.entitiesChanged}`,
    `documents indexed      ${summary.documentsIndexed}`,
    `time                   ${(summary.durationMs / 1000).toFixed(1)} s (${Math.round(summary.rowsRead / Math.max(0.001, summary.durationMs / 1000))} rows/s)`,
    `  reading ${(summary.phasesMs.reading / 1000).toFixed(1)} s, applying ${(summary.phasesMs.applying / 1000).toFixed(1)} s, final indexing ${(summary.phasesMs.indexing / 1000).toFixed(1)} s`,
    ...summary.derived.map((step) => `  derived: ${step.family} in ${(step.ms / 1000).toFixed(1)} s${Object.keys(step.figures).length ? ` (${Object.entries(step.figures).map(([name, value]) => `${value} ${name}`).join(', ')})` : ''}, then ${step.documents} documents indexed in ${(step.indexMs / 1000).toFixed(1)} s`),
    `peak RSS               ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
  ];
  if (summary.rejections.length) {
    lines.push(`first rejections (all in ingest_rejections, run ${summary.runId}):`);
    for (const { line, reason } of summary.rejections.slice(0, 20)) lines.push(`  line ${line}: ${reason}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** Runs one command; resolves to the process's exit code. */
export async function main(argv: string[], urls: ServiceUrls): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      file: { type: 'string' },
      url: { type: 'string' },
      mode: { type: 'string', default: 'live' },
      family: { type: 'string' },
      'as-of': { type: 'string' },
      'page-size': { type: 'string' },
    },
  });
  const command = positionals[0];
  const mode = values.mode as Mode;
  if (mode !== 'live' && mode !== 'test') throw new Error('--mode must be live or test');
  const dataset = datasetNamed(command);
  if (!dataset && command !== 'fixture' && !FAMILY_COMMANDS.includes(command)) throw new Error(USAGE);
  if (dataset && Boolean(values.file) === Boolean(values.url)) throw new Error('give exactly one of --file and --url');
  const families = values.family ? [familyNamed(values.family)] : FAMILIES;
  const asOf = values['as-of'] ? new Date(`${values['as-of']}T00:00:00Z`) : undefined;
  if (asOf && Number.isNaN(asOf.getTime())) throw new Error('--as-of must be YYYY-MM-DD');

  const { stores, store } = await openIngestStores(urls, command === 'fixture' ? 'test' : mode);
  const progress = consoleProgress();
  const write = (text: string) => process.stdout.write(`${text}\n`);
  try {
    if (command !== 'rebuild' && command !== 'verify') {
      for (const family of FAMILIES) {
        const upgraded = await upgradeIndices(store, family, { progress });
        if (upgraded.length) write(`rebuilt ${upgraded.join(', ')}: their mapping changed since they were built`);
      }
    }
    if (dataset) {
      const pageSize = values['page-size'] ? Number(values['page-size']) : undefined;
      const source = values.file ? fileSource(dataset.source, values.file) : urlSource(dataset.source, values.url!, { pageSize });
      printSummary(await ingestDataset(store, dataset, source, { asOf, progress }), dataset.family);
      return 0;
    }
    if (command === 'fixture') {
      const { summaries, remediationDocumentsAdded } = await loadTestModeFixture(store);
      for (const { family, fixture } of INGEST_FAMILIES) fixture.forEach(({ dataset }, i) => {
        write(`${family.name} fixture: ${dataset.source.name}`);
        printSummary(summaries[family.name][i], family);
      });
      write(`remediation documents added ${remediationDocumentsAdded}`);
      return 0;
    }
    let code = 0;
    for (const family of families) {
      switch (command) {
        case 'rederive': {
          const { changed } = await rederive(store, family, asOf ?? new Date(), { progress });
          write(`${family.name}: recomputed derived values; ${changed} ${family.entities} changed`);
          break;
        }
        case 'drain': {
          const drained = await drainOutbox(store, family, { progress });
          progress.finish();
          write(`${family.name}: indexed ${drained.documents} documents of ${drained.entities} ${family.entities}`);
          break;
        }
        case 'rebuild': {
          const rebuilt = await rebuildIndices(store, family, { progress });
          progress.finish();
          write(`${family.name}: rebuilt ${rebuilt.indices.join(', ')} with ${rebuilt.documents} documents; aliases swapped`);
          break;
        }
        default: {
          const report = await verifyStores(store, family, { progress });
          for (const [name, count] of Object.entries(report.counts)) write(`${name.padEnd(22)} postgres ${count.postgres}  elasticsearch ${count.elasticsearch}`);
          if (report.ok) write(`verify ${family.name}: the stores agree`);
          else write(`verify ${family.name}: ${report.differenceCount} difference(s)\n${report.differences.map((d) => `  ${d}`).join('\n')}`);
          if (!report.ok) code = 1;
        }
      }
    }
    return code;
  } finally {
    await stores.close();
  }
}
