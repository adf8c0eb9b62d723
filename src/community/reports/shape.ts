import { displayNameOf } from '../../domain/community/devices';
import { utcDate } from '../../domain/community/score';
import type { Position, PositionShape } from '../../search/cursor';
import type { ReportRow } from './store';
import type { OwnReport, PublicReport } from './types';

export function publicReportOf(row: ReportRow): PublicReport {
  return {
    id: row.id,
    kind: row.kind,
    pestSubtype: row.pest_subtype,
    body: row.body,
    // Day precision on public surfaces: the minute a report was filed could identify its author.
    createdAt: utcDate(row.created_at),
    photoIds: row.photo_ids,
    author: { displayName: displayNameOf(row.device_hash, row.username), avatarId: row.avatar_id },
  };
}

export function ownReportOf(row: ReportRow): OwnReport {
  return { ...publicReportOf(row), createdAt: row.created_at.toISOString(), camis: row.camis, status: row.status };
}

/** Keyset position of report lists: the report's insertion sequence (unique). */
export const SEQ_POSITION: PositionShape = ['integer'];
/** The sequence to page before; the position's shape has made it an integer. */
export const seqOf = (after: Position | null): number | null => (after ? Number(after[0]) : null);

/** A listed report as the list serves it: without the sequence it is paged by. */
export const withoutSeq = <T extends { seq: number }>({ seq: _seq, ...rest }: T) => rest;
