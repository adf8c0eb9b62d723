/** `npm run services`: start (or reuse) Elasticsearch and Postgres and print their URLs as JSON. */
import { ensureServices } from './services/index';

ensureServices()
  .then((urls) => {
    process.stdout.write(`${JSON.stringify(urls)}\n`);
  })
  .catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
