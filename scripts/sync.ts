/**
 * `npm run sync -- ...`: finds the services (DATABASE_URL and ELASTICSEARCH_URL, or the
 * local ones, started when needed) and runs the sync command line (ingest/sync-cli.ts) on them.
 */
import { main } from '../ingest/sync-cli';
import { ensureServices } from './services/index';

ensureServices()
  .then((urls) => main(process.argv.slice(2), urls))
  .then(
    (code) => process.exit(code),
    (error: Error) => {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    },
  );
