import { ensureElasticsearch } from './elasticsearch';
import { ensurePostgres } from './postgres';

export interface ServiceUrls {
  databaseUrl: string;
  elasticsearchUrl: string;
}

/** DATABASE_URL and ELASTICSEARCH_URL point at existing servers; otherwise local ones are started (or reused). */
export async function ensureServices(env: NodeJS.ProcessEnv = process.env): Promise<ServiceUrls> {
  const [databaseUrl, elasticsearchUrl] = await Promise.all([
    env.DATABASE_URL ? Promise.resolve(env.DATABASE_URL) : ensurePostgres(),
    env.ELASTICSEARCH_URL ? Promise.resolve(env.ELASTICSEARCH_URL) : ensureElasticsearch(),
  ]);
  return { databaseUrl, elasticsearchUrl };
}

/**
 * Runs a command line on the services (ensureServices) with this process's arguments, and
 * exits with its code; an error exits 1 with its message.
 */
export function runOnServices(main: (argv: string[], urls: ServiceUrls) => Promise<number>): void {
  ensureServices()
    .then((urls) => main(process.argv.slice(2), urls))
    .then(
      (code) => process.exit(code),
      (error: Error) => {
        process.stderr.write(`${error.message}\n`);
        process.exit(1);
      },
    );
}
