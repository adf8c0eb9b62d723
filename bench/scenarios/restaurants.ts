import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateRestaurants } from '../../ingest/generate/restaurants';
import { searchRestaurants } from '../../src/restaurants/search';
import { openApiDocument } from '../../src/openapi';
import { loadProfiles } from '../../src/restaurants/store';
import { normalizeText } from '../../src/search/normalize';
import type { BenchContext, BenchScenario, HttpRequestSpec } from '../types';
import { RESTAURANTS, RESTAURANT_INSPECTIONS_LOAD } from '../../ingest/families';
import { refreshIndices } from '../../ingest/index/indices';
import { upgradeIndices } from '../../ingest/index/rebuild';
import { ingestDataset } from '../../ingest/load/pipeline';
import { RESTAURANT_INSPECTIONS } from '../../ingest/sources/restaurants';
import { fileSource } from '../../ingest/sources/source';

/**
 * The restaurant read API on the generated 30,000-establishment data set (about 300k
 * rows): typeahead against the same Elasticsearch queries sent directly, nearby, browse,
 * profiles against the same Postgres lookups, and a full export of the violation feed.
 */

const ESTABLISHMENTS = Number(process.env.BENCH_ESTABLISHMENTS ?? 30_000);
const SEED = 30;

interface Sample {
  camis: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
}

let samples: Sample[] | undefined;

/** Loads the generated data set into the bench namespace's live store once (kept between runs). */
async function ensureData(ctx: BenchContext): Promise<Sample[]> {
  if (samples) return samples;
  const store = ctx.stores.byMode.live;
  // The data is kept between runs; indices from an older mapping are rebuilt first.
  if ((await upgradeIndices(store, RESTAURANTS)).length) ctx.log('rebuilt the indices (their mapping changed)');
  const { rows } = await store.pg.query('select count(*)::int as n from restaurant_establishments');
  if (rows[0].n < ESTABLISHMENTS) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-restaurants-'));
    const file = path.join(dir, 'restaurants.csv');
    const out = fs.createWriteStream(file);
    await generateRestaurants(out, { establishments: ESTABLISHMENTS, seed: SEED });
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    ctx.log(`ingesting ${ESTABLISHMENTS} generated establishments`);
    const started = Date.now();
    const summary = await ingestDataset(store, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, file), { asOf: new Date('2026-04-01T00:00:00Z') });
    await refreshIndices(store, RESTAURANTS);
    ctx.log(`ingested ${summary.rowsRead} rows in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  await store.pg.query('select setseed(0.3)');
  const sample = await store.pg.query('select camis, name, latitude, longitude from restaurant_establishments order by random() limit 400');
  samples = sample.rows as Sample[];
  return samples;
}

/** Deterministic typo: swap two inner letters of the longest word. */
function typo(text: string): string {
  const words = text.split(' ');
  const i = words.reduce((best, w, k) => (w.length > words[best].length ? k : best), 0);
  const w = words[i];
  if (w.length < 5) return text;
  words[i] = `${w.slice(0, 2)}${w[3]}${w[2]}${w.slice(4)}`;
  return words.join(' ');
}

const PLACES = ['williamsburg', 'astoria', 'bk', 'uws', 'les', '11211', 'the bronx', 'park slo'];

/** The typeahead mix: whole-name prefixes, typos and place-scoped words. */
function typeaheadQueries(list: Sample[]): string[] {
  const queries: string[] = [];
  list.slice(0, 300).forEach((s, i) => {
    const name = normalizeText(s.name);
    if (name.length < 3) return;
    if (i % 3 === 0) queries.push(name.slice(0, 3 + (i % 6)));
    else if (i % 3 === 1) queries.push(typo(name));
    else queries.push(`${name.split(' ')[0]} ${PLACES[i % PLACES.length]}`);
  });
  return queries.filter((q) => q.trim().length >= 2);
}

const typeahead: BenchScenario = {
  kind: 'http',
  name: 'restaurants-typeahead',
  description: 'GET /restaurants/search: prefixes, typos and place-scoped queries (1/3 each) vs the same Elasticsearch queries sent directly (in-process, no HTTP)',
  connections: 32,
  targets: 'p99 < 30 ms; >= 70% of direct Elasticsearch throughput',
  prepare: async (ctx) => void (await ensureData(ctx)),
  requests: async (ctx) => typeaheadQueries(await ensureData(ctx)).map((q): HttpRequestSpec => ({ path: `/api/v1/restaurants/search?q=${encodeURIComponent(q)}` })),
  baseline: {
    // The same Elasticsearch work the route does (both passes, place fallback, retry), called in-process without HTTP.
    kind: 'direct',
    label: 'searchRestaurants() direct to Elasticsearch, no HTTP',
    async run(ctx) {
      const queries = typeaheadQueries(await ensureData(ctx));
      const store = ctx.stores.byMode.live;
      let i = 0;
      return async () => {
        await searchRestaurants(store, { q: queries[i++ % queries.length], limit: 10 });
      };
    },
  },
};

const nearby: BenchScenario = {
  kind: 'http',
  name: 'restaurants-nearby',
  description: 'GET /restaurants/nearby around sampled establishments, radius 300-1000 m',
  connections: 32,
  prepare: async (ctx) => void (await ensureData(ctx)),
  requests: async (ctx) =>
    (await ensureData(ctx))
      .filter((s) => s.latitude !== null && s.latitude !== 0)
      .map((s, i) => ({ path: `/api/v1/restaurants/nearby?lat=${s.latitude!.toFixed(5)}&lng=${s.longitude!.toFixed(5)}&radius=${300 + (i % 8) * 100}` })),
};

const BROWSE_QUERIES = [
  '', 'borough=Brooklyn', 'grade=A&sort=name', 'cuisine=Pizza,Chinese&grade=B,C', 'riskLevel=HIGH,SEVERE', 'hasOpenViolations=true&borough=Queens',
  'closed=false&maxScore=13&sort=-name', 'verminSince=2025-01-01', 'inspectedSince=2025-06-01&inspectedUntil=2025-12-31', 'q=pizza', 'zip=11211,10003&sort=lastInspectedAt',
];

const browse: BenchScenario = {
  kind: 'http',
  name: 'restaurants-browse',
  description: 'GET /restaurants with filter and sort mixes (first pages, limit 20)',
  connections: 32,
  prepare: async (ctx) => void (await ensureData(ctx)),
  requests: () => BROWSE_QUERIES.map((q) => ({ path: `/api/v1/restaurants?${q}` })),
};

const profile: BenchScenario = {
  kind: 'http',
  name: 'restaurants-profile',
  description: 'GET /restaurants/{camis} vs the same Postgres lookups (profile row, community and remediation blocks) called directly',
  connections: 32,
  targets: '>= 70% of direct Postgres throughput',
  prepare: async (ctx) => void (await ensureData(ctx)),
  requests: async (ctx) => (await ensureData(ctx)).map((s) => ({ path: `/api/v1/restaurants/${s.camis}` })),
  baseline: {
    kind: 'direct',
    label: 'loadProfiles() direct to Postgres, no HTTP (same pool size as the API)',
    async run(ctx) {
      const ids = (await ensureData(ctx)).map((s) => s.camis);
      let i = 0;
      const store = ctx.stores.byMode.live;
      return async () => {
        await loadProfiles(store, [ids[i++ % ids.length]], openApiDocument());
      };
    },
  },
};

const feedExport: BenchScenario = {
  kind: 'task',
  name: 'violations-export',
  description: 'Follow GET /violations?limit=100 from the first page to the last; every row once, checked against Postgres',
  targets: '>= 5,000 rows/s',
  async run(ctx) {
    await ensureData(ctx);
    const started = Date.now();
    const seen = new Set<string>();
    let duplicates = 0;
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url = `${ctx.apiUrl}/api/v1/violations?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await fetch(url, { headers: { Authorization: `Bearer ${ctx.liveKey}` } });
      if (!res.ok) throw new Error(`export failed on page ${pages + 1}: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { data: Array<{ camis: string; inspectedAt: string; inspectionType: string | null; code: string }>; meta: { nextCursor: string | null } };
      for (const row of body.data) {
        const id = `${row.camis}|${row.inspectedAt}|${row.inspectionType ?? ''}|${row.code}`;
        if (seen.has(id)) duplicates++;
        seen.add(id);
      }
      cursor = body.meta.nextCursor;
      pages++;
    } while (cursor);
    const seconds = (Date.now() - started) / 1000;
    const { rows } = await ctx.stores.byMode.live.pg.query(`select camis || '|' || inspected_at || '|' || inspection_type || '|' || code as id from restaurant_citations`);
    const missing = rows.filter((row) => !seen.has(row.id)).length;
    return {
      rows: seen.size,
      postgresRows: rows.length,
      missing,
      duplicates,
      pages,
      seconds: seconds.toFixed(1),
      rowsPerSec: Math.round(seen.size / seconds),
    };
  },
};

export const restaurantScenarios: BenchScenario[] = [typeahead, nearby, browse, profile, feedExport];
