import type { PoolClient } from 'pg';
import { PAD_ADDRESSES, PadRow } from '../../sources/properties';
import type { Family, KeyedDataset, NumberedRows } from '../../load/types';
import { createUnseenLots } from './unseen-lots';

const RANGE_COLUMNS = ['bbl', 'bin', 'street', 'street_code', 'low_house', 'high_house', 'address_type', 'zip'] as const;
const valuesOf = (row: PadRow) => [row.bbl, row.bin, row.street, row.streetCode, row.low, row.high, row.addressType, row.zip];

/** One range's identity in a lot: the same building, street, ends and address type twice is one range. */
const rangeIdentity = (row: PadRow) => JSON.stringify([row.bin, row.streetCode ?? row.street, row.low, row.high, row.addressType]);
/** A lot's ranges compared as a whole: every value, in one order. */
const lotSignature = (values: unknown[][]) => values.map((value) => JSON.stringify(value)).sort().join('\n');

/**
 * Writes the PAD ranges of these lots: a repeated range is a merged duplicate, lots no
 * dataset has named yet are created, and each lot whose list of ranges differs from the
 * stored one has it replaced (PAD lists a lot's every range: a release replaces the lot's
 * list). Changed: the lots created or whose ranges were replaced.
 */
export async function applyAddressRanges(client: PoolClient, rows: NumberedRows<PadRow>): Promise<{ duplicateLines: number[]; changed: string[] }> {
  const seen = new Set<string>();
  const duplicateLines: number[] = [];
  const byLot = new Map<string, PadRow[]>();
  for (const { line, row } of rows) {
    const identity = `${row.bbl} ${rangeIdentity(row)}`;
    if (seen.has(identity)) {
      duplicateLines.push(line);
      continue;
    }
    seen.add(identity);
    byLot.set(row.bbl, [...(byLot.get(row.bbl) ?? []), row]);
  }
  const bbls = [...byLot.keys()];
  const changed = new Set(await createUnseenLots(client, bbls));
  const { rows: stored } = await client.query(`select ${RANGE_COLUMNS.join(', ')} from property_address_ranges where bbl = any($1::text[])`, [bbls]);
  const storedByLot = new Map<string, unknown[][]>();
  for (const range of stored) storedByLot.set(range.bbl, [...(storedByLot.get(range.bbl) ?? []), RANGE_COLUMNS.map((column) => range[column])]);
  const replaced = bbls.filter((bbl) => lotSignature(storedByLot.get(bbl) ?? []) !== lotSignature(byLot.get(bbl)!.map(valuesOf)));
  if (replaced.length) {
    await client.query('delete from property_address_ranges where bbl = any($1::text[])', [replaced]);
    const ranges = replaced.flatMap((bbl) => byLot.get(bbl)!.map(valuesOf));
    await client.query(
      `insert into property_address_ranges (${RANGE_COLUMNS.join(', ')})
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])`,
      RANGE_COLUMNS.map((_, index) => ranges.map((values) => values[index])),
    );
    for (const bbl of replaced) changed.add(bbl);
  }
  return { duplicateLines, changed: [...changed] };
}

/** PAD's address ranges into the properties family: keyed by the lot, stored in property_address_ranges, indexed into the lot's document for the address typeahead. */
export function padAddressesLoad(family: Family): KeyedDataset<PadRow> {
  return {
    family,
    source: PAD_ADDRESSES,
    keyOf: (row) => row.bbl,
    // The row holds nothing that changes with every release.
    stagedJson: (row) => JSON.stringify(row),
    // Bump when the way rows become ranges changes.
    digestSalt: 'pad-addresses-v1',
    sourceHashes: 'pad_addresses_source_hashes',
    apply: (client, rows) => applyAddressRanges(client, rows),
  };
}
