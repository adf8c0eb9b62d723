/**
 * npm run sync [-- DATASET ...] [--full] [--mode live|test] [--base-url URL] [--json]
 *
 * Brings the named data sets (every one of the registry when none is named, in load order)
 * up to what the city's portal publishes: only the rows changed since each one's last sync,
 * or every row with --full (which also reconciles what the portal no longer publishes). The
 * portal is --base-url, else SODA_BASE_URL, else the city's; SODA_APP_TOKEN is sent as
 * X-App-Token when set. --json prints one JSON object per data set. Exit code 1 when any
 * data set failed; the others are synced all the same. scripts/sync.ts finds the services.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import type { Mode } from '../src/db/schemas';
import { openIngestStores, type ServiceUrls } from './connect';
import { FAMILIES } from './families';
import { inLoadOrder } from './families/registry';
import { upgradeIndices } from './index/rebuild';
import { consoleProgress, silentProgress } from './load/progress';
import { CITY_PORTAL, type SyncSummary, syncDatasets } from './sync/sync';

const USAGE = 'usage: npm run sync [-- DATASET ...] [--full] [--mode live|test] [--base-url URL] [--json]';

function line(summary: SyncSummary): string {
  if (summary.status === 'not published') return `${summary.dataset}: not published on the portal (npm run ingest -- ${summary.dataset} --file PATH loads its file)`;
  if (summary.status !== 'synced') return `${summary.dataset}: ${summary.status}: ${summary.error}`;
  const moved = summary.positionAfter === summary.positionBefore ? 'nothing new' : `position ${summary.positionBefore ?? 'start'} -> ${summary.positionAfter}`;
  return `${summary.dataset}: ${summary.full ? 'full pass, ' : ''}${summary.rowsFetched} rows fetched, ${summary.rowsApplied} applied, ${summary.rowsRejected} rejected, ${summary.rowsRemoved} removed; ${moved} (${summary.seconds} s)`;
}

export async function main(argv: string[], urls: ServiceUrls, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { sync } = loadConfig(env);
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      full: { type: 'boolean', default: false },
      mode: { type: 'string', default: 'live' },
      'base-url': { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const mode = values.mode as Mode;
  if (mode !== 'live' && mode !== 'test') throw new Error(`--mode must be live or test\n${USAGE}`);
  const datasets = inLoadOrder(positionals);
  const base = values['base-url'] ?? sync.portalUrl ?? CITY_PORTAL;
  if (!/^https?:\/\//.test(base)) throw new Error(`the portal must be an http(s) URL, not "${base}"`);

  const { stores, store } = await openIngestStores(urls, mode);
  const write = (text: string) => process.stdout.write(`${text}\n`);
  try {
    for (const family of FAMILIES) await upgradeIndices(store, family, { progress: silentProgress });
    const summaries = await syncDatasets(
      store,
      datasets,
      { base, appToken: sync.appToken ?? undefined, full: values.full, progress: values.json ? silentProgress : consoleProgress() },
      (summary) => write(values.json ? JSON.stringify(summary) : line(summary)),
    );
    return summaries.some((summary) => summary.status === 'failed' || summary.status === 'busy') ? 1 : 0;
  } finally {
    await stores.close();
  }
}
