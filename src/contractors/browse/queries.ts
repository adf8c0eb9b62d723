import type { Position, PositionShape } from '../../search/cursor';
import { searchAfterRequest } from '../../contract/lists';
import { rangeFilter, termsFilter } from '../../search/filters';
import { firstLetterTier } from '../../search/first-letter';
import { typoWordsTier } from '../../search/fuzzy';
import type { EditKeyFields } from '../../search/edit-keys';
import { compactText, tokens } from '../../search/normalize';
import { wordsPrefixFilter } from '../../search/text-filter';
import { companyNameOf, LEGAL_FORM_WORDS } from '../../domain/contractors';
import type { Reading, Tier, TypeaheadTable } from '../../search/typeahead';
import { distance } from 'fastest-levenshtein';

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

/** The names' words without legal forms and their indexed edit keys (index-mappings/contractors.json). */
const NAME_EDITS: EditKeyFields = { words: 'spellingsCoreWords', oneEdit: 'nameEditKeys', twoEdits: 'nameTwoEditKeys' };

/** A reading of q: the words that must match (queryWords), as text and spaces removed, made once. */
export interface CompanyInput {
  words: string[];
  text: string;
  compact: string;
}

/**
 * The typeahead's ranking: the table src/search/typeahead.ts builds the request, the cache, the
 * route and the OpenAPI ranking text from. Matched on the names' words without their legal
 * forms (spellingsCore*), any docket spelling of the company.
 */
export const CONTRACTOR_TIERS: ReadonlyArray<Tier<CompanyInput>> = [
  {
    name: 'exactName',
    score: 100,
    matches: 'exact name: the whole name apart from its legal form, spaced or not ("abc construction", "abcconstruction" find ABC CONSTRUCTION CORP);',
    filter: ({ text, compact }) => ({ bool: { should: [{ term: { spellingsCore: text } }, { term: { spellingsCoreCompact: compact } }], minimum_should_match: 1 } }),
  },
  { name: 'namePrefix', score: 90, matches: 'the name starts with the query, spaces ignored;', filter: ({ compact }) => ({ prefix: { spellingsCoreCompact: compact } }) },
  {
    name: 'allWords',
    score: 80,
    matches: 'every query word is a word of the name, the last one possibly still being typed (prefix), in any order;',
    filter: ({ text }) => ({ match_bool_prefix: { spellingsCoreWords: { query: text, operator: 'and' } } }),
  },
  {
    name: 'wordPrefixes',
    score: 70,
    matches: 'every query word is the start of a word of the name;',
    filter: ({ words }) => ({ bool: { filter: words.map((word) => ({ prefix: { spellingsCoreWords: word } })) } }),
  },
  {
    name: 'fuzzyOne',
    score: 40,
    matches: 'every word matches a word of the name within one edit (a wrong, missing, extra or swapped letter; first letter exact), words of 3 to 5 letters one edit, longer words too, shorter words exact;',
    filter: ({ words }) => typoWordsTier(words, 1, NAME_EDITS),
  },
  {
    name: 'firstLetter',
    score: 35,
    matches: 'every word matches a word of the name exactly (the last one possibly still being typed) or with its FIRST letter mistyped: substituted, missing, extra or swapped with the second ("xcme" finds ACME); words of four letters or more, the other words exact;',
    filter: ({ words }) => firstLetterTier(words, { words: 'spellingsCoreWords', tails: 'nameTails' }),
  },
  {
    name: 'fuzzyTwo',
    score: 30,
    matches: 'every word matches within two edits (words of six letters or more, first two letters exact; a word whose letters only moved may be found here too).',
    filter: ({ words }) => typoWordsTier(words, 2, NAME_EDITS),
  },
];

/** Each tier's score by name. */
export const TIERS = Object.fromEntries(CONTRACTOR_TIERS.map((tier) => [tier.name, tier.score])) as Record<'exactName' | 'namePrefix' | 'allWords' | 'wordPrefixes' | 'fuzzyOne' | 'firstLetter' | 'fuzzyTwo', number>;

const companyInput = (words: string[]): CompanyInput => {
  const text = words.join(' ');
  return { words, text, compact: compactText(text) };
};

/** Legal forms of three letters or more, as normalizeText writes them: what a mistyped one is near. */
const LONG_LEGAL_FORMS = LEGAL_FORM_WORDS.map((word) => word.toLowerCase()).filter((word) => word.length >= 3);

/** A word one edit from a legal form ('crp', 'lcc', 'incc') that is not one: a legal form mistyped, or a name word. */
export function nearLegalForm(word: string): boolean {
  return word.length >= 3 && !isFillerWord(word) && LONG_LEGAL_FORMS.some((form) => Math.abs(form.length - word.length) <= 1 && distance(form, word) === 1);
}

/**
 * The readings of q, in order: the query's words that must match (queryWords); then, only
 * when that finds nothing, the same without the words one edit from a legal form ('duz cab
 * crp' is DUZ CAB CORP); none when q has no words. A q that starts with '&' ('& f taxi')
 * answers with the names that start with '&' alone when there are any (the city writes
 * some so, '& F TAXI INC'): normalized, the '&' itself is gone.
 */
export function companyReadings(q: string): Array<Reading<CompanyInput>> {
  const words = queryWords(q);
  if (words.length === 0) return [];
  const first = q.trimStart().startsWith('&') ? { term: { leadingAmpersand: true } } : null;
  const readings: Array<Reading<CompanyInput>> = [{ input: companyInput(words), first }];
  const plain = words.filter((word) => !nearLegalForm(word));
  if (plain.length > 0 && plain.length < words.length) readings.push({ input: companyInput(plain), first });
  return readings;
}

/** Inside a tier: the largest balance due first, then the most tickets, then the name and the slug. */
export const SEARCH_ORDER = [{ finesDueCents: { order: 'desc' } }, { ticketCount: { order: 'desc' } }, { nameExact: { order: 'asc' } }, { slug: { order: 'asc' } }];

/** The served Contractor summary of a hit (the index keeps it whole, base64 JSON in contract key order). */
export interface ContractorSummary {
  slug: string;
  name: string;
  ticketCount: number;
  finesDueCents: number;
  riskLevel: string;
}

export function summaryOf(hit: { fields?: Record<string, unknown[]> }): ContractorSummary {
  return JSON.parse(Buffer.from(String(hit.fields?.summary?.[0]), 'base64').toString('utf8')) as ContractorSummary;
}

export const CONTRACTOR_TYPEAHEAD: TypeaheadTable<{ q: string; limit: number }, CompanyInput, ContractorSummary> = {
  index: 'contractors',
  tiers: CONTRACTOR_TIERS,
  readings: (query) => companyReadings(query.q),
  filter: [LISTED],
  order: () => SEARCH_ORDER,
  fields: ['summary'],
  shape: summaryOf,
  // The stored summary is the served item's JSON (contract key order).
  json: (hit) => Buffer.from(String(hit.fields?.summary?.[0]), 'base64').toString('utf8'),
};

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
