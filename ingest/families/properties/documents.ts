import type { Pool, PoolClient } from 'pg';
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
   * normalizeText(address). To become the canonical street form (src/nyc/address:
   * canonicalStreet / addressTokens, so '5 AV' meets 'FIFTH AVENUE') once that module is
   * committed; it was not when this was written. Changing it bumps the mapping's revision.
   */
  addressNorm: string;
  location: { lat: number; lon: number } | null;
}

export type PropertyIndex = 'properties';

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
      addressNorm: normalizeText(lot.address),
      location: lot.latitude !== null && lot.longitude !== null ? { lat: lot.latitude, lon: lot.longitude } : null,
    };
    set.properties.push({ id: lot.bbl, version: Number(lot.version), source: document as unknown as Record<string, unknown> });
  }
  return set;
}
