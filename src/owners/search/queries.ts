import type { EditKeyFields } from '../../search/edit-keys';
import { typoWordsTier } from '../../search/fuzzy';
import { compactText, tokens } from '../../search/normalize';
import type { Reading, Tier, TypeaheadHit, TypeaheadTable } from '../../search/typeahead';

/**
 * The portfolio search (GET /portfolios/search): the typeahead kit (src/search/typeahead.ts)
 * on this table, over every person, corporation and business address of a portfolio, as the
 * index holds them (index-mappings/portfolios.json, built by ingest/families/owners).
 */

/** The served item of a hit: kept whole in the index, in contract key order. */
export interface PortfolioSummary {
  id: string;
  name: string;
  people: string[];
  lots: number;
  unitsResidential: number;
}

export interface PortfolioInput {
  words: string[];
  text: string;
  compact: string;
}

const NAME_EDITS: EditKeyFields = { words: 'nameWords', oneEdit: 'nameEditKeys', twoEdits: 'nameTwoEditKeys' };

export const PORTFOLIO_TIERS: ReadonlyArray<Tier<PortfolioInput>> = [
  {
    name: 'exactName',
    score: 100,
    matches: 'exact name: a whole name of an owner, head officer or corporation, or a whole business address, spaced or not;',
    filter: ({ text, compact }) => ({ bool: { should: [{ term: { names: text } }, { term: { namesCompact: compact } }], minimum_should_match: 1 } }),
  },
  { name: 'namePrefix', score: 90, matches: 'a name or address starts with the query, spaces ignored;', filter: ({ compact }) => ({ prefix: { namesCompact: compact } }) },
  {
    name: 'allWords',
    score: 80,
    matches: 'every query word is a word of the names and addresses, the last one possibly still being typed (prefix), in any order;',
    filter: ({ text }) => ({ match_bool_prefix: { nameWords: { query: text, operator: 'and' } } }),
  },
  {
    name: 'fuzzyOne',
    score: 40,
    matches: 'every word matches a word of the names and addresses within one edit (a wrong, missing, extra or swapped letter; first letter exact), words of 3 letters or more, shorter words exact;',
    filter: ({ words }) => typoWordsTier(words, 1, NAME_EDITS),
  },
  {
    name: 'fuzzyTwo',
    score: 30,
    matches: 'every word matches within two edits (words of six letters or more, first two letters exact).',
    filter: ({ words }) => typoWordsTier(words, 2, NAME_EDITS),
  },
];

export function portfolioReadings(q: string): Array<Reading<PortfolioInput>> {
  const words = tokens(q);
  if (words.length === 0) return [];
  const text = words.join(' ');
  return [{ input: { words, text, compact: compactText(text) } }];
}

/** Inside a tier: the largest portfolio first (lots, then units), then the id. */
export const SEARCH_ORDER = [{ lots: { order: 'desc' } }, { units: { order: 'desc' } }, { portfolioId: { order: 'asc' } }];

const summaryJson = (hit: TypeaheadHit) => Buffer.from(String(hit.fields?.summary?.[0]), 'base64').toString('utf8');

export const PORTFOLIO_TYPEAHEAD: TypeaheadTable<{ q: string; limit: number }, PortfolioInput, PortfolioSummary> = {
  index: 'portfolios',
  tiers: PORTFOLIO_TIERS,
  readings: (query) => portfolioReadings(query.q),
  filter: [{ term: { listed: true } }],
  order: () => SEARCH_ORDER,
  fields: ['summary'],
  shape: (hit) => JSON.parse(summaryJson(hit)) as PortfolioSummary,
  json: summaryJson,
};
