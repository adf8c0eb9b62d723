import { keptRows } from '../db/kept-reads';
import { prepared } from '../db/pool';
import { isoDate, parseBbl } from '../nyc';
import type { DataStore } from '../stores';
import { type LinkEstablishment, type LinkSummons, linkSummonses, RESTAURANT_SUMMONS_LINK_RULE } from './restaurant-summonses';

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

export type { LinkEstablishment };
export { RESTAURANT_SUMMONS_LINK_RULE };

export const contractorFigures: ContractorFigures = { restaurantSummonses };
