import { Client, HttpConnection, Transport } from '@elastic/elasticsearch';

/**
 * The client's built-in OpenTelemetry spans cost about a tenth of a typeahead request's CPU in
 * this process and nothing here collects them; this client version does not pass the option
 * through, so the transport is given it directly.
 */
class UntracedTransport extends Transport {
  constructor(options: ConstructorParameters<typeof Transport>[0]) {
    super({ ...options, openTelemetry: { enabled: false } });
  }
}

/**
 * One client per process; requests time out rather than hold a caller forever. Responses are
 * parsed with plain JSON.parse: every document comes from our own indexer, so the
 * prototype-poisoning scan of each response body only costs time. Node's own HTTP client
 * (the client's HttpConnection) carried the typeahead about 8% further than the undici one
 * in alternating bench runs.
 */
export function createEsClient(url: string, requestTimeoutMs = 5000): Client {
  return new Client({
    node: url,
    requestTimeout: requestTimeoutMs,
    maxRetries: 1,
    compression: false,
    Transport: UntracedTransport,
    disablePrototypePoisoningProtection: true,
    Connection: HttpConnection,
  });
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
