import { hash } from 'node:crypto';
import type { PoolClient } from 'pg';
import type { KeyedDataset } from './types';
import type { RawRecord } from '../sources/columns';
import { textField } from '../sources/dataset';

/**
 * The digests of a data set that names its entities in a raw column (`rawKeyColumn`): each
 * entity's raw records in file order, less the columns that change with every export,
 * chained through MD5 from the data set's salt, taken in Node as the records stream. With
 * them a re-ingest knows which entities are as last applied before it parses a row: a file
 * is read once to digest and once more to parse and stage only the others (a URL, read
 * once, is staged whole and the unchanged entities dropped from staging).
 */
export class RawDigests {
  private readonly digests = new Map<string, string>();
  private readonly volatile: Set<string>;
  /** Where the key and the digested values sit in the last column list seen (a CSV file's header: one list for every record). */
  private layout: { columns: readonly string[]; key: number; kept: number[] } | null = null;

  constructor(private readonly dataset: KeyedDataset<unknown>) {
    if (!dataset.rawKeyColumn) throw new Error(`${dataset.source.name}: raw digests need rawKeyColumn`);
    // Rows of skipped entities are not parsed, so their unknown values could not be counted.
    if (dataset.unknownValues) throw new Error(`${dataset.source.name}: rawKeyColumn and unknownValues do not go together`);
    this.volatile = new Set(dataset.volatileColumns ?? []);
  }

  /** Adds a record to its entity's digest; returns the entity, or null when no column names one (its row is parsed, and rejected). */
  add(record: RawRecord): string | null {
    return this.addValues(Object.values(record) as string[], Object.keys(record));
  }

  /**
   * The same from a record's values in column order, before any record is built of them
   * (a reader's `keep`). Each entity's digest is chained: MD5 of its previous digest (the
   * salt first) and the record's values, each after a U+001F, less the volatile columns.
   * One-shot hashing (crypto.hash) and one join per record: a Hash object and a string
   * grown a value at a time per record were most of the digesting pass.
   */
  addValues(values: string[], columns: readonly string[]): string | null {
    const layout = this.layout?.columns === columns ? this.layout : this.layoutOf(columns);
    const key = textField(values[layout.key]);
    if (key === null) return null;
    const kept = layout.kept.length === values.length ? values : layout.kept.map((index) => values[index]);
    const text = `${this.digests.get(key) ?? this.dataset.digestSalt}\u001f${kept.join('\u001f')}`;
    this.digests.set(key, hash('md5', text, 'base64'));
    return key;
  }

  /** The entity a record's values name (a reader's `keep`), or null. */
  keyOfValues(values: string[], columns: readonly string[]): string | null {
    const layout = this.layout?.columns === columns ? this.layout : this.layoutOf(columns);
    return textField(values[layout.key]);
  }

  private layoutOf(columns: readonly string[]): { columns: readonly string[]; key: number; kept: number[] } {
    const kept: number[] = [];
    columns.forEach((column, index) => {
      if (!this.volatile.has(column)) kept.push(index);
    });
    this.layout = { columns, key: columns.indexOf(this.dataset.rawKeyColumn!), kept };
    return this.layout;
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
