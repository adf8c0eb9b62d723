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
