import path from 'node:path';
import { expectRequestsMatchFixture } from '../../search/testing/request-fixture';
import { browsePositionShape, browseSort, BROWSE_SORTS, buildBrowseRequest, buildSearchRequest, tierClauses } from './queries';
import { coreText, coreWords, isFillerWord } from './words';

const fixture = (name: string) => path.join(__dirname, 'fixtures', `${name}.json`);

describe('filler words (legal forms, THE, AND)', () => {
  it.each(['inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'llc', 'ltd', 'limited', 'lp', 'llp', 'pc', 'pllc', 'hdfc', 'the', 'and'])('%s names no company', (word) => {
    expect(isFillerWord(word)).toBe(true);
  });
  it.each(['abc', 'construction', 'corpo', 'c', 'l', 'mgmt', 'cab', 'inco', '14'])('%s is a name word', (word) => {
    expect(isFillerWord(word)).toBe(false);
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
  it('a query of legal forms only has no tier (it matches nothing)', () => {
    expect(tierClauses('the co inc')).toEqual([]);
    expect(tierClauses('llc', 'closeSpellings')).toEqual([]);
  });
  it('legal-form words never reach a clause', () => {
    expect(JSON.stringify(tierClauses('abc corp'))).not.toContain('corp');
    expect(tierClauses('abc corp')).toEqual(tierClauses('abc'));
  });
  it('the second pass is empty for short words (nothing for the costly tiers to add)', () => {
    expect(tierClauses('abc', 'twoEdits')).toEqual([]);
    expect(tierClauses('acme', 'twoEdits')).toHaveLength(1);
  });
});

describe('browse sort', () => {
  it.each(BROWSE_SORTS)('%s ends with the slug tiebreaker and has a matching cursor shape', (sort) => {
    const clauses = browseSort(sort);
    expect(clauses[clauses.length - 1]).toEqual({ slug: { order: 'asc' } });
    expect(browsePositionShape(sort)).toHaveLength(clauses.length);
  });
});

test('search: each pass, earlier finds excluded, legal forms dropped', () => {
  expectRequestsMatchFixture(fixture('search'), {
    oneWord: buildSearchRequest({ q: 'acme', limit: 10 }),
    closeSpellings: buildSearchRequest({ q: 'abc construction corp', limit: 10, pass: 'closeSpellings' }),
    twoEdits: buildSearchRequest({ q: 'abc constrution', limit: 7, pass: 'twoEdits', excludeSlugs: ['abc-construction-corp', 'abc-construction-inc'] }),
    shortWords: buildSearchRequest({ q: 'ab c', limit: 5 }),
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
