import type { Position, PositionShape } from '../search/cursor';

/** The change feed's filters, as validated. */
export interface ChangeFilter {
  family?: string[];
  kinds?: string[];
  /** Changes whose ingest clock (at) is on or after this instant. */
  since?: string;
  /** Changes recorded after this change id (a poller's last seen). */
  afterId?: number;
}

/** [change id]: the feed is in recording order, the id's. */
export const CHANGE_POSITION: PositionShape = ['integer'];

export interface SqlQuery {
  text: string;
  values: unknown[];
}

export const CHANGE_COLUMNS = 'c.id, c.family, c.entity_id, c.kind, c.occurred_at, c.recorded_at, c.detail';

/** One page of the feed: filters, then ids after the keyset position (and after afterId), oldest first. */
export function buildChangeQuery(filter: ChangeFilter, after: Position | null, limit: number): SqlQuery {
  const values: unknown[] = [];
  const param = (value: unknown) => `$${values.push(value)}`;
  const where: string[] = [];
  if (filter.family) where.push(`c.family = any(${param(filter.family)}::text[])`);
  if (filter.kinds) where.push(`c.kind = any(${param(filter.kinds)}::text[])`);
  if (filter.since) where.push(`c.occurred_at >= ${param(utcInstant(filter.since))}::timestamptz`);
  const from = Math.max(filter.afterId ?? 0, after ? Number(after[0]) : 0);
  if (from > 0) where.push(`c.id > ${param(from)}::bigint`);
  return {
    text: `select ${CHANGE_COLUMNS} from changes c${where.length ? ` where ${where.join(' and ')}` : ''} order by c.id limit ${param(limit)}`,
    values,
  };
}

/**
 * An RFC 3339 date-time as the UTC instant Postgres reads. RFC 3339 admits offsets up to +-23:59,
 * Postgres only up to +-15:59 (a wider one failed the statement: a 500); an instant past Postgres's
 * four-digit years once in UTC is +-infinity (nothing is that late, everything is later than the
 * earliest). A leap second (:60) is the next second, as Postgres would read it. The offset may be
 * written as the schema's validator accepts it (+01, +0100, +01:00).
 */
export function utcInstant(dateTime: string): string {
  const text = dateTime.replace(/([+-]\d\d):?(\d\d)?$/, (_, hours: string, minutes?: string) => `${hours}:${minutes ?? '00'}`);
  const leap = /:60(?=(\.\d+)?(z|[+-]\d\d:\d\d)$)/i.test(text);
  const ms = Date.parse(leap ? text.replace(/:60(?=(\.\d+)?(z|[+-]\d\d:\d\d)$)/i, ':59') : text) + (leap ? 1000 : 0);
  if (Number.isNaN(ms)) throw new Error(`not a date-time: ${dateTime}`);
  const iso = new Date(ms).toISOString();
  if (iso.startsWith('+')) return 'infinity';
  if (iso.startsWith('-')) return '-infinity';
  return iso;
}
