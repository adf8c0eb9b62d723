import type { Position, PositionShape } from '../../search/cursor';
import { searchAfterRequest } from '../../contract/lists';
import { rangeFilter, termsFilter } from '../../search/filters';
import { firstLetterTier } from '../../search/first-letter';
import { fuzzyWordsTier } from '../../search/fuzzy';
import { compactText, tokens } from '../../search/normalize';
import { wordsPrefixFilter } from '../../search/text-filter';
import { companyNameOf, LEGAL_FORM_WORDS } from '../../domain/contractors';

/**
 * Pure builders of the contractors-index requests: browse (GET /contractors) and the
 * typeahead (GET /contractors/search). Request fixtures in ./fixtures (queries.test.ts).
 */

/** What a hit is read for: the served summary, one binary doc-value column (index-mappings/contractors.json `summary`). */
export const SUMMARY_FETCH = { _source: false, stored_fields: '_none_', docvalue_fields: ['summary'] } as const;

/** Absorbed companies and companies left without tickets are never browsed nor found. */
const LISTED = { term: { listed: true } };

export const BROWSE_SORTS = ['-tickets', 'tickets', '-finesDueCents', 'finesDueCents', 'name', '-name'] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];

export interface BrowseFilters {
  q?: string;
  riskLevel?: string[];
  minFinesDueCents?: number;
  minTickets?: number;
  sort: BrowseSort;
}

export function browseFilters(query: BrowseFilters): object[] {
  const filter: object[] = [LISTED];
  // Every word of q that must match (words.ts queryWords) a name word of one of the company's
  // spellings, legal forms, THE and AND left out on both sides; the last as a prefix.
  if (query.q !== undefined) filter.push(wordsPrefixFilter(['spellingsCoreWords'], queryWords(query.q).join(' ')));
  filter.push(...termsFilter('riskLevel', query.riskLevel));
  filter.push(...rangeFilter('finesDueCents', query.minFinesDueCents, undefined));
  filter.push(...rangeFilter('ticketCount', query.minTickets, undefined));
  // Sorting by the largest balances lists the companies with money on the books only.
  if (query.sort === '-finesDueCents') filter.push({ range: { finesDueCents: { gt: 0 } } });
  return filter;
}

const SORT_FIELDS: Record<string, string> = { tickets: 'ticketCount', finesDueCents: 'finesDueCents', name: 'nameExact' };

/** The sort key, then the slug (unique): the cursor is exact. */
export function browseSort(sort: BrowseSort): object[] {
  const descending = sort.startsWith('-');
  const field = SORT_FIELDS[descending ? sort.slice(1) : sort];
  return [{ [field]: { order: descending ? 'desc' : 'asc' } }, { slug: { order: 'asc' } }];
}

export function browsePositionShape(sort: BrowseSort): PositionShape {
  return sort === 'name' || sort === '-name' ? ['string', 'string'] : ['integer', 'string'];
}

/** One page (limit + 1 rows, the extra one only says whether more exist) after `after`. */
export function buildBrowseRequest(query: BrowseFilters & { limit: number }, after: Position | null): Record<string, unknown> {
  return searchAfterRequest(query.limit, { ...SUMMARY_FETCH, query: { bool: { filter: browseFilters(query) } }, sort: browseSort(query.sort) }, after);
}

/**
 * The typeahead's score tiers, never blended scores: each is a constant_score clause and
 * dis_max keeps a company's best, so a better kind of match always outranks a worse one; inside
 * a tier the largest balance due comes first. Served in the OpenAPI description.
 */
export const TIERS = {
  exactName: 100,
  namePrefix: 90,
  allWords: 80,
  wordPrefixes: 70,
  fuzzyOne: 40,
  firstLetter: 35,
  fuzzyTwo: 30,
} as const;

/**
 * Two passes, as the restaurant typeahead: the exact tiers with one-edit spellings, then the
 * first-letter and two-edit tiers (the costly automata) only while the list has room. Every
 * second-pass tier ranks below every first-pass tier, so the answer is that of one query.
 */
export const TIER_PASSES = ['closeSpellings', 'twoEdits'] as const;
export type TierPass = (typeof TIER_PASSES)[number];

const tier = (boost: number, filter: object) => ({ constant_score: { filter, boost } });

/**
 * The tier clauses of a pass (or all) for the query's words that must match (words.ts
 * queryWords), on the names' words without their legal forms; empty when it has none or the
 * pass adds nothing.
 */
export function tierClauses(q: string, pass: TierPass | 'all' = 'all'): object[] {
  const words = queryWords(q);
  if (words.length === 0) return [];
  const text = words.join(' ');
  const compact = compactText(text);
  const clauses: object[] = [];
  if (pass === 'all' || pass === 'closeSpellings') {
    // The whole name (any docket spelling) apart from its legal form, spaced or not.
    const exact = { bool: { should: [{ term: { spellingsCore: text } }, { term: { spellingsCoreCompact: compact } }], minimum_should_match: 1 } };
    clauses.push(tier(TIERS.exactName, exact));
    clauses.push(tier(TIERS.namePrefix, { prefix: { spellingsCoreCompact: compact } }));
    clauses.push(tier(TIERS.allWords, { match_bool_prefix: { spellingsCoreWords: { query: text, operator: 'and' } } }));
    clauses.push(tier(TIERS.wordPrefixes, { bool: { filter: words.map((word) => ({ prefix: { spellingsCoreWords: word } })) } }));
    const one = fuzzyWordsTier(words, 1, 'spellingsCoreWords');
    if (one) clauses.push(tier(TIERS.fuzzyOne, one));
  }
  if (pass === 'all' || pass === 'twoEdits') {
    const first = firstLetterTier(words, { words: 'spellingsCoreWords', tails: 'nameTails' });
    if (first) clauses.push(tier(TIERS.firstLetter, first));
    const two = fuzzyWordsTier(words, 2, 'spellingsCoreWords');
    if (two) clauses.push(tier(TIERS.fuzzyTwo, two));
  }
  return clauses;
}

export interface SearchInput {
  q: string;
  limit: number;
  pass?: TierPass;
}

/** Inside a tier: the largest balance due first, then the most tickets, then the name and the slug. */
export const SEARCH_ORDER = [
  { _score: { order: 'desc' } },
  { finesDueCents: { order: 'desc' } },
  { ticketCount: { order: 'desc' } },
  { nameExact: { order: 'asc' } },
  { slug: { order: 'asc' } },
];

export function buildSearchRequest(input: SearchInput): Record<string, unknown> {
  const best = { dis_max: { queries: tierClauses(input.q, input.pass ?? 'all'), tie_breaker: 0 } };
  return {
    size: input.limit,
    track_total_hits: false,
    ...SUMMARY_FETCH,
    query: { bool: { must: [best], filter: [LISTED] } },
    sort: SEARCH_ORDER,
    // Only what the summary is read from comes back: a smaller answer to send and parse.
    filter_path: ['hits.hits.fields.summary'],
  };
}

/**
 * Which words of a company name say who the company is. A legal form (INC, CORP, LLC, CO,
 * LTD, LP, LLP, PC, PLLC, HDFC in any of their spellings), THE and AND (& is AND) name no
 * company: the grouping rule itself reads them so (src/domain/contractors/names.ts, rules 3-4),
 * and 'ABC CORP', 'ABC CORPORATION' and 'ABC INC' are one name to someone searching. Browse
 * and search match on the other words only, on both sides: the query's (queryWords) and the
 * index's (spellingsCore, spellingsCoreWords).
 */
export function isFillerWord(word: string): boolean {
  // companyNameOf reads a lone legal form or THE as a name with nothing left of it.
  return word === 'and' || companyNameOf(word, '') === null;
}

/** Every filler word as normalizeText writes it: each spelling of a legal form, THE and AND. */
export const FILLER_WORDS: readonly string[] = [...LEGAL_FORM_WORDS.map((word) => word.toLowerCase()), 'the', 'and'];

/** A word still being typed may become a filler word ('c', 'co', 'corpo' -> CORPORATION; 't' -> THE). */
export function mayBeFillerWord(prefix: string): boolean {
  return FILLER_WORDS.some((word) => word.startsWith(prefix));
}

/** The normalized words of a text without its filler words (legal forms, THE, AND). */
export function coreWords(text: string): string[] {
  return tokens(text).filter((word) => !isFillerWord(word));
}

/** coreWords as one normalized text ('' when only filler words, or none, are left). */
export function coreText(text: string): string {
  return coreWords(text).join(' ');
}

/**
 * The words of a typed query that must match a company's name words (never its legal form),
 * the last one as the start of a word, since it may still be being typed. Complete filler
 * words are left out. The last word is matched against name words only, so typing on only
 * narrows the list ('co', 'cor', 'corpo' never match through CORP or CORPORATION). When it
 * could still become a filler word ('co', 'corp', 'i', 't') and other words were typed, it
 * need not match: 'abc construction co' is on its way to ABC CONSTRUCTION CORP. Alone, it is
 * read as the start of a name word ('co' finds COHEN BROTHERS): a word that is a legal form
 * is also how other names begin. Empty only when the query has no words.
 */
export function queryWords(q: string): string[] {
  const words = tokens(q);
  if (words.length === 0) return [];
  const last = words[words.length - 1];
  const complete = words.slice(0, -1).filter((word) => !isFillerWord(word));
  if (complete.length === 0) return [last];
  return mayBeFillerWord(last) ? complete : [...complete, last];
}
