/**
 * `npm run sync -- ...`: finds the services (DATABASE_URL and ELASTICSEARCH_URL, or the
 * local ones, started when needed) and runs the sync command line (ingest/sync-cli.ts) on them.
 */
import { main } from '../ingest/sync-cli';
import { runOnServices } from './services/index';

runOnServices(main);
