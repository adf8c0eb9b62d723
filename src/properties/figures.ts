import type { RegistrationContact } from '../domain/owners/portfolios';
import { deadlinesFor } from '../domain/properties/deadlines';
import type { DataStore } from '../stores';
import { lotFactsForRequest } from './deadlines/store';
import { lotExists } from './store';

/**
 * What other families show of a lot (the owners family's portfolio pages): its address,
 * residential units, open violations and deadline counts, each read exactly as the lot's own
 * routes serve them (the violation docket's isOpen; GET /properties/{bbl}/deadlines' statuses
 * on the same clock).
 */
export interface LotFigures {
  bbl: string;
  address: string | null;
  zip: string | null;
  borough: string;
  /** PLUTO's residential units; null when PLUTO has not described the lot. */
  unitsResidential: number | null;
  openViolations: number;
  /** Deadlines whose status is overdue (verifiably: the evidence is known complete past the due date). */
  overdueDeadlines: number;
  actionNeededDeadlines: number;
}

/** An HPD registration of a lot and the contacts it names, as the city wrote them. */
export interface LotRegistration {
  id: string;
  registeredOn: string | null;
  endsOn: string | null;
  contacts: RegistrationContact[];
}

export interface PropertyFigures {
  /** Whether the lot is on record. */
  lotOnRecord(store: DataStore, bbl: string): Promise<boolean>;
  /** The lot's HPD registration of this id (null: its current one, registered last) with its contacts; null when none is held for the lot. */
  lotRegistration(store: DataStore, bbl: string, registrationId: string | null): Promise<LotRegistration | null>;
  /** Open violations of each of these lots (0 for a lot with none), any number of lots. */
  openViolationCounts(store: DataStore, bbls: readonly string[]): Promise<Map<string, number>>;
  /** The figures of the lots on record among these, by BBL, as of the mode's clock. At most LOT_FIGURES_BATCH lots a call. */
  lotFigures(store: DataStore, bbls: readonly string[], asOf: Date): Promise<Map<string, LotFigures>>;
}

/** Lots a call reads at most: the facts of the deadline rules travel as one array per data set. */
export const LOT_FIGURES_BATCH = 500;

const LOTS = `select l.bbl, l.address, l.zip, l.borough, l.unitsres,
    (select count(*)::int from property_violations v where v.bbl = l.bbl and v.is_open) as open_violations
  from property_lots l where l.bbl = any($1::text[])`;

const REGISTRATION = `select source_dataset, source_id, filed_on::text as filed_on, end_on::text as end_on, facts from property_filings
  where bbl = $1 and ((source_dataset = 'hpd-registrations' and source_id = $2) or (source_dataset = 'hpd-contacts' and facts->>'registrationId' = $2))
  order by source_dataset desc, source_id`;

/** The lot's current registration: the latest registration date, then the highest id (as the portfolio rule reads it). */
const CURRENT_REGISTRATION = `select source_id from property_filings where bbl = $1 and source_dataset = 'hpd-registrations'
  order by filed_on desc nulls last, length(source_id) desc, source_id desc limit 1`;

export const propertyFigures: PropertyFigures = {
  lotOnRecord: (store, bbl) => lotExists(store, bbl),
  async openViolationCounts(store, bbls) {
    const counts = new Map(bbls.map((bbl) => [bbl, 0]));
    const { rows } = await store.pg.query('select bbl, count(*)::int as n from property_violations where bbl = any($1::text[]) and is_open group by bbl', [bbls]);
    for (const row of rows) counts.set(row.bbl, row.n);
    return counts;
  },
  async lotRegistration(store, bbl, registrationId) {
    const id = registrationId ?? (await store.pg.query(CURRENT_REGISTRATION, [bbl])).rows[0]?.source_id;
    if (id === undefined) return null;
    const { rows } = await store.pg.query(REGISTRATION, [bbl, id]);
    const registration = rows.find((row) => row.source_dataset === 'hpd-registrations');
    if (!registration) return null;
    return {
      id: registration.source_id,
      registeredOn: registration.filed_on,
      endsOn: registration.end_on,
      contacts: rows.filter((row) => row.source_dataset === 'hpd-contacts').map((row) => {
        const { type, contactDescription, corporationName, title, firstName, middleInitial, lastName, businessAddress } = row.facts;
        return { type, contactDescription, corporationName, title, firstName, middleInitial, lastName, businessAddress };
      }),
    };
  },
  async lotFigures(store, bbls, asOf) {
    if (bbls.length > LOT_FIGURES_BATCH) throw new Error(`lotFigures reads at most ${LOT_FIGURES_BATCH} lots a call, not ${bbls.length}`);
    const out = new Map<string, LotFigures>();
    if (bbls.length === 0) return out;
    const [{ rows }, facts] = await Promise.all([store.pg.query(LOTS, [bbls]), lotFactsForRequest(store, bbls)]);
    for (const row of rows) {
      const lot = facts.get(row.bbl);
      const statuses = lot ? deadlinesFor(lot, asOf).map((item) => item.status) : [];
      out.set(row.bbl, {
        bbl: row.bbl,
        address: row.address,
        zip: row.zip,
        borough: row.borough,
        unitsResidential: row.unitsres,
        openViolations: row.open_violations,
        overdueDeadlines: statuses.filter((status) => status === 'overdue').length,
        actionNeededDeadlines: statuses.filter((status) => status === 'action_needed').length,
      });
    }
    return out;
  },
};
