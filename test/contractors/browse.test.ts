import fs from 'node:fs';
import path from 'node:path';
import { CONTRACTORS } from '../../ingest/families';
import { refreshIndices } from '../../ingest/index/indices';
import { normalizeText } from '../../src/search/normalize';
import type { DataStore } from '../../src/stores';
import { startTestApi, TestApi } from '../support/api';
import { pageAll as pageAllOf } from '../support/pages';
import { defaultLine, loadOath, type OathLine, oathCsv, paidLine, realOathFile, realOathPresent } from './support';

/** GET /contractors (browse) on real Elasticsearch: OATH rows ingested through the real pipeline. */

const AS_OF = new Date('2026-11-23T12:00:00Z');

async function ingestFile(store: DataStore, file: string): Promise<void> {
  await loadOath(store, file, AS_OF);
  // Read-your-writes for the test, whatever the pipeline's refresh policy.
  await refreshIndices(store, CONTRACTORS);
}
async function ingestLines(store: DataStore, lines: OathLine[]): Promise<void> {
  const file = oathCsv(lines);
  try {
    await ingestFile(store, file);
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

let serial = 0;
const ticket = () => `02${String((serial += 1)).padStart(8, '0')}`;
/** A ticket decided and paid in full: closed, nothing due (a first name makes the respondent two fields). */
const paid = (last: string, first?: string): OathLine => ({ ...paidLine(ticket(), last, '2025-03-02'), respondent_first_name: first });
/** A defaulted ticket with `dollars` imposed and due. */
const owed = (last: string, dollars: number): OathLine => defaultLine(ticket(), last, '2026-10-01', { imposed: dollars, sought: Math.min(dollars, 1000), fees: 0 });

/** Companies with ties in every sort key (tickets, balances), several spellings, and people who are no company. */
const LINES: OathLine[] = [
  owed('ACME CONSTRUCTION CORP', 2600), paid('ACME CONSTRUCTION CORPORATION'), paid('ACME CONSTRUCTION CORP.'),
  owed('ABC CONSTRUCTION CORP', 500),
  paid('ABC PLUMBING INC'), paid('ABC PLUMBING INC'),
  paid('XYZ CORP'),
  owed('WAVECREST MANAGEMENT CORP', 40000), owed('WAVECREST MANAGEMENT CORP', 40000), paid('WAVECREST MGMT CORP'), owed('WAVECRESTMGMT CORP', 1200),
  paid('SMITH', 'JOHN'), paid('DOE', 'JANE'),
  // Twelve builders: tickets 1-3 and balances 0, 500 or 1,500 repeat, so every sort has ties the slug breaks.
  ...Array.from({ length: 12 }, (_, i) => {
    const name = `BUILDER ${String.fromCharCode(65 + i)}${String.fromCharCode(75 + ((i * 7) % 12))} LLC`;
    const tickets = 1 + (i % 3);
    const due = [0, 500, 1500][i % 3 === 0 ? 0 : (i % 2) + 1];
    return [...Array.from({ length: tickets - (due ? 1 : 0) }, () => paid(name)), ...(due ? [owed(name, due)] : [])];
  }).flat(),
  // The head in the first-name field, as OATH often writes it; the second spelling was cut at the field's width.
  paid('& HEATING', 'KINGS PLUMBING'), paid('& HEATING', 'KINGS PLUMBING'), paid('KINGS PLUMBING & HEATING C'),
  // Names whose own words start like a legal form: COHEN (CO), CORPORATE (CORPORATION), LLOYD (LLC).
  paid('COHEN BROTHERS REALTY INC'), paid('CORPORATE INTERIORS LLC'), paid('LLOYD ROOFING CORP'),
];
// A later file joins the cut spelling to KINGS PLUMBING & HEATING CORP: its company is absorbed (unlisted).
const LATER: OathLine[] = [...LINES, paid('KINGS PLUMBING & HEATING CORP')];

type Summary = { slug: string; name: string; ticketCount: number; finesDueCents: number; riskLevel: string };
let api: TestApi;

const pageAll = (query: string, limit: number, key?: string) => pageAllOf<Summary>(api, '/api/v1/contractors', query, limit, { key });
const slugs = (items: Summary[]) => items.map((item) => item.slug);

/** The documented order, computed here: the key (name folded), then the slug ascending. */
function ordered(items: Summary[], sort: string): string[] {
  const descending = sort.startsWith('-');
  const key = (item: Summary): string | number =>
    sort.endsWith('tickets') ? item.ticketCount : sort.endsWith('finesDueCents') ? item.finesDueCents : normalizeText(item.name);
  return [...items]
    .sort((a, b) => {
      const [ka, kb] = [key(a), key(b)];
      if (ka !== kb) return (ka < kb ? -1 : 1) * (descending ? -1 : 1);
      return a.slug < b.slug ? -1 : 1;
    })
    .map((item) => item.slug);
}

let everything: Summary[];
beforeAll(async () => {
  api = await startTestApi();
  const store = api.ns.stores.byMode.live;
  await ingestLines(store, LINES);
  await ingestLines(store, LATER);
  everything = await pageAll('sort=name', 100);
});
afterAll(() => api?.stop());

describe('GET /contractors', () => {
  it('lists every listed company once, summaries in contract order, most tickets first by default', async () => {
    const { rows } = await api.ns.stores.byMode.live.pg.query('select slug, name, tickets, fines_due_cents::int as due, summary_risk_level as level from contractor_companies where listed order by slug');
    expect(rows.length).toBe(21);
    expect([...slugs(everything)].sort()).toEqual(rows.map((row) => row.slug));
    expect(everything).toEqual(expect.arrayContaining(rows.map((row) => ({ slug: row.slug, name: row.name, ticketCount: row.tickets, finesDueCents: row.due, riskLevel: row.level }))));
    // Absorbed (its slug answers for the absorber) and individuals are never listed.
    expect(slugs(everything)).not.toContain('kings-plumbing-and-heating-c');
    const first = await api.get('/api/v1/contractors');
    expect(Object.keys(first.body.data[0])).toEqual(['slug', 'name', 'ticketCount', 'finesDueCents', 'riskLevel']);
    expect(slugs(first.body.data)).toEqual(ordered(everything, '-tickets').slice(0, 20));
    expect(first.body.data[0]).toMatchObject({ slug: 'kings-plumbing-and-heating', ticketCount: 4 });
  });

  it.each(['-tickets', 'tickets', 'finesDueCents', 'name', '-name'])('pages through sort %s with limits 1-3: every company once, in the documented order', async (sort) => {
    for (const limit of [1, 2, 3]) {
      const items = await pageAll(`sort=${sort}`, limit);
      expect(slugs(items)).toEqual(ordered(everything, sort));
    }
  });

  it('-finesDueCents lists only companies with money on the books, largest first, paged to the end', async () => {
    const owing = everything.filter((item) => item.finesDueCents > 0);
    expect(owing.length).toBeGreaterThan(5);
    expect(owing.length).toBeLessThan(everything.length);
    for (const limit of [1, 4]) expect(slugs(await pageAll('sort=-finesDueCents', limit))).toEqual(ordered(owing, '-finesDueCents'));
    expect((await pageAll('sort=-finesDueCents', 100))[0]).toMatchObject({ slug: 'wavecrest-management-corp', finesDueCents: 8_120_000 });
  });

  it('filters by risk level, balance and tickets, each paged to the end', async () => {
    const levels = [...new Set(everything.map((item) => item.riskLevel))];
    expect(levels.length).toBeGreaterThan(1);
    const check = async (query: string, keep: (item: Summary) => boolean) => {
      const expected = ordered(everything.filter(keep), '-tickets');
      expect(expected.length).toBeGreaterThan(0);
      expect(slugs(await pageAll(query, 2))).toEqual(expected);
    };
    await check('riskLevel=LOW', (item) => item.riskLevel === 'LOW');
    await check('riskLevel=moderate,high,severe', (item) => item.riskLevel !== 'LOW');
    await check('minFinesDueCents=150000', (item) => item.finesDueCents >= 150_000);
    await check('minFinesDueCents=0', () => true);
    await check('minTickets=3', (item) => item.ticketCount >= 3);
    await check('minTickets=2&minFinesDueCents=1&riskLevel=LOW,MODERATE', (item) => item.ticketCount >= 2 && item.finesDueCents >= 1 && ['LOW', 'MODERATE'].includes(item.riskLevel));
  });

  it('q: every word in one of the docket spellings, the last as a prefix; legal forms never drive the match', async () => {
    const q = async (text: string, sort = 'name') => slugs(await pageAll(`q=${encodeURIComponent(text)}&sort=${sort}`, 2));
    expect(await q('abc corp')).toEqual(['abc-construction-corp', 'abc-plumbing-inc']);
    expect(await q('ABC Plumbing Corporation')).toEqual(['abc-plumbing-inc']);
    expect(await q('abc constr')).toEqual(['abc-construction-corp']);
    expect(await q('xyz')).toEqual(['xyz-corp']);
    // Another docket spelling of the company (WAVECRESTMGMT) finds it.
    expect(await q('wavecrestmgmt')).toEqual(['wavecrest-management-corp']);
    expect(await q('kings plumbing and heating')).toEqual(['kings-plumbing-and-heating']);
    expect(await q('the llc')).toEqual([]);
    expect(await q('!!')).toEqual([]);
    expect(await q('builder', '-finesDueCents')).toEqual(ordered(everything.filter((item) => item.name.startsWith('BUILDER') && item.finesDueCents > 0), '-finesDueCents'));
  });

  it('q: the last word, being typed, is the start of a name word, never of a legal form; the list only narrows while typing', async () => {
    const q = async (text: string) => slugs(await pageAll(`q=${encodeURIComponent(text)}&sort=name`, 100));
    // "co" is a legal form, and the start of CONSTRUCTION, COHEN and CORPORATE.
    const co = await q('co');
    expect(co).toHaveLength(4);
    expect(co).toEqual(expect.arrayContaining(['abc-construction-corp', 'cohen-brothers-realty-inc', 'corporate-interiors-llc']));
    expect(co.filter((slug) => slug.startsWith('acme-construction'))).toHaveLength(1);
    expect(await q('coh')).toEqual(['cohen-brothers-realty-inc']);
    // Every LLC starts with l, but only LLOYD is a name word.
    expect(await q('l')).toEqual(['lloyd-roofing-corp']);
    expect(await q('llc')).toEqual([]);
    const typed = ['c', 'co', 'cor', 'corp', 'corpo', 'corpor', 'corpora', 'corporat', 'corporati', 'corporatio', 'corporation'];
    const lists: string[][] = [];
    for (const text of typed) lists.push(await q(text));
    lists.forEach((list, i) => i > 0 && expect([typed[i], list.filter((slug) => !lists[i - 1].includes(slug))]).toEqual([typed[i], []]));
    expect(lists[typed.indexOf('corpo')]).toEqual(['corporate-interiors-llc']);
    expect(lists[typed.length - 1]).toEqual([]);
    // After other words, a word that may still become a legal form need not match.
    expect(await q('abc construction co')).toEqual(['abc-construction-corp']);
    expect(await q('abc construction corpo')).toEqual(['abc-construction-corp']);
  });

  it.each([
    ['unknown parameter', 'borough=Queens', 'unknown_parameter'],
    ['unknown risk level', 'riskLevel=LOW,EXTREME', 'invalid_parameter'],
    ['negative minTickets', 'minTickets=-1', 'invalid_parameter'],
    ['fractional minFinesDueCents', 'minFinesDueCents=1.5', 'invalid_parameter'],
    ['minFinesDueCents past its maximum', 'minFinesDueCents=2312064704722194457952256', 'invalid_parameter'],
    ['minTickets past its maximum', 'minTickets=1000000001', 'invalid_parameter'],
    ['unknown sort', 'sort=-riskLevel', 'invalid_parameter'],
    ['limit over 100', 'limit=101', 'invalid_parameter'],
    ['limit 0', 'limit=0', 'invalid_parameter'],
    ['empty q', 'q=', 'invalid_parameter'],
    ['q over 120', `q=${'a'.repeat(121)}`, 'invalid_parameter'],
    ['repeated parameter', 'sort=name&sort=-name', 'invalid_parameter'],
    ['forged cursor', 'cursor=eyJwIjpbMV19.AAAA', 'invalid_cursor'],
  ])('refuses a %s with 400 in the envelope', async (_case, query, code) => {
    const res = await api.get(`/api/v1/contractors?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ status: 400, code });
  });

  it('refuses a cursor replayed with another sort or filter', async () => {
    const first = await api.get('/api/v1/contractors?limit=1&sort=tickets');
    const cursor = encodeURIComponent(first.body.meta.nextCursor);
    for (const query of ['sort=-tickets', 'sort=name', 'sort=tickets&minTickets=1', 'sort=tickets&q=abc']) {
      expect((await api.get(`/api/v1/contractors?limit=1&${query}&cursor=${cursor}`)).body.error.code).toBe('invalid_cursor');
    }
  });
});

const describeReal = realOathPresent ? describe : describe.skip;

describeReal('GET /contractors on the real OATH sample (test store, test key)', () => {
  it('pages through every listed company of the file in every sort, each once', async () => {
    const store = api.ns.stores.byMode.test;
    await ingestFile(store, realOathFile());
    const { rows } = await store.pg.query('select slug from contractor_companies where listed order by slug');
    expect(rows.length).toBeGreaterThan(5);
    const all = await pageAll('sort=name', 100, api.keys.test);
    expect([...slugs(all)].sort()).toEqual(rows.map((row) => row.slug));
    for (const sort of ['-tickets', 'tickets', 'finesDueCents', '-name']) expect(slugs(await pageAll(`sort=${sort}`, 3, api.keys.test))).toEqual(ordered(all, sort));
    expect(slugs(await pageAll('sort=-finesDueCents', 2, api.keys.test))).toEqual(ordered(all.filter((item) => item.finesDueCents > 0), '-finesDueCents'));
  });
});
