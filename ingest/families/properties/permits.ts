import type { PoolClient } from 'pg';
import {
  dobJobStanding,
  dobNowJobStanding,
  dobNowPermitStanding,
  dobPermitStanding,
  type PermitAgency,
  type PermitRecordType,
  type PermitStanding,
} from '../../../src/domain/properties/permits';
import type { CopyColumn } from '../../load/copy-rows';
import type { DatasetSpec } from '../../sources/dataset';
import { DOB_JOBS, DOB_NOW_JOBS, DOB_NOW_PERMITS, DOB_PERMITS, PERMIT_RECORD_IDS, type PermitRow } from '../../sources/properties/permits';
import type { Family, KeyedDataset } from '../../load/types';
import { applyRecords, lotRecordLoad, type RecordTable } from './records';

/** A permit or job filing dataset: its source, how its items are labelled, and how its status columns read. */
interface PermitDataset<Status> {
  source: DatasetSpec<PermitRow<Status>>;
  /** docs/decisions.md: DOB (BIS) or DOB_NOW. */
  agency: PermitAgency;
  recordType: PermitRecordType;
  standing(status: Status, asOf: Date): PermitStanding;
}

const PERMIT_DATASETS = {
  'dob-permits': { source: DOB_PERMITS, agency: 'DOB', recordType: 'permit', standing: dobPermitStanding },
  'dob-jobs': { source: DOB_JOBS, agency: 'DOB', recordType: 'job_filing', standing: dobJobStanding },
  'dob-now-jobs': { source: DOB_NOW_JOBS, agency: 'DOB_NOW', recordType: 'job_filing', standing: dobNowJobStanding },
  'dob-now-permits': { source: DOB_NOW_PERMITS, agency: 'DOB_NOW', recordType: 'permit', standing: dobNowPermitStanding },
} as const;

type StoredPermit = { row: PermitRow<unknown> & { bbl: string }; standing: PermitStanding; dataset: PermitDataset<unknown> };

const PERMIT_COLUMNS: Array<CopyColumn<StoredPermit>> = [
  ['source_dataset', 'text', ({ dataset }) => dataset.source.name],
  ['source_id', 'text', ({ row }) => row.sourceId],
  ['bbl', 'text', ({ row }) => row.bbl],
  ['bin', 'text', ({ row }) => row.bin],
  ['identifier', 'text', ({ row }) => row.identifier],
  ['agency', 'text', ({ dataset }) => dataset.agency],
  ['record_type', 'text', ({ dataset }) => dataset.recordType],
  ['status', 'text', ({ row }) => row.status],
  ['description', 'text', ({ row }) => row.description],
  ['issued_at', 'date', ({ row }) => row.issuedAt],
  ['expires_at', 'date', ({ row }) => row.expiresAt],
  ['status_at', 'date', ({ row }) => row.statusAt],
  ['status_columns', 'jsonb', ({ row }) => row.statusColumns],
  ['is_open', 'boolean', ({ standing }) => standing.isOpen],
];

const PERMITS: RecordTable<StoredPermit> = {
  table: 'property_permits',
  incoming: 'incoming_permits',
  columns: PERMIT_COLUMNS,
  sourceId: ({ row }) => row.sourceId,
  bbl: ({ row }) => row.bbl,
};

/**
 * A permit dataset as a keyed dataset of the properties family: each row's permit (or job
 * filing) with isOpen derived as of the load's clock. Its rows hold nothing that changes
 * with every export; a permit or filing the city no longer publishes (a full sync did not
 * see it) stops being served.
 */
function permitLoad<Status>(family: Family, dataset: PermitDataset<Status>): KeyedDataset<PermitRow<Status>> {
  const generic = dataset as PermitDataset<unknown>;
  return lotRecordLoad(family, dataset.source, {
    table: PERMITS.table,
    apply: (client, rows, asOf) => applyRecords(client, PERMITS, dataset.source.name, rows, (row) => ({ row, standing: dataset.standing(row.statusColumns, asOf), dataset: generic })),
    unknownValues: (row, asOf) => dataset.standing(row.statusColumns, asOf).unknownValues,
    removal: { recordIdOfRaw: PERMIT_RECORD_IDS[dataset.source.name] },
  });
}

export function permitLoads(family: Family) {
  return {
    DOB_PERMITS_LOAD: permitLoad(family, PERMIT_DATASETS['dob-permits']),
    DOB_JOBS_LOAD: permitLoad(family, PERMIT_DATASETS['dob-jobs']),
    DOB_NOW_JOBS_LOAD: permitLoad(family, PERMIT_DATASETS['dob-now-jobs']),
    DOB_NOW_PERMITS_LOAD: permitLoad(family, PERMIT_DATASETS['dob-now-permits']),
  };
}

/**
 * The lots' permits whose isOpen reads differently as of `asOf` (an expiration date
 * passing), written anew; returns those lots. Re-derived from the stored status columns,
 * not the file.
 */
export async function rederivePermits(client: PoolClient, bbls: string[], asOf: Date): Promise<string[]> {
  if (bbls.length === 0) return [];
  const { rows } = await client.query('select source_dataset, source_id, bbl, status_columns, is_open from property_permits where bbl = any($1)', [bbls]);
  const stale = rows.flatMap((stored) => {
    const dataset = PERMIT_DATASETS[stored.source_dataset as keyof typeof PERMIT_DATASETS] as PermitDataset<unknown> | undefined;
    if (!dataset) return [];
    const { isOpen } = dataset.standing(stored.status_columns, asOf);
    return isOpen === stored.is_open ? [] : [{ stored, isOpen }];
  });
  if (stale.length === 0) return [];
  await client.query(
    `update property_permits as stored set is_open = fresh.is_open
     from unnest($1::text[], $2::text[], $3::boolean[]) as fresh (source_dataset, source_id, is_open)
     where stored.source_dataset = fresh.source_dataset and stored.source_id = fresh.source_id`,
    [stale.map(({ stored }) => stored.source_dataset), stale.map(({ stored }) => stored.source_id), stale.map(({ isOpen }) => isOpen)],
  );
  return [...new Set(stale.map(({ stored }) => stored.bbl as string))];
}
