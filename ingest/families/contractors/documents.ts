import type { Pool, PoolClient } from 'pg';
import type { RiskLevel } from '../../../src/domain/scoring';
import { coreText } from '../../../src/contractors/browse/queries';
import { nameTailsOf } from '../../../src/search/first-letter';
import { oneEditKeysOf, twoEditKeysOf } from '../../../src/search/edit-keys';
import { compactText, normalizeText } from '../../../src/search/normalize';
import type { IndexedDocument } from '../../index/bulk';

/** The Contractor summary as served by browse and search of the contract, in the contract's key order. */
export interface ContractorSummary {
  slug: string;
  name: string;
  ticketCount: number;
  finesDueCents: number;
  riskLevel: RiskLevel;
}

/**
 * The contractors index document: one per company ever formed (id = its slug), what browse
 * and the typeahead filter, sort and match on, and the summary they serve.
 */
export interface ContractorDocument {
  slug: string;
  /** The served ContractorSummary as JSON in base64 (binary doc values): browse and search fetch this one column. */
  summary: string;
  /** false for a company absorbed into another (its slugs answer for that one) or without tickets: browse and search filter listed = true. */
  listed: boolean;
  /** The primary spelling as docketed (not indexed). */
  name: string;
  /** normalizeText(name): words for exact, prefix (index_prefixes) and fuzzy matching. */
  nameNorm: string;
  /** nameTailsOf over every docket spelling's name words (spellingsCoreWords): the first-letter-typo tier, as the restaurant typeahead. */
  nameTails: string;
  /** The one- and two-edit keys of every docket spelling's name words (spellingsCoreWords; src/search/edit-keys.ts): the typo tiers. */
  nameEditKeys: string[];
  nameTwoEditKeys: string[];
  /** Some docket spelling starts with '&' ('& F TAXI INC'): a query typed with a leading '&' answers these first. */
  leadingAmpersand: boolean;
  /** normalizeText(name) as one keyword: exact whole-name match and the name sort. */
  nameExact: string;
  /** compactText(name): whole-name prefix, space- and punctuation-insensitive. */
  nameCompact: string;
  /** Each spelling's words without legal forms, THE and AND (coreText): the typeahead's exact-name tier ('abc construction' = ABC CONSTRUCTION CORP). */
  spellingsCore: string[];
  /**
   * spellingsCore again, read as words: browse's q and the typeahead's word tiers match a
   * company by the name words of any of its spellings, the last word typed as a prefix, and
   * never through a legal form ('corpo' is not CORPORATION, 'l' not LLC).
   */
  spellingsCoreWords: string[];
  /** spellingsCore without spaces, one token each: exact and whole-name prefix matches, spacing ignored. */
  spellingsCoreCompact: string[];
  ticketCount: number;
  openTickets: number;
  defaultedHearings: number;
  finesDueCents: number;
  /** The balance-weighted summary score (risk.ts contractorSummaryRisk) and its level. */
  riskScore: number;
  riskLevel: RiskLevel;
}

export type ContractorIndex = 'contractors';

/** The summary of a company row of contractor_companies. */
export function contractorSummaryOf(row: { slug: string; name: string; tickets: number; fines_due_cents: number; summary_risk_level: string }): ContractorSummary {
  return { slug: row.slug, name: row.name, ticketCount: row.tickets, finesDueCents: row.fines_due_cents, riskLevel: row.summary_risk_level as RiskLevel };
}

/**
 * Every document of these companies, built from Postgres alone (the source of truth): the
 * indexer, the rebuild and the verifier all call this, so they cannot disagree.
 */
export async function buildDocuments(pg: Pool | PoolClient, slugs: string[]): Promise<Record<ContractorIndex, IndexedDocument[]>> {
  const set: Record<ContractorIndex, IndexedDocument[]> = { contractors: [] };
  if (slugs.length === 0) return set;
  const { rows } = await pg.query(
    `select slug, name, listed, tickets, open_tickets, defaulted_hearings, fines_due_cents::float8 as fines_due_cents,
       summary_risk_score, summary_risk_level, spellings, version
     from contractor_companies where slug = any($1) order by slug`,
    [slugs],
  );
  for (const company of rows) {
    const summary = contractorSummaryOf(company);
    const nameNorm = normalizeText(company.name);
    const spellingsNorm = [...new Set((company.spellings as string[]).map((spelling) => normalizeText(spelling)))].sort();
    const cores = [...new Set(spellingsNorm.map((spelling) => coreText(spelling)).filter((core) => core !== ''))].sort();
    const document: ContractorDocument = {
      slug: company.slug,
      summary: Buffer.from(JSON.stringify(summary)).toString('base64'),
      listed: company.listed,
      name: company.name,
      nameNorm,
      nameTails: nameTailsOf(cores.join(' ')),
      nameEditKeys: oneEditKeysOf(cores.join(' ')),
      nameTwoEditKeys: twoEditKeysOf(cores.join(' ')),
      leadingAmpersand: (company.spellings as string[]).some((spelling) => spelling.trimStart().startsWith('&')),
      nameExact: nameNorm,
      nameCompact: compactText(company.name),
      spellingsCore: cores,
      spellingsCoreWords: cores,
      spellingsCoreCompact: [...new Set(cores.map((core) => compactText(core)))].sort(),
      ticketCount: company.tickets,
      openTickets: company.open_tickets,
      defaultedHearings: company.defaulted_hearings,
      finesDueCents: company.fines_due_cents,
      riskScore: company.summary_risk_score,
      riskLevel: summary.riskLevel,
    };
    set.contractors.push({ id: company.slug, key: company.slug, version: Number(company.version), source: document as unknown as Record<string, unknown> });
  }
  return set;
}
