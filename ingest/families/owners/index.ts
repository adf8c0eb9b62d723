import type { Pool, PoolClient } from 'pg';
import type { PortfolioSummary } from '../../../src/owners/search/queries';
import { oneEditKeysOf, twoEditKeysOf } from '../../../src/search/edit-keys';
import { compactText, normalizeText } from '../../../src/search/normalize';
import type { IndexedDocument } from '../../index/bulk';
import type { DerivedStep, Family, IngestFamily } from '../../load/types';
import { OWNER_CHANGES } from '../../../src/domain/owners/changes';
import { regroupPortfolios } from './portfolios';

type NamedCount = { name: string; registrations: number };

/** The summary the search serves of a portfolio row, in contract key order. */
function summaryOf(row: { portfolio_id: string; lots: number; units: number; people: NamedCount[]; corporations: NamedCount[] }): PortfolioSummary {
  const people = row.people.slice(0, 3).map((person) => person.name);
  return { id: row.portfolio_id, name: people[0] ?? row.corporations[0]?.name ?? row.portfolio_id, people, lots: row.lots, unitsResidential: row.units };
}

/** Every portfolios document of these ids, from Postgres alone (the relay, the rebuild and verify all call this). */
async function buildDocuments(pg: Pool | PoolClient, ids: string[]): Promise<Record<'portfolios', IndexedDocument[]>> {
  const set: Record<'portfolios', IndexedDocument[]> = { portfolios: [] };
  if (ids.length === 0) return set;
  const { rows } = await pg.query(
    'select portfolio_id, lots, units, people, addresses, corporations, version from owner_portfolios where portfolio_id = any($1) order by portfolio_id',
    [ids],
  );
  for (const row of rows) {
    const names = [...new Set([...row.people, ...row.corporations, ...row.addresses].map((entry: NamedCount) => normalizeText(entry.name)).filter((name) => name !== ''))].sort();
    const words = names.join(' ');
    set.portfolios.push({
      id: row.portfolio_id,
      key: row.portfolio_id,
      version: Number(row.version),
      source: {
        portfolioId: row.portfolio_id,
        summary: Buffer.from(JSON.stringify(summaryOf(row))).toString('base64'),
        listed: row.lots > 0,
        names,
        namesCompact: [...new Set(names.map((name) => compactText(name)))].sort(),
        nameWords: names,
        nameEditKeys: oneEditKeysOf(words),
        nameTwoEditKeys: twoEditKeysOf(words),
        lots: row.lots,
        units: row.units,
      },
    });
  }
  return set;
}

/**
 * Owners: portfolios keyed by their id, formed from the HPD registrations and contacts the
 * properties family loads (no data set of their own): regrouped after every load of either.
 */
export const OWNERS: Family = {
  name: 'owners',
  entities: 'portfolios',
  entityTable: 'owner_portfolios',
  key: 'portfolio_id',
  versionSequence: 'owner_version_seq',
  outbox: 'owner_outbox',
  // Read on every keystroke of the portfolio search: one segment answers fastest.
  indices: [{ name: 'portfolios', forceMerge: true }],
  legacyAliases: [],
  lockName: 'owner',
  buildDocuments,
  // Nothing of a portfolio moves with the clock: what its lots owe is read at request time.
  rederive: async () => [],
  // Its kinds are all observed: the regrouping writes them as it moves lots (portfolios.ts).
  // The state is what a load or rederive would compare if one ever named a portfolio changed.
  changes: {
    kinds: OWNER_CHANGES,
    sql: `select portfolio_id as key, null as zip, null as borough, json_build_object('lots', lots) as state
          from owner_portfolios where portfolio_id = any($1) and $2::date is not null`,
  },
};

/** The regrouping, run after every load of the data sets it reads. */
export const REGROUP_PORTFOLIOS: DerivedStep = {
  family: OWNERS,
  from: ['hpd-registrations', 'hpd-contacts'],
  run: (client, asOf) => regroupPortfolios(client, asOf),
};

export const OWNERS_INGEST: IngestFamily = {
  family: OWNERS,
  facts: [],
  datasets: [],
  fixture: [],
  derived: [REGROUP_PORTFOLIOS],
};
