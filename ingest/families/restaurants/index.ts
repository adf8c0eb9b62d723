import { createHash } from 'node:crypto';
import { groupRows, RestaurantSourceRow } from '../../../src/domain/restaurants/grouping';
import { mappedCodes } from '../../../src/domain/restaurants/violation-codes';
import { RESTAURANT_INSPECTIONS } from '../../sources/restaurants';
import path from 'node:path';
import { FIXTURES_DIR } from '../../../src/platform/fixture-clock';
import type { Family, IngestFamily, KeyedDataset } from '../../load/types';
import { upsertCitations, upsertEstablishments, upsertInspections, upsertViolationCodes } from './canonical';
import { buildDocuments } from './documents';
import { refreshProfiles } from './profiles';
import { RESTAURANT_CHANGES } from '../../../src/domain/restaurants/changes';
import { RESTAURANT_DATASETS } from '../../../src/domain/restaurants/datasets';

/** Restaurants: establishments by CAMIS, their inspections and citations, derived profiles. */
export const RESTAURANTS: Family = {
  name: 'restaurants',
  entities: 'establishments',
  entityTable: 'restaurant_establishments',
  key: 'camis',
  versionSequence: 'restaurant_version_seq',
  outbox: 'restaurant_outbox',
  indices: [{ name: 'restaurants', forceMerge: true }, { name: 'restaurant_violations' }, { name: 'restaurant_inspections' }],
  legacyAliases: ['violations', 'inspections'],
  lockName: 'restaurant',
  buildDocuments,
  rederive: (client, keys, asOf) => refreshProfiles(client, keys, asOf),
  changes: {
    kinds: RESTAURANT_CHANGES,
    sql: `select e.camis as key, e.zip, e.borough,
            json_build_object('lastInspection', p.last_inspected_at::text, 'grade', p.grade, 'closed', coalesce(p.closed, false),
              'citations', (select count(*)::int from restaurant_citations c where c.camis = e.camis)) as state
          from restaurant_establishments e left join restaurant_profiles p on p.camis = e.camis
          where e.camis = any($1) and $2::date is not null`,
  },
};

/**
 * Salts every digest: bump the number when the way rows become canonical records changes;
 * the category mapping is folded in, so editing it re-applies every establishment on the
 * next load. DERIVED_REVISION is folded in too: bump it when a derived-value formula changes,
 * so the next load re-derives every establishment (`npm run ingest -- rederive` does it at once).
 * 2: Pre-permit (Non-operational) visits left out of the score figures.
 */
const DERIVED_REVISION = 2;
const DIGEST_SALT = createHash('md5').update(`canonical-v1:raw-v1:derived-${DERIVED_REVISION}:${JSON.stringify(mappedCodes())}`).digest('hex');

/** The DOHMH inspection results into the restaurant family: rows grouped into establishment histories. */
export const RESTAURANT_INSPECTIONS_LOAD: KeyedDataset<RestaurantSourceRow> = {
  family: RESTAURANTS,
  source: RESTAURANT_INSPECTIONS,
  keyOf: (row) => row.camis,
  // RECORD DATE is the extract's date: it changes with every export and says nothing about the records.
  stagedJson: (row) => JSON.stringify({ ...row, recordDate: null }),
  // A daily export is mostly the establishments of the day before: digested as read, the
  // unchanged ones are skipped before their rows are parsed.
  rawKeyColumn: 'camis',
  volatileColumns: ['record_date'],
  digestSalt: DIGEST_SALT,
  sourceHashes: 'restaurant_source_hashes',
  async apply(client, rows, asOf) {
    const grouped = groupRows(rows);
    const histories = [...grouped.histories.values()];
    const establishments = await upsertEstablishments(client, histories);
    const touched = new Set(establishments.changed);
    for (const camis of await upsertInspections(client, histories)) touched.add(camis);
    for (const camis of await upsertCitations(client, histories)) touched.add(camis);
    await upsertViolationCodes(client, histories);
    // An establishment inserted just now has no records but these: its history is at hand.
    const inserted = new Map([...establishments.inserted].map((camis) => [camis, grouped.histories.get(camis)!]));
    const derived = await refreshProfiles(client, [...touched], asOf, inserted);
    return { duplicateLines: grouped.duplicates.map(({ line }) => line), changed: [...touched, ...derived] };
  },
};

/** The restaurants family as the ingest knows it: the DOHMH inspection results, and the test mode's eight establishments. */
export const RESTAURANTS_INGEST: IngestFamily = {
  family: RESTAURANTS,
  facts: RESTAURANT_DATASETS,
  datasets: [RESTAURANT_INSPECTIONS_LOAD as KeyedDataset<unknown>],
  fixture: [{ dataset: RESTAURANT_INSPECTIONS_LOAD as KeyedDataset<unknown>, file: path.join(FIXTURES_DIR, 'restaurants', 'inspections.csv') }],
};

