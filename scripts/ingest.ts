/**
 * `npm run ingest -- ...`: finds the services (DATABASE_URL and ELASTICSEARCH_URL, or the
 * local ones, started when needed) and runs the ingest command line (ingest/cli.ts) on them.
 */
import { main } from '../ingest/cli';
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
