import type { Pool, PoolClient } from 'pg';
import { compactText, normalizeText, searchableWords } from '../../../src/search/normalize';
import { orderBySchema } from '../../../src/contract/order';
import { RESTAURANT_SUMMARY_SCHEMA, type Grade, type RestaurantSummary, type ViolationCategory } from '../../../src/restaurants/types';
import { nameTailsOf } from '../../../src/restaurants/queries';
import { oneEditKeysOf, twoEditKeysOf } from '../../../src/search/edit-keys';
import { inspectionId, loadHistories, StoredEstablishment, violationId } from './histories';
import type { IndexedDocument } from '../../index/bulk';

/** The served summary is stored in the contract's key order (the JSONB comes back in Postgres's). */


type GeoPoint = { lat: number; lon: number } | null;

/** The restaurants index document: RestaurantSummary plus what search, browse, nearby and stats filter on. */
export interface RestaurantDocument extends RestaurantSummary {
  /** The served summary as JSON in base64 (binary doc values): what search, browse and nearby fetch. */
  summary: string;
  gradeDate: string | null;
  nta: string | null;
  location: GeoPoint;
  /** searchableWords(name): words for exact, prefix (index_prefixes) and fuzzy matching, hyphenated ones also joined. */
  nameNorm: string;
  /** The whole normalized name as one keyword: exact and whole-name prefix matches, name sort. */
  nameExact: string;
  /** compactText(name): "joes pizza", "a w" and "aw" meet here. */
  nameCompact: string;
  /** Name words without their first letter (nameTailsOf): the first-letter-typo tier. */
  nameTails: string;
  /** The name words' one- and two-edit keys (src/search/edit-keys.ts): the typo tiers. */
  nameEditKeys: string[];
  nameTwoEditKeys: string[];
  addressNorm: string;
  addressExact: string;
  addressCompact: string;
  /** Newest vermin-category citation, and every vermin date (verminSince filter). */
  lastVerminAt: string | null;
  verminDates: string[];
}

/** What every feed row says of its establishment, with the search and geo fields the feeds filter on. */
interface FeedEstablishmentFields {
  id: string;
  camis: string;
  nameNorm: string;
  address: string;
  borough: string;
  zip: string | null;
  cuisine: string | null;
  latitude: number | null;
  longitude: number | null;
  location: GeoPoint;
  inspectedAt: string;
}

/** The violations index document: the city-wide violation row plus search fields. */
export interface ViolationDocument extends FeedEstablishmentFields {
  restaurantName: string;
  nameCompact: string;
  code: string;
  description: string;
  critical: boolean;
  category: ViolationCategory;
  inspectionType: string | null;
}

/** The inspections index document: the city-wide inspection row plus search fields. */
export interface InspectionDocument extends FeedEstablishmentFields {
  name: string;
  type: string | null;
  score: number | null;
  grade: Grade | null;
  closedRestaurant: boolean;
}

/** The restaurant family's three indices. */
export type RestaurantIndex = 'restaurants' | 'restaurant_violations' | 'restaurant_inspections';
export type DocumentSet = Record<RestaurantIndex, IndexedDocument[]>;

export { inspectionId, violationId };

function location(e: StoredEstablishment): GeoPoint {
  return e.latitude !== null && e.longitude !== null ? { lat: e.latitude, lon: e.longitude } : null;
}

/**
 * Every document of these establishments, built from Postgres alone (the source of truth):
 * the indexer, the rebuild and the verifier all call this, so they cannot disagree.
 */
export async function buildDocuments(pg: Pool | PoolClient, camis: string[]): Promise<DocumentSet> {
  const set: DocumentSet = { restaurants: [], restaurant_violations: [], restaurant_inspections: [] };
  if (camis.length === 0) return set;
  const histories = await loadHistories(pg, camis);
  const profiles = await pg.query('select camis, summary, grade_date, vermin_dates from restaurant_profiles where camis = any($1)', [camis]);
  const profileByCamis = new Map(profiles.rows.map((row) => [row.camis as string, row]));
  for (const { establishment: e, inspections, rowVersions } of [...histories.values()].sort((a, b) => (a.establishment.camis < b.establishment.camis ? -1 : 1))) {
    const profile = profileByCamis.get(e.camis);
    if (!profile) continue;
    const summary = profile.summary as RestaurantSummary;
    const verminDates = (profile.vermin_dates as string[]) ?? [];
    const point = location(e);
    const restaurant: RestaurantDocument = {
      ...summary,
      summary: Buffer.from(JSON.stringify(orderBySchema(summary, RESTAURANT_SUMMARY_SCHEMA))).toString('base64'),
      gradeDate: profile.grade_date,
      nta: e.nta,
      location: point,
      nameNorm: searchableWords(e.name),
      nameExact: normalizeText(e.name),
      nameCompact: compactText(e.name),
      nameTails: nameTailsOf(searchableWords(e.name)),
      nameEditKeys: oneEditKeysOf(searchableWords(e.name)),
      nameTwoEditKeys: twoEditKeysOf(searchableWords(e.name)),
      addressNorm: normalizeText(e.address),
      addressExact: normalizeText(e.address),
      addressCompact: compactText(e.address),
      lastVerminAt: verminDates[0] ?? null,
      verminDates,
    };
    set.restaurants.push({ id: e.camis, key: e.camis, version: e.version, source: restaurant as unknown as Record<string, unknown> });
    // A feed document repeats its row and the establishment's own columns: it changed when either did.
    const feedVersion = (id: string) => Math.max(e.fieldsVersion, rowVersions.get(id) ?? 0);
    const place = { address: e.address, borough: e.borough, zip: e.zip, cuisine: e.cuisine, latitude: e.latitude, longitude: e.longitude, location: point };
    for (const inspection of inspections) {
      const id = inspectionId(e.camis, inspection.inspectedAt, inspection.inspectionType);
      const doc: InspectionDocument = {
        id,
        camis: e.camis,
        name: e.name,
        nameNorm: restaurant.nameNorm,
        ...place,
        inspectedAt: inspection.inspectedAt,
        type: inspection.inspectionType || null,
        score: inspection.score,
        grade: inspection.grade,
        closedRestaurant: inspection.closure === 'closed' || inspection.closure === 'reclosed',
      };
      set.restaurant_inspections.push({ id, key: e.camis, version: feedVersion(id), source: doc as unknown as Record<string, unknown> });
      for (const citation of inspection.citations) {
        const citationId = violationId(e.camis, inspection.inspectedAt, inspection.inspectionType, citation.code);
        const violation: ViolationDocument = {
          id: citationId,
          camis: e.camis,
          restaurantName: e.name,
          nameNorm: restaurant.nameNorm,
          nameCompact: restaurant.nameCompact,
          ...place,
          code: citation.code,
          description: citation.description,
          critical: citation.critical,
          category: citation.category,
          inspectedAt: inspection.inspectedAt,
          inspectionType: inspection.inspectionType || null,
        };
        set.restaurant_violations.push({ id: citationId, key: e.camis, version: feedVersion(citationId), source: violation as unknown as Record<string, unknown> });
      }
    }
  }
  return set;
}
