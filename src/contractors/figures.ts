import { companyKey } from '../domain/contractors/names';
import { keptRows } from '../db/kept-reads';
import { prepared } from '../db/pool';
import { isoDate, parseBbl, type Borough, houseNumberKey, parseHouseNumber, streetAliases } from '../nyc';
import type { DataStore } from '../stores';
import { canonicalStreet } from '../search/address';
import { normalizeText } from '../search/normalize';

/**
 * What the contractors family shows on another family's pages, and the only module of
 * src/contractors another family may import (ARCHITECTURE.md rule 5; src/community/figures.ts
 * is the model). Today: the OATH summonses of restaurant establishments, for the four OATH
 * fields of RestaurantStats and the restaurant profile's oath_summonses risk factor. The
 * reader passes the establishments' own facts in (it never learns how tickets are stored);
 * this family never reads the restaurant tables.
 */

/** One linked summons, as much as the restaurant risk factor needs. */
export interface SummonsFinding {
  ticket: string;
  violationDate: string | null;
  /** An unpaid default judgment (ticket status defaulted: the contractors' defaultedHearings). */
  unpaidDefault: boolean;
  dueCents: number;
}

/** An establishment's summonses at OATH: RestaurantStats' four OATH fields, and the findings behind them. */
export interface RestaurantSummonses {
  oathSummonses: number;
  finesImposedCents: number;
  finesDueCents: number;
  defaultedHearings: number;
  /** Newest first (undated last), then by ticket. */
  findings: SummonsFinding[];
}

export interface ContractorFigures {
  /**
   * The summonses linked to each given establishment (an entry for every camis given, empty
   * when none). Pass every establishment on the lots of those asked about (the rule weighs a
   * summons against all of a lot's tenants); see RESTAURANT_SUMMONS_LINK_RULE.
   */
  restaurantSummonses(store: DataStore, establishments: LinkEstablishment[], asOf: Date): Promise<Map<string, RestaurantSummonses>>;
  /**
   * The docketed companies that bear one of these names (each read as an OATH respondent's
   * last-name field, by the company name rule: legal forms, punctuation and spacing as the
   * rule reads them), and their tickets with a balance due.
   */
  companiesNamed(store: DataStore, names: readonly string[]): Promise<NamedCompanies>;
}

export interface NamedCompanies {
  companies: Array<{ slug: string; name: string }>;
  ticketsWithFinesDue: number;
  finesDueCents: number;
}

/** Names asked about in one call at most (a portfolio's corporations). */
export const MAX_COMPANY_NAMES = 5_000;

async function companiesNamed(store: DataStore, names: readonly string[]): Promise<NamedCompanies> {
  const keys = [...new Set(names.slice(0, MAX_COMPANY_NAMES).map((name) => companyKey({ firstName: null, lastName: name })).filter((key): key is string => key !== null))];
  if (keys.length === 0) return { companies: [], ticketsWithFinesDue: 0, finesDueCents: 0 };
  const { rows } = await store.pg.query(
    `with named as (select distinct s.company from contractor_spellings s join contractor_companies c on c.slug = s.company where s.name_key = any($1::text[]) and c.listed)
     select c.slug, c.name,
       (select count(*)::int from contractor_tickets t where t.company = c.slug and t.due_cents > 0) as due_tickets,
       (select coalesce(sum(t.due_cents), 0)::float8 from contractor_tickets t where t.company = c.slug and t.due_cents > 0) as due_cents
     from named join contractor_companies c on c.slug = named.company order by c.slug`,
    [keys],
  );
  return {
    companies: rows.map((row) => ({ slug: row.slug, name: row.name })),
    ticketsWithFinesDue: rows.reduce((sum, row) => sum + row.due_tickets, 0),
    finesDueCents: rows.reduce((sum, row) => sum + Number(row.due_cents), 0),
  };
}

/** Most health summonses read for one call (their lots together); no lot comes near it. */
export const MAX_LOT_SUMMONSES = 20_000;

export const emptySummonses = (): RestaurantSummonses => ({ oathSummonses: 0, finesImposedCents: 0, finesDueCents: 0, defaultedHearings: 0, findings: [] });

async function restaurantSummonses(store: DataStore, establishments: LinkEstablishment[], asOf: Date): Promise<Map<string, RestaurantSummonses>> {
  const out = new Map(establishments.map((establishment) => [establishment.camis, emptySummonses()]));
  const lots = [...new Set(establishments.map((establishment) => parseBbl(establishment.bbl)).filter((bbl): bbl is string => bbl !== null))];
  if (lots.length === 0) return out;
  // The partial index on violation_bbl; the agency's health words narrow in SQL, the exact
  // agency rule (isFoodServiceAgency) is applied by linkSummonses.
  // Prepared: each pooled connection plans it once (read with every restaurant profile).
  const rows = await keptRows(
    store,
    prepared(
      `select ticket, issuing_agency, violation_bbl, violation_house, violation_street, respondent_first_name, respondent_last_name,
       violation_date, status, imposed_cents, due_cents
     from contractor_tickets
     where violation_bbl = any($1) and issuing_agency ~* '(dohmh|doh|health)' and (violation_date is null or violation_date <= $2)
     order by violation_date desc nulls last, ticket desc limit $3`,
      [lots, isoDate(asOf), MAX_LOT_SUMMONSES],
    ),
  );
  const summonses: LinkSummons[] = rows.map((row) => ({
    ticket: row.ticket,
    issuingAgency: row.issuing_agency,
    violationBbl: row.violation_bbl,
    violationHouse: row.violation_house,
    violationStreet: row.violation_street,
    respondentFirstName: row.respondent_first_name,
    respondentLastName: row.respondent_last_name,
    violationDate: row.violation_date,
  }));
  const links = linkSummonses(summonses, establishments);
  // The stored standing is as of the load's clock, but the figures read here do not move with
  // the clock (ticketStanding: imposed and due follow the decision and the balance written,
  // 'defaulted' a decided default still demanding payment; only open/closed through a hearing
  // date and reopenableUntil depend on today), so they are served as stored, individuals' too.
  // Summonses issued after the mode's clock are left out above.
  for (const row of rows) {
    const camis = links.get(row.ticket);
    if (camis === undefined) continue;
    const figures = out.get(camis)!;
    const unpaidDefault = row.status === 'defaulted';
    figures.oathSummonses += 1;
    figures.finesImposedCents += Number(row.imposed_cents);
    figures.finesDueCents += Number(row.due_cents);
    if (unpaidDefault) figures.defaultedHearings += 1;
    figures.findings.push({ ticket: row.ticket, violationDate: row.violation_date, unpaidDefault, dueCents: Number(row.due_cents) });
  }
  return out;
}


export const contractorFigures: ContractorFigures = { restaurantSummonses, companiesNamed };

/**
 * Which OATH summonses are a restaurant's: the link rule between the contractors family's
 * tickets and the restaurant family's establishments. Pure; the reads are in
 * ./figures.ts. The text of RESTAURANT_SUMMONS_LINK_RULE is served in the OpenAPI document
 * (RestaurantStats); keep it and the code in step.
 *
 * There is no shared key (no CAMIS on a summons, no summons number on an inspection), so the
 * link narrows in the order the design guidance gives (docs/decisions.md, Contractors):
 * 0. Agency: only the Health Department's food-service summonses (isFoodServiceAgency).
 * 1. Lot: the summons's violation-location BBL (borough, block, lot) is the establishment's
 *    BBL. Candidates are every establishment on that lot, so a summons at a food court or a
 *    mall is weighed against all its tenants, not only the one asked about.
 * 2. Address: when the summons and the establishment both give a house number and a street,
 *    they must agree (house number without its hyphen, canonical street or one of its other
 *    names in the borough); an address missing on either side does not contradict.
 * 3. Name: the respondent (first and last name fields joined; often the permit holder's legal
 *    name) agrees with the dba (namesAgree).
 * 4. Date: the violation date is an inspection date of that establishment (a food-service
 *    summons is written at an inspection).
 * Among the candidates left after 1-2, one with name and date evidence beats one with the
 * name only, which beats one with the date only; the summons is linked to the single best
 * candidate, to none when two tie at the top (precision over recall) and to none when no
 * candidate has name or date evidence (an older summons against an earlier business in the
 * same space). A summons is therefore linked to at most one establishment.
 */
export const RESTAURANT_SUMMONS_LINK_RULE = `OATH summonses are linked to an establishment by a documented rule (there is no shared key): (0) only the Health Department's food-service summonses count: an issuing agency that names the Health Department (DOHMH, DEPT OF HEALTH, DOH/MENTAL HEALTH, ...) and is not one of its non-food units (pest control PCS, VECTOR, VETERINARY, WATER TANK); (1) the summons's violation location BBL (borough, block, lot) is the establishment's BBL; every establishment on that lot is a candidate; (2) when both give a house number and a street, they agree (34-12 = 3412; the street in canonical spelling or another of its names in the borough: E. 188 TH ST = East 188 Street); (3) the respondent's name (first and last name fields joined, legal forms INC, CORP, LLC, LTD, CO and a leading THE ignored, punctuation and spacing ignored) equals the establishment's name, starts with it or is started by it (at least 4 letters; names cut at the docket's width), or every word of the shorter is a word of the longer and not only generic words (PIZZA, CAFE, DELI, RESTAURANT, ...); a respondent written "X DBA Y" is read as both X and Y; (4) the violation date is one of the establishment's inspection dates. The summons goes to the one candidate with the strongest evidence (name and date, then name only, then date only); to none when two candidates tie or when no candidate has name or date evidence. A summons is thus linked to at most one establishment; an establishment without a BBL, and summonses without a violation-location block and lot, are never linked. Counted up to the clock (violation date on or before today; the fixture reference date for test keys); figures are the city's ticket figures (money due, imposed penalty, default), which do not depend on the clock.`;

/** What the link needs to know about an establishment (the restaurant family passes it in). */
export interface LinkEstablishment {
  camis: string;
  /** The establishment's BBL as the restaurant data writes it; read with parseBbl. */
  bbl: string | null;
  building: string | null;
  street: string | null;
  borough: Borough | null;
  /** The dba. */
  name: string;
  /** Every inspection date on record (YYYY-MM-DD). */
  inspectionDates: readonly string[];
}

/** What the link needs to know about a summons (columns of contractor_tickets). */
export interface LinkSummons {
  ticket: string;
  issuingAgency: string | null;
  violationBbl: string | null;
  violationHouse: string | null;
  violationStreet: string | null;
  respondentFirstName: string | null;
  respondentLastName: string | null;
  violationDate: string | null;
}

const HEALTH = /\b(DOHMH|DOH|HEALTH)\b/;
const NON_FOOD_UNITS = /\b(PCS|VECTOR|VETERINARY|WATER TANK)\b/;

/** The Health Department's food-service summonses (its pest control, vector, veterinary and water tank units issue others). */
export function isFoodServiceAgency(agency: string | null | undefined): boolean {
  const text = (agency ?? '').toUpperCase().replace(/[^A-Z0-9]+/g, ' ');
  return HEALTH.test(text) && !NON_FOOD_UNITS.test(text);
}

const LEGAL_WORDS: ReadonlySet<string> = new Set(['inc', 'incorporated', 'corp', 'corporation', 'llc', 'ltd', 'limited', 'co', 'company', 'lp', 'llp']);
/** Words that alone say nothing about which business it is. */
const GENERIC_WORDS: ReadonlySet<string> = new Set([
  'pizza', 'pizzeria', 'restaurant', 'rest', 'cafe', 'coffee', 'deli', 'grocery', 'grill', 'bar', 'kitchen', 'bakery', 'food', 'foods',
  'shop', 'diner', 'express', 'house', 'and', 'of', 'new', 'york', 'ny', 'nyc', 'chinese', 'the', 'lounge', 'corner', 'market',
]);
const MIN_PREFIX_LETTERS = 4;

/** The name's words, legal forms and a leading THE dropped; 'L.L.C.' and 'L L C' read LLC. */
function nameWords(name: string): string[] {
  const words = normalizeText(name).replace(/\b(?:[a-z] )+[a-z]\b/g, (run) => run.replace(/ /g, '')).split(' ').filter(Boolean);
  const kept = words.filter((word) => !LEGAL_WORDS.has(word));
  return kept[0] === 'the' ? kept.slice(1) : kept;
}

/** A respondent written 'X DBA Y' (or D/B/A) is read as X and as Y. */
function respondentReadings(respondent: string): string[][] {
  const words = nameWords(respondent);
  const at = words.indexOf('dba');
  if (at < 0) return [words];
  return [words.slice(0, at), words.slice(at + 1)].filter((part) => part.length > 0);
}

function wordsAgree(a: string[], b: string[]): boolean {
  const compactA = a.join('');
  const compactB = b.join('');
  if (!compactA || !compactB) return false;
  if (compactA === compactB) return true;
  const [shorter, longer] = compactA.length <= compactB.length ? [a, b] : [b, a];
  const shortCompact = shorter.join('');
  const distinctive = shorter.some((word) => !GENERIC_WORDS.has(word));
  if (!distinctive) return false;
  if (shortCompact.length >= MIN_PREFIX_LETTERS && longer.join('').startsWith(shortCompact)) return true;
  const longerWords = new Set(longer);
  return shortCompact.length >= MIN_PREFIX_LETTERS && shorter.every((word) => longerWords.has(word));
}

/** Rule step 3: the respondent's name agrees with the dba. */
export function namesAgree(respondent: string, dba: string): boolean {
  const dbaWords = nameWords(dba);
  return respondentReadings(respondent).some((reading) => wordsAgree(reading, dbaWords));
}

function streetNames(street: string | null, borough: Borough | null): string[] {
  const canonical = canonicalStreet(street);
  return canonical ? [canonical, ...streetAliases(canonical, borough)] : [];
}

/** Rule step 2: the two addresses agree, or one of them is incomplete. */
export function addressesAgree(summons: Pick<LinkSummons, 'violationHouse' | 'violationStreet'>, establishment: Pick<LinkEstablishment, 'building' | 'street' | 'borough'>): boolean {
  const summonsHouse = parseHouseNumber(summons.violationHouse);
  const placeHouse = parseHouseNumber(establishment.building);
  const summonsStreets = streetNames(summons.violationStreet, establishment.borough);
  const placeStreets = streetNames(establishment.street, establishment.borough);
  if (!summonsHouse || !placeHouse || summonsStreets.length === 0 || placeStreets.length === 0) return true;
  if (houseNumberKey(summonsHouse) !== houseNumberKey(placeHouse)) return false;
  return summonsStreets.some((name) => placeStreets.includes(name));
}

const respondentOf = (summons: LinkSummons) => [summons.respondentFirstName, summons.respondentLastName].filter(Boolean).join(' ');

/** Rule steps 3-4 as a rank: 3 name and date, 2 name only, 1 date only, 0 neither. */
export function evidenceOf(summons: LinkSummons, establishment: LinkEstablishment): number {
  const name = namesAgree(respondentOf(summons), establishment.name);
  const date = summons.violationDate !== null && establishment.inspectionDates.includes(summons.violationDate);
  return (name ? 2 : 0) + (date ? 1 : 0);
}

/**
 * The establishment each summons belongs to (ticket -> camis), over candidates that should be
 * every establishment on the summonses' lots. Summonses that link to none are absent.
 */
export function linkSummonses(summonses: readonly LinkSummons[], establishments: readonly LinkEstablishment[]): Map<string, string> {
  const byLot = new Map<string, LinkEstablishment[]>();
  for (const establishment of establishments) {
    const bbl = parseBbl(establishment.bbl);
    if (bbl === null) continue;
    const list = byLot.get(bbl) ?? [];
    list.push(establishment);
    byLot.set(bbl, list);
  }
  const links = new Map<string, string>();
  for (const summons of summonses) {
    if (!isFoodServiceAgency(summons.issuingAgency)) continue;
    const bbl = parseBbl(summons.violationBbl);
    const candidates = (bbl === null ? [] : byLot.get(bbl) ?? []).filter((establishment) => addressesAgree(summons, establishment));
    let best = 0;
    let winners: LinkEstablishment[] = [];
    for (const candidate of candidates) {
      const evidence = evidenceOf(summons, candidate);
      if (evidence > best) [best, winners] = [evidence, [candidate]];
      else if (evidence === best && evidence > 0) winners.push(candidate);
    }
    if (best > 0 && winners.length === 1) links.set(summons.ticket, winners[0].camis);
  }
  return links;
}
