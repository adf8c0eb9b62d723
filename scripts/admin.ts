/**
 * Community administration (no public endpoint exists for any of this):
 *   npm run admin -- report-status <reportId> <active|disputed|hidden|upheld> [--mode live|test] [--reason TEXT]
 *   npm run admin -- remediation add --camis X --violation <citation id or code> --kind invoice|receipt|certificate [--date YYYY-MM-DD] [--mode live|test]
 *   npm run admin -- remediation fixture   (the test-mode fixture's owner documents, into the test store)
 * A citation id is `<inspected date>|<inspection type>|<code>`; a bare code documents every
 * open citation with that code. Every move is written to community_admin_log.
 */
import { parseArgs } from 'node:util';
import { FIXTURE_REMEDIATION_CAMIS, fixtureReferenceDate } from '../ingest/fixture';
import { addRemediationDocument, AdminError, setReportStatus } from '../src/community/admin';
import { loadRemediationFixture } from '../src/community/remediation/fixture';
import { loadConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import type { Mode } from '../src/db/schemas';
import { openStores } from '../src/stores';
import { ensureServices } from './services/index';

const USAGE = [
  'usage:',
  '  npm run admin -- report-status <reportId> <active|disputed|hidden|upheld> [--mode live|test] [--reason TEXT]',
  '  npm run admin -- remediation add --camis X --violation <citation id or code> --kind invoice|receipt|certificate [--date YYYY-MM-DD] [--mode live|test]',
  '  npm run admin -- remediation fixture',
].join('\n');

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      mode: { type: 'string', default: 'live' },
      reason: { type: 'string' },
      camis: { type: 'string' },
      violation: { type: 'string' },
      kind: { type: 'string' },
      date: { type: 'string' },
    },
  });
  const mode = values.mode as Mode;
  if (mode !== 'live' && mode !== 'test') throw new AdminError('--mode must be live or test');
  const [command, ...rest] = positionals;
  if (command !== 'report-status' && !(command === 'remediation' && (rest[0] === 'add' || rest[0] === 'fixture'))) throw new AdminError(USAGE);

  const config = loadConfig();
  if (!config.databaseUrl || !config.elasticsearchUrl) Object.assign(config, await ensureServices());
  await migrate(config.databaseUrl!, config.namespace);
  const stores = openStores(config);
  try {
    const pg = stores.byMode[mode].pg;
    if (command === 'report-status') {
      const [reportId, status] = rest;
      if (!reportId || !status) throw new AdminError(USAGE);
      const move = await setReportStatus(pg, reportId, status, values.reason ?? null);
      console.log(`report ${move.reportId}: ${move.from} -> ${move.to} (${mode})`);
    } else if (rest[0] === 'fixture') {
      const added = await loadRemediationFixture(stores.byMode.test, FIXTURE_REMEDIATION_CAMIS, fixtureReferenceDate());
      console.log(`fixture owner documents: ${added} added to the test store (${FIXTURE_REMEDIATION_CAMIS})`);
    } else {
      if (!values.camis || !values.violation || !values.kind) throw new AdminError(`remediation add needs --camis, --violation and --kind\n${USAGE}`);
      const documented = await addRemediationDocument(pg, { camis: values.camis, violation: values.violation, kind: values.kind, date: values.date });
      for (const citation of documented) console.log(`documented ${values.kind} for ${citation.camis} ${citation.inspectedAt}|${citation.inspectionType}|${citation.code} (${mode})`);
    }
  } finally {
    await stores.close();
  }
}

main().catch((error: Error) => {
  console.error(error instanceof AdminError ? error.message : error.stack ?? error.message);
  process.exit(1);
});
