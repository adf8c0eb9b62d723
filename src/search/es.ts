import { Client } from '@elastic/elasticsearch';

/** One client per process; requests time out rather than hold a caller forever. */
export function createEsClient(url: string, requestTimeoutMs = 5000): Client {
  return new Client({ node: url, requestTimeout: requestTimeoutMs, maxRetries: 1, compression: false });
}

/** Elasticsearch answers if the cluster health call succeeds (the core distribution has no GET /). */
export async function esAnswers(client: Client, timeoutMs = 1500): Promise<boolean> {
  try {
    await client.cluster.health({}, { requestTimeout: timeoutMs, maxRetries: 0 });
    return true;
  } catch {
    return false;
  }
}
