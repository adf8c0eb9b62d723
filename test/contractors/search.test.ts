import fs from 'node:fs';
import path from 'node:path';
import { CONTRACTORS } from '../../ingest/families';
import { refreshIndices } from '../../ingest/index/indices';
import type { DataStore } from '../../src/stores';
import { searchHits } from '../../src/contract/lists';
import { CONTRACTOR_TYPEAHEAD, summaryOf } from '../../src/contractors/browse/queries';
import { typeahead } from '../../src/search/typeahead';
import { startTestApi, TestApi } from '../support/api';
import { defaultLine, loadOath, type OathLine, oathCsv, paidLine, realOathFile, realOathPresent } from './support';

/** GET /contractors/search (typeahead) on real Elasticsearch: OATH rows ingested through the real pipeline. */

const AS_OF = new Date('2026-11-23T12:00:00Z');
let serial = 0;
const ticket = () => `03${String((serial += 1)).padStart(8, '0')}`;
const paid = (name: string) => paidLine(ticket(), name, '2025-03-02');
/** A default with `dollars` imposed and due. */
const owed = (name: string, dollars: number) => defaultLine(ticket(), name, '2026-10-01', { imposed: dollars, sought: Math.min(dollars, 1000), fees: 0 });

const LINES: OathLine[] = [
  // Equally good matches for "acme": the biggest balance first.
  paid('ACME STEEL INC'),
  owed('ACME ROOFING CORP', 100),
  owed('ACME PAINTING LLC', 5000),
  owed('ACME WINDOWS CORP', 20000),
  owed('ACME STEELWORKS CORP', 90000),
  // Legal forms: "abc corp" finds ABC CONSTRUCTION CORP (and ABC PLUMBING INC), never XYZ CORP.
  owed('ABC CONSTRUCTION CORP', 700), paid('ABC CONSTRUCTION CORP'), paid('ABC CONSTRUCTION CORPORATION'),
  paid('ABC PLUMBING INC'),
  owed('XYZ CORP', 100000),
  // One company docketed under three spellings.
  owed('WAVECREST MANAGEMENT CORP', 3000), owed('WAVECREST MANAGEMENT CORP', 3000), paid('WAVECREST MGMT CORP'), paid('WAVECRESTMGMT CORP'),
  // A person is no company.
  { ...paid('ACME'), respondent_first_name: 'JOHN' },
  // Names whose own words start like a legal form: CORPORATE (CORPORATION), INCOME (INCORPORATED), COHEN (CO).
  paid('CORPORATE INTERIORS LLC'), paid('INCOME TAX SOLUTIONS CORP'), paid('COHEN BROTHERS REALTY INC'),
];

type Summary = { slug: string; name: string; ticketCount: number; finesDueCents: number; riskLevel: string };
let api: TestApi;

async function search(q: string, extra = ''): Promise<Summary[]> {
  const res = await api.get(`/api/v1/contractors/search?q=${encodeURIComponent(q)}${extra}`);
  expect([q, res.status]).toEqual([q, 200]);
  return res.body.data;
}
const slugs = async (q: string, extra = '') => (await search(q, extra)).map((item) => item.slug);

async function ingestFile(store: DataStore, file: string): Promise<void> {
  await loadOath(store, file, AS_OF);
  // Read-your-writes for the test, whatever the pipeline's refresh policy.
  await refreshIndices(store, CONTRACTORS);
}

beforeAll(async () => {
  api = await startTestApi();
  const file = oathCsv(LINES);
  try {
    await ingestFile(api.ns.stores.byMode.live, file);
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
});
afterAll(() => api?.stop());

describe('GET /contractors/search', () => {
  it('answers Contractor summaries in contract order, biggest balance first among equally good matches', async () => {
    const found = await search('acme');
    expect(Object.keys(found[0])).toEqual(['slug', 'name', 'ticketCount', 'finesDueCents', 'riskLevel']);
    expect(found.map((item) => [item.slug, item.finesDueCents])).toEqual([
      ['acme-steelworks-corp', 9_000_000],
      ['acme-windows-corp', 2_000_000],
      ['acme-painting-llc', 500_000],
      ['acme-roofing-corp', 10_000],
      ['acme-steel-inc', 0],
    ]);
    expect(await slugs('acme', '&limit=2')).toEqual(['acme-steelworks-corp', 'acme-windows-corp']);
  });

  it('a better tier always outranks a bigger balance', async () => {
    // ACME STEEL (the whole name, nothing due) before ACME STEELWORKS (a prefix, $90,000 due).
    expect(await slugs('acme steel')).toEqual(['acme-steel-inc', 'acme-steelworks-corp']);
    expect(await slugs('acme steel inc')).toEqual(['acme-steel-inc', 'acme-steelworks-corp']);
    // The exact word before a typo of another: "roofing" is exact for ROOFING only.
    expect((await slugs('acme roofing'))[0]).toBe('acme-roofing-corp');
  });

  it('legal-form words never drive the match', async () => {
    expect(await slugs('abc corp')).toEqual(['abc-construction-corp', 'abc-plumbing-inc']);
    expect(await slugs('abc construction inc')).toEqual(['abc-construction-corp']);
    expect(await slugs('ABC Construction Corporation')).toEqual(['abc-construction-corp']);
    expect(await slugs('xyz incorporated')).toEqual(['xyz-corp']);
    // Legal forms alone: the last word is read as the start of a name word (INCOME), the others dropped.
    expect(await slugs('the llc')).toEqual([]);
    expect(await slugs('corp inc')).toEqual(['income-tax-solutions-corp']);
  });

  it('a word being typed matches the start of a name word, never of a legal form: the list only narrows while typing', async () => {
    // CORPO is the start of CORPORATE and of CORPORATION: only the name word counts.
    const typed = ['cor', 'corp', 'corpo', 'corpor', 'corpora', 'corporat', 'corporati', 'corporatio', 'corporation'];
    const lists: string[][] = [];
    for (const q of typed) lists.push(await slugs(q, '&limit=25'));
    expect(lists[2]).toEqual(['corporate-interiors-llc']);
    lists.forEach((list, i) => i > 0 && expect([typed[i], list.filter((slug) => !lists[i - 1].includes(slug))]).toEqual([typed[i], []]));
    expect(lists[lists.length - 1]).toEqual([]);
    expect(await slugs('inco')).toEqual(['income-tax-solutions-corp']);
    expect(await slugs('incorporated')).toEqual([]);
    // A word that is itself a legal form, typed alone, still finds the names with a word starting so.
    expect(await slugs('coh')).toEqual(['cohen-brothers-realty-inc']);
    expect(await slugs('inc')).toEqual(['income-tax-solutions-corp']);
    // After other words, a word that may still become a legal form need not match.
    expect(await slugs('abc construction co')).toEqual(['abc-construction-corp']);
    expect(await slugs('abc construction corpo')).toEqual(['abc-construction-corp']);
    expect(await slugs('cohen brothers i')).toEqual(['cohen-brothers-realty-inc']);
  });

  it('finds a company by any of its docket spellings, once', async () => {
    expect(await slugs('wavecrestmgmt')).toEqual(['wavecrest-management-corp']);
    expect(await slugs('wavecrest mgmt')).toEqual(['wavecrest-management-corp']);
    expect(await slugs('wavecrest management corp')).toEqual(['wavecrest-management-corp']);
    expect(await slugs('wavecr')).toEqual(['wavecrest-management-corp']);
  });

  it('tolerates typos: one edit, a first-letter slip, two edits on long words', async () => {
    expect(['acme windos', await slugs('acme windos')]).toEqual(['acme windos', ['acme-windows-corp']]);
    expect(['acme wnidows', await slugs('acme wnidows')]).toEqual(['acme wnidows', ['acme-windows-corp']]);
    expect((await slugs('xcme windows'))[0]).toBe('acme-windows-corp');
    expect(['acme indows', await slugs('acme indows')]).toEqual(['acme indows', ['acme-windows-corp']]);
    expect(['abc constrution', await slugs('abc constrution')]).toEqual(['abc constrution', ['abc-construction-corp']]);
    expect(['abc construcshon', await slugs('abc construcshon')]).toEqual(['abc construcshon', ['abc-construction-corp']]);
    expect(['wavecrest managment', await slugs('wavecrest managment')]).toEqual(['wavecrest managment', ['wavecrest-management-corp']]);
    expect(await slugs('zzqqxx')).toEqual([]);
    expect(await slugs('!!!')).toEqual([]);
  });

  it('answers what one query over every tier answers, whatever the limit', async () => {
    const store = api.ns.stores.byMode.live;
    for (const q of ['acme', 'acme st', 'xcme windows', 'abc constrution', 'wavecrest', 'cohen', 'zzqqxx']) {
      for (const limit of [1, 2, 3, 10]) {
        const oneQuery = (await searchHits(store, 'contractors', typeahead(CONTRACTOR_TYPEAHEAD).request({ q, limit })!)).map((hit) => summaryOf(hit).slug);
        expect([q, limit, await slugs(q, `&limit=${limit}`)]).toEqual([q, limit, oneQuery]);
      }
    }
  });

  it('never lists people, and sends at most one Elasticsearch request', async () => {
    expect((await search('john acme')).length).toBe(0);
    const es = api.ns.stores.byMode.live.es;
    const spy = jest.spyOn(es, 'search');
    try {
      // Every tier in one request; no words, none.
      for (const [q, requests] of [['acme', 1], ['xcme windows', 1], ['zzqqxx', 1], ['the llc', 1], ['!!!', 0]] as const) {
        spy.mockClear();
        await search(q);
        expect([q, spy.mock.calls.length]).toEqual([q, requests]);
      }
    } finally {
      spy.mockRestore();
    }
  });

  it('ignores unknown parameters (typeahead surface)', async () => {
    expect(await slugs('acme', '&limit=1&borough=Queens&sort=name')).toEqual(['acme-steelworks-corp']);
  });

  it.each([
    ['missing q', '', 'missing_parameter'],
    ['q of two characters', '?q=ab', 'invalid_parameter'],
    ['q over 120 characters', `?q=${'a'.repeat(121)}`, 'invalid_parameter'],
    ['limit over 25', '?q=acme&limit=26', 'invalid_parameter'],
    ['limit 0', '?q=acme&limit=0', 'invalid_parameter'],
    ['repeated q', '?q=acme&q=abc', 'invalid_parameter'],
  ])('refuses a %s with 400 in the envelope', async (_case, query, code) => {
    const res = await api.get(`/api/v1/contractors/search${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ status: 400, code });
  });
});

(realOathPresent ? describe : describe.skip)('GET /contractors/search on the real OATH sample (test store, test key)', () => {
  it('finds every listed company of the file by its name, and by its name with one letter dropped', async () => {
    const store = api.ns.stores.byMode.test;
    await ingestFile(store, realOathFile());
    const { rows } = await store.pg.query('select slug, name from contractor_companies where listed order by slug');
    expect(rows.length).toBeGreaterThan(5);
    for (const { slug, name } of rows) {
      const byName = await api.get(`/api/v1/contractors/search?q=${encodeURIComponent(name)}&limit=25`, { key: api.keys.test });
      expect([name, byName.body.data.map((item: Summary) => item.slug)]).toEqual([name, expect.arrayContaining([slug])]);
      // One letter dropped inside its longest word (of six letters or more): still found, by the typo tiers.
      const longest = name.split(/[^A-Za-z]+/).reduce((a: string, b: string) => (b.length > a.length ? b : a), '');
      if (longest.length < 6) continue;
      const typo = name.replace(longest, longest.slice(0, 3) + longest.slice(4));
      const byTypo = await api.get(`/api/v1/contractors/search?q=${encodeURIComponent(typo)}&limit=25`, { key: api.keys.test });
      expect([typo, byTypo.body.data.map((item: Summary) => item.slug)]).toEqual([typo, expect.arrayContaining([slug])]);
    }
  });

  it('finds a company through a letter missing from a three-letter word or a mistyped legal form, and puts names written with a leading & first for a query typed so', async () => {
    // The file was ingested by the test above (same store).
    const top = async (q: string, limit = 5) => (await api.get(`/api/v1/contractors/search?q=${encodeURIComponent(q)}&limit=${limit}`, { key: api.keys.test })).body.data.map((item: Summary) => item.name);
    for (const q of ['dz cab corp', 'duz cab crp', 'duz cab corp']) expect([q, await top(q)]).toEqual([q, expect.arrayContaining(['DUZ CAB CORP'])]);
    for (const [q, name] of [['& f t', '& F TAXI INC'], ['&f taxi', '& F TAXI INC'], ['& m h', '& M HACKING CORP'], ['& b c', '& B CAR AND LIMOUSINE, INC']]) {
      const names = await top(q);
      expect([q, names.slice(0, 5)]).toEqual([q, expect.arrayContaining([name])]);
    }
  });
});
