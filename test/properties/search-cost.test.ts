import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { typeaheadQueries } from '../../bench/scenarios/properties';
import { PAD_ADDRESSES_LOAD, PLUTO_LOAD, PROPERTIES } from '../../ingest/families';
import { writePropertyFiles } from '../../ingest/generate/properties-files';
import { refreshIndices } from '../../ingest/index/indices';
import { ingestDataset } from '../../ingest/load/pipeline';
import { fileSource } from '../../ingest/sources/source';
import { parseHouseNumber } from '../../src/nyc';
import { buildPropertySearchRequest, TIERS } from '../../src/properties/search/queries';
import { createTestNamespace, type TestNamespace } from '../support/namespace';
import { ingestSearchRanges, type SearchRange } from './search-support';

/**
 * What the PAD range tier and the BBL-prefix tier cost Elasticsearch: a probe, not part of
 * `npm test` (SEARCH_COST_PROBE=1 runs it; SEARCH_COST_FRACTION sets the generated set's
 * size, default 0.05 = 43,000 lots). The generated PLUTO lots are loaded, the bench's
 * keystroke queries and in-range queries are timed (ES `took`) with the request as it was
 * before the range tier (no addressRange, no bblPrefix clause) on the index without ranges;
 * then a PAD range is loaded for every lot (its own number up to 0-10 numbers on, a quarter
 * of the lots a second range on another lot's street) and both requests are timed again.
 */
const FRACTION = Number(process.env.SEARCH_COST_FRACTION ?? 0.05);
const ROUNDS = 3;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const summary = (took: number[]) => {
  const sorted = [...took].sort((a, b) => a - b);
  return { n: sorted.length, median: percentile(sorted, 50), p90: percentile(sorted, 90), p99: percentile(sorted, 99), max: sorted[sorted.length - 1], mean: Number((sorted.reduce((sum, value) => sum + value, 0) / sorted.length).toFixed(2)) };
};

/** The request as built before the range and BBL-prefix tiers. */
function withoutNewTiers(request: Record<string, unknown>): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(request));
  // The tiers' dis_max: the query itself, or under the places' bonus.
  const disMax = copy.query?.dis_max ?? copy.query?.bool?.must?.[0]?.dis_max;
  if (disMax) disMax.queries = disMax.queries.filter((clause: { constant_score: { boost: number } }) => !([TIERS.addressRange, TIERS.bblPrefix] as number[]).includes(clause.constant_score.boost));
  return copy;
}

(process.env.SEARCH_COST_PROBE ? describe : describe.skip)('property search cost of the PAD range and BBL-prefix tiers (probe)', () => {
  let ns: TestNamespace;
  let dir: string;
  beforeAll(async () => {
    ns = await createTestNamespace();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-cost-'));
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await ns.cleanup();
  });

  it('times the keystroke queries before and after', async () => {
    const store = ns.stores.byMode.live;
    await writePropertyFiles(dir, { fraction: FRACTION, seed: 7 });
    const started = Date.now();
    const log = (what: string) => process.stderr.write(`[search-cost ${((Date.now() - started) / 1000).toFixed(0)} s] ${what}\n`);
    log('generated');
    const pluto = await ingestDataset(store, PLUTO_LOAD, fileSource(PLUTO_LOAD.source, path.join(dir, 'pluto.csv')));
    await refreshIndices(store, PROPERTIES);
    await store.pg.query('select setseed(0.11)');
    const { rows: lots } = await store.pg.query(`select bbl, address, borough from property_lots where address is not null order by random() limit 400`);
    const typed = typeaheadQueries(lots);
    // Whole addresses at a number a range would hold, and partial BBLs.
    const inRange = lots.slice(0, 200).flatMap(({ address }) => {
      const match = /^(\d+)(?:-(\d+))?\s+(.*)$/.exec(address);
      if (!match) return [];
      return [match[2] ? `${match[1]}-${String(Number(match[2]) + 2).padStart(2, '0')} ${match[3]}` : `${Number(match[1]) + 2} ${match[3]}`];
    });
    const partialBbls = lots.slice(0, 100).map(({ bbl }, i) => bbl.slice(0, 6 + (i % 4)));
    const queries = [...typed, ...inRange, ...partialBbls];

    const time = async (oldRequest: boolean) => {
      const took: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const q of queries) {
          const built = buildPropertySearchRequest({ q, limit: 10 });
          if (!built) continue;
          const response = await store.es.search({ index: store.indexAlias('properties'), ...(oldRequest ? withoutNewTiers(built) : built) });
          if (round > 0) took.push(response.took);
        }
      }
      return summary(took);
    };
    log(`PLUTO loaded (${pluto.rowsLoaded} lots)`);
    const before = await time(true);
    log('timed before');

    // PAD: every lot its own number up to 0-10 numbers on (same side); a quarter a second street.
    const { rows: all } = await store.pg.query(`select bbl, address from property_lots where address is not null order by bbl`);
    const ranges: SearchRange[] = [];
    all.forEach(({ bbl, address }, i) => {
      const match = /^(\S+)\s+(.*)$/.exec(address);
      const low = match && parseHouseNumber(match[1]);
      if (!match || !low || low.letter) return;
      const step = 2 * (i % 6);
      const high = low.sub === null ? String(low.main + step) : `${low.main}-${String(low.sub + step).padStart(2, '0')}`;
      ranges.push({ bbl, low: low.text.toUpperCase(), high, street: match[2] });
      const other = all[(i * 7 + 3) % all.length];
      const otherStreet = /^\S+\s+(.*)$/.exec(other.address)?.[1];
      if (i % 4 === 0 && otherStreet && low.sub === null) ranges.push({ bbl, low: String(low.main), high: String(low.main + 4), street: otherStreet });
    });
    const pad = await ingestSearchRanges(store, ranges);
    log(`PAD loaded (${pad.rowsLoaded} ranges)`);
    await refreshIndices(store, PROPERTIES);
    const afterOld = await time(true);
    const after = await time(false);
    const found = await Promise.all(inRange.slice(0, 50).map(async (q) => (await store.es.search({ index: store.indexAlias('properties'), ...buildPropertySearchRequest({ q, limit: 1 })! })).hits.hits.length));

    console.log(JSON.stringify({
      fraction: FRACTION, lots: pluto.rowsLoaded, padRows: pad.rowsRead, padLoaded: pad.rowsLoaded, queries: queries.length, rounds: `${ROUNDS - 1} timed after 1 warm-up`,
      tookMs: { beforeOldRequestNoRanges: before, afterOldRequestWithRanges: afterOld, afterNewRequestWithRanges: after },
      inRangeQueriesAnswered: `${found.filter(Boolean).length}/50`,
    }, null, 2));
    expect(after.n).toBeGreaterThan(0);
  }, 20 * 60_000);
});
