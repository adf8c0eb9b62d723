import type { Pool, PoolClient } from 'pg';
import { houseNumberKey, type HouseNumberSpan, houseNumberSpan, isBorough, parseHouseNumber } from '../../../src/nyc';
import { blockKey, blockKeyPrefixes, indexedAddress, phrasePrefixes } from '../../../src/search/address';
import { oneEditKeysOf } from '../../../src/search/edit-keys';
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
  /**
   * `blockKey` of each address key (addressNorm and addressAliases) that has one
   * (`3412 31 avenue` -> `34:even 31 avenue`), each with its shortenings by its last letters
   * (`blockKeyPrefixes`: `34:even 31 avenu` ... `34:even 31 a`): the same-block tier of the
   * address search looks up `<block> <street typed>` among them.
   */
  addressBlocks?: string[];
  /** The address keys' phrase prefixes (phrasePrefixes): the street-alone tier, a term lookup. */
  addressPhrases?: string[];
  /** The one-edit keys of the address keys' words (src/search/edit-keys.ts): the one-edit tier, term lookups. */
  addressEditKeys?: string[];
  /**
   * The house number key of the lot's address (`3412` for 34-12), present only when it has
   * one: the address search matches a typed number as the house number, never as a word of
   * the street (`2 west 56 street` is not 1 WEST 2 STREET).
   */
  houseNumber?: string;
  /**
   * The lot's PAD address ranges (property_address_ranges), present only when it has any:
   * each as the canonical names of its street in the lot's borough and the house-number span
   * (src/nyc/address/ranges: low and high as ordered numbers, side of the street, hyphenated
   * or not). The address typeahead matches a house number inside one, on that street.
   */
  addressRanges?: AddressRange[];
  location: { lat: number; lon: number } | null;
}

export interface AddressRange extends HouseNumberSpan {
  streets: string[];
}

export type PropertyIndex = 'properties';

/** A lot's PAD ranges as the index holds them: one per street and span (buildings and address types that repeat one are one). */
export function addressRangesOf(ranges: Array<{ street: string; low_house: string; high_house: string }>, borough: string): AddressRange[] {
  const unique = new Map<string, AddressRange>();
  for (const range of ranges) {
    const [low, high] = [parseHouseNumber(range.low_house), parseHouseNumber(range.high_house)];
    // With its number, so a numbered street (`5 AVENUE`) is not read as house number 5.
    const indexed = indexedAddress(`${range.low_house} ${range.street}`, isBorough(borough) ? borough : null);
    if (!low || !high || !indexed) continue;
    const entry = { streets: indexed.streets, ...houseNumberSpan(low, high) };
    unique.set(JSON.stringify(entry), entry);
  }
  return [...unique.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, entry]) => entry);
}

function normalizedAddress(address: string | null, borough: string): Pick<PropertyDocument, 'addressNorm' | 'addressAliases' | 'addressBlocks' | 'addressPhrases' | 'addressEditKeys' | 'houseNumber'> {
  const indexed = indexedAddress(address, isBorough(borough) ? borough : null);
  const [addressNorm, ...aliases] = indexed ? indexed.keys : [normalizeText(address)];
  // From every key the index holds in addressKeys, so the block tier meets the same keys.
  // Each block key with its shortenings by its last letters (blockKeyPrefixes): the tier's term lookup.
  const blocks = [...new Set([addressNorm, ...aliases].map(blockKey).filter((block): block is string => block !== null).flatMap(blockKeyPrefixes))];
  const house = indexed?.houseNumber ? houseNumberKey(indexed.houseNumber) : null;
  const keys = [addressNorm, ...aliases].filter(Boolean);
  const phrases = phrasePrefixes(keys);
  const edits = oneEditKeysOf(keys.join(' '));
  return {
    addressNorm,
    ...(aliases.length > 0 && { addressAliases: aliases }),
    ...(blocks.length > 0 && { addressBlocks: blocks }),
    ...(phrases.length > 0 && { addressPhrases: phrases }),
    ...(edits.length > 0 && { addressEditKeys: edits }),
    ...(house && { houseNumber: house }),
  };
}

/**
 * Every document of these lots, built from Postgres alone (the source of truth): the
 * indexer, the rebuild and the verifier all call this, so they cannot disagree.
 */
export async function buildDocuments(pg: Pool | PoolClient, bbls: string[]): Promise<Record<PropertyIndex, IndexedDocument[]>> {
  const set: Record<PropertyIndex, IndexedDocument[]> = { properties: [] };
  if (bbls.length === 0) return set;
  const { rows } = await pg.query('select bbl, address, borough, zip, latitude, longitude, version from property_lots where bbl = any($1) order by bbl', [bbls]);
  const { rows: ranges } = await pg.query('select bbl, street, low_house, high_house from property_address_ranges where bbl = any($1)', [bbls]);
  const rangesByLot = new Map<string, typeof ranges>();
  for (const range of ranges) rangesByLot.set(range.bbl, [...(rangesByLot.get(range.bbl) ?? []), range]);
  for (const lot of rows) {
    const addressRanges = addressRangesOf(rangesByLot.get(lot.bbl) ?? [], lot.borough);
    const document: PropertyDocument = {
      bbl: lot.bbl,
      address: lot.address,
      borough: lot.borough,
      zip: lot.zip,
      ...normalizedAddress(lot.address, lot.borough),
      ...(addressRanges.length > 0 && { addressRanges }),
      location: lot.latitude !== null && lot.longitude !== null ? { lat: lot.latitude, lon: lot.longitude } : null,
    };
    set.properties.push({ id: lot.bbl, key: lot.bbl, version: Number(lot.version), source: document as unknown as Record<string, unknown> });
  }
  return set;
}
