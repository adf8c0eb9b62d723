import type { PoolClient } from 'pg';
import { parseTaxLot } from '../../../src/nyc';

/**
 * A lot a dataset names before PLUTO has: created with what its BBL says (borough, block,
 * lot; the rest null), so the record has its entity (version, outbox row, document); a
 * later PLUTO load fills it in. Shared by every dataset of records keyed by lot (violation
 * dockets, permits and job filings). Returns the lots created.
 */
export async function createUnseenLots(client: PoolClient, bbls: string[]): Promise<string[]> {
  const lots = bbls.map((bbl) => ({ bbl, ...parseTaxLot(bbl)! }));
  const { rows } = await client.query(
    `insert into property_lots (bbl, borough, block, lot)
     select * from unnest($1::text[], $2::text[], $3::integer[], $4::integer[])
     on conflict (bbl) do nothing returning bbl`,
    [lots.map((lot) => lot.bbl), lots.map((lot) => lot.borough), lots.map((lot) => lot.block), lots.map((lot) => lot.lot)],
  );
  return rows.map((row) => row.bbl as string);
}
