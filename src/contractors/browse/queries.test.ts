import path from 'node:path';
import { expectRequestsMatchFixture } from '../../search/testing/request-fixture';
import { tiersClause, typeahead } from '../../search/typeahead';
import { browsePositionShape, browseSort, BROWSE_SORTS, buildBrowseRequest, companyReadings, CONTRACTOR_TIERS, CONTRACTOR_TYPEAHEAD, coreText, coreWords, FILLER_WORDS, isFillerWord, mayBeFillerWord, nearLegalForm, queryWords } from './queries';

const fixture = (name: string) => path.join(__dirname, 'fixtures', `${name}.json`);
const COMPANIES = typeahead(CONTRACTOR_TYPEAHEAD);
const buildSearchRequest = (query: { q: string; limit: number }) => COMPANIES.request(query);
/** The tier clauses of q's one reading ([] when it has none). */
const tierClauses = (q: string) => {
  const reading = companyReadings(q)[0];
  const clause = reading && (tiersClause(CONTRACTOR_TIERS, reading.input) as { dis_max?: { queries: object[] } } | null);
  return clause ? (clause.dis_max?.queries ?? [clause]) : [];
};

describe('filler words (legal forms, THE, AND)', () => {
  it.each(['inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'llc', 'ltd', 'limited', 'lp', 'llp', 'pc', 'pllc', 'hdfc', 'the', 'and'])('%s names no company', (word) => {
    expect(isFillerWord(word)).toBe(true);
  });
  it.each(['abc', 'construction', 'corpo', 'c', 'l', 'mgmt', 'cab', 'inco', '14'])('%s is a name word', (word) => {
    expect(isFillerWord(word)).toBe(false);
  });
  it('FILLER_WORDS are every filler word the name rule knows', () => {
    for (const word of FILLER_WORDS) expect([word, isFillerWord(word)]).toEqual([word, true]);
    expect(mayBeFillerWord('corpo')).toBe(true);
    expect(mayBeFillerWord('t')).toBe(true);
    expect(mayBeFillerWord('corporate')).toBe(false);
    expect(mayBeFillerWord('coh')).toBe(false);
  });
  it('a query keeps its name words, the last possibly being typed: never a legal form, and optional while it may become one', () => {
    expect(queryWords('abc corp')).toEqual(['abc']);
    expect(queryWords('abc construction co')).toEqual(['abc', 'construction']);
    expect(queryWords('abc construction corpo')).toEqual(['abc', 'construction']);
    expect(queryWords('abc corporate')).toEqual(['abc', 'corporate']);
    expect(queryWords('inc abc')).toEqual(['abc']);
    // Alone, the last word is the start of a name word, legal form or not.
    expect(queryWords('co')).toEqual(['co']);
    expect(queryWords('The L.L.C.')).toEqual(['llc']);
    expect(queryWords('corpo')).toEqual(['corpo']);
    expect(queryWords('!!')).toEqual([]);
  });
  it('reads names and queries without them, folded as normalizeText does', () => {
    expect(coreText('ABC Construction Corp.')).toBe('abc construction');
    expect(coreText('The Kings Plumbing & Heating, L.L.C.')).toBe('kings plumbing heating');
    expect(coreWords('abc corp')).toEqual(['abc']);
    expect(coreText('INC')).toBe('');
    expect(coreText('!!')).toBe('');
  });
});

describe('typeahead tiers', () => {
  it('a query of legal forms only is read by its last word, the start of a name word; a query without words has no tier', () => {
    expect(tierClauses('the co inc')).toEqual(tierClauses('inc'));
    expect(JSON.stringify(tierClauses('inc'))).toContain('{"prefix":{"spellingsCoreWords":"inc"}}');
    expect(tierClauses('!!')).toEqual([]);
  });
  it('words match the names without their legal forms (spellingsCoreWords), never every word of a spelling', () => {
    expect(JSON.stringify(tierClauses('acme steelw'))).not.toContain('spellingsNorm');
  });
  it('legal-form words never reach a clause', () => {
    expect(JSON.stringify(tierClauses('abc corp'))).not.toContain('corp');
    expect(tierClauses('abc corp')).toEqual(tierClauses('abc'));
  });
  it('the costly tiers are left out for short words (nothing for them to add)', () => {
    expect(tierClauses('abc')).toHaveLength(5);
    expect(tierClauses('acme')).toHaveLength(6);
    expect(tierClauses('constructon')).toHaveLength(7);
  });
});

describe('browse sort', () => {
  it.each(BROWSE_SORTS)('%s ends with the slug tiebreaker and has a matching cursor shape', (sort) => {
    const clauses = browseSort(sort);
    expect(clauses[clauses.length - 1]).toEqual({ slug: { order: 'asc' } });
    expect(browsePositionShape(sort)).toHaveLength(clauses.length);
  });
});

test('search: one request a keystroke, legal forms dropped, a last word that may become one optional', () => {
  expectRequestsMatchFixture(fixture('search'), {
    oneWord: buildSearchRequest({ q: 'acme', limit: 10 }),
    legalFormDropped: buildSearchRequest({ q: 'abc construction corp', limit: 10 }),
    twoEdits: buildSearchRequest({ q: 'abc constrution', limit: 7 }),
    shortWords: buildSearchRequest({ q: 'ab cd', limit: 5 }),
    // The last word may still become a legal form (CO, CORP): after other words it need not match.
    lastMayBeLegalForm: buildSearchRequest({ q: 'abc co', limit: 5 }),
    // Legal forms only: the last word is the start of a name word (COHEN).
    legalFormsOnly: buildSearchRequest({ q: 'the co', limit: 5 }),
  });
});

test('browse: every sort, every filter, and a page after a cursor position', () => {
  expectRequestsMatchFixture(fixture('browse'), {
    defaults: buildBrowseRequest({ sort: '-tickets', limit: 20 }, null),
    byTicketsAfter: buildBrowseRequest({ sort: 'tickets', limit: 20 }, [3, 'acme-construction-corporation']),
    largestBalances: buildBrowseRequest({ sort: '-finesDueCents', limit: 20 }, [260000, 'acme-construction-corporation']),
    smallestBalances: buildBrowseRequest({ sort: 'finesDueCents', limit: 5 }, null),
    byName: buildBrowseRequest({ sort: 'name', limit: 50 }, null),
    byNameDescendingAfter: buildBrowseRequest({ sort: '-name', limit: 50 }, ['kings plumbing heating', 'kings-plumbing-and-heating']),
    everyFilter: buildBrowseRequest({ q: 'Kings Plumbing & Heating Corp', riskLevel: ['HIGH', 'SEVERE'], minFinesDueCents: 100000, minTickets: 2, sort: '-tickets', limit: 100 }, null),
    qOfLegalFormsOnly: buildBrowseRequest({ q: 'LLC', sort: 'name', limit: 20 }, null),
  });
});

describe('readings of a company query', () => {
  it('reads a word one edit from a legal form as possibly that form, only when the words as typed find nothing', () => {
    expect(['crp', 'lcc', 'incc', 'corpp'].map(nearLegalForm)).toEqual([true, true, true, true]);
    expect(['corp', 'cab', 'duz', 'co', 'acme'].map(nearLegalForm)).toEqual([false, false, false, false, false]);
    expect(companyReadings('duz cab crp').map((reading) => reading.input.words)).toEqual([['duz', 'cab', 'crp'], ['duz', 'cab']]);
    expect(companyReadings('duz cab corp').map((reading) => reading.input.words)).toEqual([['duz', 'cab']]);
  });

  it("answers names written with a leading '&' first for a query typed with one", () => {
    expect(companyReadings('& f taxi')[0]!.first).toEqual({ term: { leadingAmpersand: true } });
    expect(companyReadings('f taxi')[0]!.first).toBeNull();
  });
});
