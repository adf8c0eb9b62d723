/**
 * `npm run ingest -- ...`: finds the services (DATABASE_URL and ELASTICSEARCH_URL, or the
 * local ones, started when needed) and runs the ingest command line (ingest/cli.ts) on them.
 */
import { main } from '../ingest/cli';
import { runOnServices } from './services/index';

runOnServices(main);
