import type { Pool, PoolClient } from 'pg';
import { isBorough } from '../../../src/nyc';
import { indexedAddress } from '../../../src/search/address';
import { normalizeText } from '../../../src/search/normalize';
import type { IndexedDocument } from '../../index/bulk';

/**
 * The properties index document: one per tax lot (id = BBL), what the address typeahead
 * finds a lot by and shows of it.
 */
export interface PropertyDocument {
  bbl: string;
  address: string | null;
  borough: string;
  zip: string | null;
  /**
   * The address as the address search meets it (src/search/address: house number key and
   * canonical street, `5 AV` and `FIFTH AVENUE` alike); normalizeText of it when it names
   * no street.
   */
  addressNorm: string;
  /**
   * The same key under the street's other names in the lot's borough (`453 6 avenue` for
   * 453 AVENUE OF THE AMERICAS), present only when the street has any: the mapping copies
   * both into addressKeys and addressWords, which the search reads.
   */
  addressAliases?: string[];
  location: { lat: number; lon: number } | null;
}

export type PropertyIndex = 'properties';

function normalizedAddress(address: string | null, borough: string): Pick<PropertyDocument, 'addressNorm' | 'addressAliases'> {
  const indexed = indexedAddress(address, isBorough(borough) ? borough : null);
  if (!indexed) return { addressNorm: normalizeText(address) };
  const [addressNorm, ...aliases] = indexed.keys;
  return aliases.length > 0 ? { addressNorm, addressAliases: aliases } : { addressNorm };
}

/**
 * Every document of these lots, built from Postgres alone (the source of truth): the
 * indexer, the rebuild and the verifier all call this, so they cannot disagree.
 */
export async function buildDocuments(pg: Pool | PoolClient, bbls: string[]): Promise<Record<PropertyIndex, IndexedDocument[]>> {
  const set: Record<PropertyIndex, IndexedDocument[]> = { properties: [] };
  if (bbls.length === 0) return set;
  const { rows } = await pg.query('select bbl, address, borough, zip, latitude, longitude, version from property_lots where bbl = any($1) order by bbl', [bbls]);
  for (const lot of rows) {
    const document: PropertyDocument = {
      bbl: lot.bbl,
      address: lot.address,
      borough: lot.borough,
      zip: lot.zip,
      ...normalizedAddress(lot.address, lot.borough),
      location: lot.latitude !== null && lot.longitude !== null ? { lat: lot.latitude, lon: lot.longitude } : null,
    };
    set.properties.push({ id: lot.bbl, version: Number(lot.version), source: document as unknown as Record<string, unknown> });
  }
  return set;
}
