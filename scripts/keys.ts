/**
 * Key administration:
 *   npm run keys -- create --name NAME [--tier standard|unlimited] [--daily-limit N]
 *   npm run keys -- list
 *   npm run keys -- revoke <pair id | key prefix | key>
 */
import { parseArgs } from 'node:util';
import { Pool } from 'pg';
import { loadConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import { schemaNames } from '../src/db/schemas';
import { createKeyPair, listKeys, revokeKeys, Tier } from '../src/platform/keys';
import { ensureServices } from './services/index';

const USAGE = 'usage: npm run keys -- create --name NAME [--tier standard|unlimited] [--daily-limit N] | list | revoke <pair id or key prefix>';

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { name: { type: 'string' }, tier: { type: 'string', default: 'standard' }, 'daily-limit': { type: 'string' } },
  });
  const [command, target] = positionals;
  if (!command) throw new Error(USAGE);

  const config = loadConfig();
  const databaseUrl = config.databaseUrl ?? (await ensureServices()).databaseUrl;
  await migrate(databaseUrl, config.namespace);
  const pool = new Pool({ connectionString: databaseUrl, options: `-c search_path=${schemaNames(config.namespace).platform}` });
  try {
    if (command === 'create') {
      if (!values.name) throw new Error('create needs --name');
      const tier = values.tier as Tier;
      if (tier !== 'standard' && tier !== 'unlimited') throw new Error('--tier must be standard or unlimited');
      const limitText = values['daily-limit'];
      const dailyLimit = tier === 'unlimited' ? null : limitText ? Number(limitText) : 10000;
      if (dailyLimit !== null && (!Number.isInteger(dailyLimit) || dailyLimit < 1)) throw new Error('--daily-limit must be a positive integer');
      const pair = await createKeyPair(pool, { name: values.name, tier, dailyLimit });
      console.log(`live key: ${pair.live}\ntest key: ${pair.test}\npair id:  ${pair.pairId}\nStore them now: only their hashes are kept.`);
    } else if (command === 'list') {
      for (const key of await listKeys(pool)) {
        console.log([key.pairId, key.mode, key.keyPrefix + '…', key.tier, key.dailyLimit ?? 'unlimited', key.name, key.revokedAt ? `revoked ${key.revokedAt}` : 'active'].join('\t'));
      }
    } else if (command === 'revoke') {
      if (!target) throw new Error('revoke needs a pair id or key prefix');
      const count = await revokeKeys(pool, target);
      console.log(count ? `revoked ${count} key(s)` : 'no active key matched');
      if (!count) process.exitCode = 1;
    } else {
      throw new Error(USAGE);
    }
  } finally {
    await pool.end();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
