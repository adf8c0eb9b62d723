import { createHash } from 'node:crypto';
import type { PoolClient } from 'pg';
import type { KeyedDataset } from '../families/types';
import type { RawRecord } from '../sources/columns';

/**
 * The digests of a data set that names its entities in a raw column (`rawKeyOf`): each
 * entity's raw records in file order, less the columns that change with every export,
 * chained through MD5 from the data set's salt, taken in Node as the records stream. With
 * them a re-ingest knows which entities are as last applied before it parses a row: a file
 * is read once to digest and once more to parse and stage only the others (a URL, read
 * once, is staged whole and the unchanged entities dropped from staging).
 */
export class RawDigests {
  private readonly digests = new Map<string, string>();
  private readonly volatile: Set<string>;

  constructor(private readonly dataset: KeyedDataset<unknown>) {
    if (!dataset.rawKeyOf) throw new Error(`${dataset.source.name}: raw digests need rawKeyOf`);
    // Rows of skipped entities are not parsed, so their unknown values could not be counted.
    if (dataset.unknownValues) throw new Error(`${dataset.source.name}: rawKeyOf and unknownValues do not go together`);
    this.volatile = new Set(dataset.volatileColumns ?? []);
  }

  /** Adds a record to its entity's digest; returns the entity, or null when no column names one (its row is parsed, and rejected). */
  add(record: RawRecord): string | null {
    const key = this.dataset.rawKeyOf!(record);
    if (key === null) return null;
    let text = this.digests.get(key) ?? this.dataset.digestSalt;
    for (const column in record) if (!this.volatile.has(column)) text += `\u001f${record[column] ?? ''}`;
    this.digests.set(key, createHash('md5').update(text).digest('base64'));
    return key;
  }

  get(key: string): string | undefined {
    return this.digests.get(key);
  }

  /**
   * The entities whose digest is the one last applied (source_hashes), with the row
   * accounting of that application: they are neither parsed nor applied again.
   */
  async unchanged(client: PoolClient): Promise<{ keys: Set<string>; loaded: number; merged: number }> {
    const key = this.dataset.family.key;
    const { rows } = await client.query(
      `select h.${key} as key, h.rows_loaded, h.rows_merged
       from ${this.dataset.sourceHashes} h join unnest($1::text[], $2::text[]) as read (key, hash) on h.${key} = read.key and h.hash = read.hash`,
      [[...this.digests.keys()], [...this.digests.values()]],
    );
    return {
      keys: new Set(rows.map((row) => row.key as string)),
      loaded: rows.reduce((sum, row) => sum + row.rows_loaded, 0),
      merged: rows.reduce((sum, row) => sum + row.rows_merged, 0),
    };
  }
}
