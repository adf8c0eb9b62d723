import type { Client } from '@elastic/elasticsearch';

/** A document to index, with its external version. */
export interface IndexedDocument<T = Record<string, unknown>> {
  id: string;
  /** The key of the entity it belongs to (its family's key, as in the outbox). */
  key: string;
  /**
   * Grows whenever the document's content may have changed: the entity's version, or (for
   * documents that carry their own, as a restaurant's feed documents) a newer one of the rows it shows.
   */
  version: number;
  source: T;
}

/**
 * Indexes documents with external versions: Elasticsearch keeps whichever write carries
 * the higher version, so replays, races between indexers and a rebuild overlapping the
 * relay all converge on the newest state. A conflict means the index already holds this
 * version or a newer one, which is success.
 */
export async function bulkIndex(es: Client, targets: Array<{ index: string; documents: IndexedDocument[] }>): Promise<number> {
  const operations: object[] = [];
  let count = 0;
  for (const { index, documents } of targets) {
    for (const doc of documents) {
      operations.push({ index: { _index: index, _id: doc.id, version: doc.version, version_type: 'external' } }, doc.source);
      count += 1;
    }
  }
  if (count === 0) return 0;
  const response = await es.bulk({ operations }, { requestTimeout: 120_000 });
  if (response.errors) {
    const failures = response.items
      .map((item) => item.index)
      .filter((result) => result?.error && result.error.type !== 'version_conflict_engine_exception');
    if (failures.length) {
      const first = failures[0]!;
      throw new Error(`bulk indexing failed for ${failures.length} document(s); first: ${first._id}: ${first.error?.type}: ${first.error?.reason}`);
    }
  }
  return count;
}
