import type { PoolClient } from 'pg';
import {
  dobSafetyViolationStanding,
  dobViolationStanding,
  ecbViolationStanding,
  hpdViolationStanding,
  ViolationStanding,
} from '../../../src/domain/properties/violations';
import type { CopyColumn } from '../../load/copy-rows';
import type { DatasetSpec } from '../../sources/dataset';
import { DOB_SAFETY_VIOLATIONS, DOB_VIOLATIONS, type DocketRow, ECB_VIOLATIONS, HPD_VIOLATIONS, type ViolationRow } from '../../sources/properties';
import type { Family, KeyedDataset } from '../../load/types';
import { applyRecords, lotRecordLoad, type RecordTable } from './records';
import { textField } from '../../sources/dataset';

/** A violation docket: its source, how its items are labelled, and how its status columns read. */
interface ViolationDocket<Status> {
  source: DatasetSpec<DocketRow<Status>>;
  /** DOB (BIS violations), ECB (adjudicated by ECB/OATH), DOB_NOW (DOB NOW and safety violations), HPD (housing maintenance code). */
  agency: 'DOB' | 'ECB' | 'DOB_NOW' | 'HPD';
  recordType: string;
  standing(status: Status, asOf: Date): ViolationStanding;
  /** Bumped when the way its rows become violations changes (every lot is then applied again). */
  revision?: number;
  /** The raw column its reader takes a violation's source id from, trimmed. */
  idColumn: string;
}

const DOCKETS = {
  // Revision 2 of DOB and ECB: rows without a lot joined by BIN, DOB's borough letters read; revision 3 of DOB: its violation type code stored.
  'dob-violations': { source: DOB_VIOLATIONS, agency: 'DOB', recordType: 'dob_violation', standing: dobViolationStanding, revision: 3, idColumn: 'isn_dob_bis_viol' },
  'ecb-violations': { source: ECB_VIOLATIONS, agency: 'ECB', recordType: 'ecb_violation', standing: ecbViolationStanding, revision: 2, idColumn: 'ecb_violation_number' },
  // Revision 2: violation type and device type stored, rows without a lot joined by BIN.
  'dob-safety-violations': {
    source: DOB_SAFETY_VIOLATIONS, agency: 'DOB_NOW', recordType: 'dob_safety_violation', standing: dobSafetyViolationStanding, revision: 2, idColumn: 'violation_number',
  },
  'hpd-violations': { source: HPD_VIOLATIONS, agency: 'HPD', recordType: 'hpd_violation', standing: hpdViolationStanding, idColumn: 'violationid' },
} as const;

type StoredViolation = { row: ViolationRow<unknown>; standing: ViolationStanding; docket: ViolationDocket<unknown> };

const VIOLATION_COLUMNS: Array<CopyColumn<StoredViolation>> = [
  ['source_dataset', 'text', ({ docket }) => docket.source.name],
  ['source_id', 'text', ({ row }) => row.sourceId],
  ['bbl', 'text', ({ row }) => row.bbl],
  ['bin', 'text', ({ row }) => row.bin],
  ['identifier', 'text', ({ row }) => row.identifier],
  ['agency', 'text', ({ docket }) => docket.agency],
  ['record_type', 'text', ({ docket }) => docket.recordType],
  ['status', 'text', ({ row }) => row.status],
  ['description', 'text', ({ row }) => row.description],
  ['issued_at', 'date', ({ row }) => row.issuedAt],
  ['status_at', 'date', ({ row }) => row.statusAt],
  ['status_columns', 'jsonb', ({ row }) => row.statusColumns],
  ['is_open', 'boolean', ({ standing }) => standing.isOpen],
  ['penalty_imposed_cents', 'bigint', ({ standing }) => standing.penaltyImposedCents],
  ['penalty_due_cents', 'bigint', ({ standing }) => standing.penaltyDueCents],
  ['violation_type', 'text', ({ row }) => row.violationType ?? null],
  ['device_type', 'text', ({ row }) => row.deviceType ?? null],
  ['violation_class', 'text', ({ row }) => row.violationClass ?? null],
];

const VIOLATIONS: RecordTable<StoredViolation> = {
  table: 'property_violations',
  incoming: 'incoming_violations',
  columns: VIOLATION_COLUMNS,
  sourceId: ({ row }) => row.sourceId,
  bbl: ({ row }) => row.bbl,
};

/**
 * A docket as a keyed dataset of the properties family: each row's violation with its
 * isOpen and penalties derived as of the load's clock (a DOB safety violation without a lot
 * joins it by BIN). Its rows hold nothing that changes with every export; a violation the
 * city no longer publishes (a full sync did not see it) stops being served.
 */
function violationLoad<Status>(family: Family, docket: ViolationDocket<Status>): KeyedDataset<DocketRow<Status>> {
  const generic = docket as ViolationDocket<unknown>;
  return lotRecordLoad(family, docket.source, {
    table: VIOLATIONS.table,
    revision: docket.revision,
    apply: (client, rows, asOf) => applyRecords(client, VIOLATIONS, docket.source.name, rows, (row) => ({ row, standing: docket.standing(row.statusColumns, asOf), docket: generic })),
    unknownValues: (row, asOf) => docket.standing(row.statusColumns, asOf).unknownValues,
    removal: { recordIdOfRaw: (record) => textField(record[docket.idColumn]) },
  });
}

export function violationLoads(family: Family) {
  return {
    DOB_VIOLATIONS_LOAD: violationLoad(family, DOCKETS['dob-violations']),
    ECB_VIOLATIONS_LOAD: violationLoad(family, DOCKETS['ecb-violations']),
    DOB_SAFETY_VIOLATIONS_LOAD: violationLoad(family, DOCKETS['dob-safety-violations']),
    HPD_VIOLATIONS_LOAD: violationLoad(family, DOCKETS['hpd-violations']),
  };
}

/**
 * The lots' violations whose isOpen or penalties read differently as of `asOf` (an ECB
 * hearing date passing), written anew; returns those lots. Re-deriving from the stored
 * status columns, not the file: the same file again is not applied.
 */
export async function rederiveViolations(client: PoolClient, bbls: string[], asOf: Date): Promise<string[]> {
  if (bbls.length === 0) return [];
  const { rows } = await client.query(
    `select source_dataset, source_id, bbl, status_columns, is_open, penalty_imposed_cents, penalty_due_cents
     from property_violations where bbl = any($1)`,
    [bbls],
  );
  const stale = rows.flatMap((stored) => {
    const docket = DOCKETS[stored.source_dataset as keyof typeof DOCKETS] as ViolationDocket<unknown> | undefined;
    if (!docket) return [];
    const standing = docket.standing(stored.status_columns, asOf);
    const same = standing.isOpen === stored.is_open
      && standing.penaltyImposedCents === Number(stored.penalty_imposed_cents)
      && standing.penaltyDueCents === Number(stored.penalty_due_cents);
    return same ? [] : [{ stored, standing }];
  });
  if (stale.length === 0) return [];
  await client.query(
    `update property_violations as stored set is_open = fresh.is_open, penalty_imposed_cents = fresh.imposed, penalty_due_cents = fresh.due
     from unnest($1::text[], $2::text[], $3::boolean[], $4::bigint[], $5::bigint[]) as fresh (source_dataset, source_id, is_open, imposed, due)
     where stored.source_dataset = fresh.source_dataset and stored.source_id = fresh.source_id`,
    [
      stale.map(({ stored }) => stored.source_dataset),
      stale.map(({ stored }) => stored.source_id),
      stale.map(({ standing }) => standing.isOpen),
      stale.map(({ standing }) => standing.penaltyImposedCents),
      stale.map(({ standing }) => standing.penaltyDueCents),
    ],
  );
  return [...new Set(stale.map(({ stored }) => stored.bbl as string))];
}
