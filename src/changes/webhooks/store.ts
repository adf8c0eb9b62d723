import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import type { Position } from '../../search/cursor';
import type { SubscriptionFilter } from './match';

/** Subscriptions and deliveries, in the platform schema (migrations/platform/003_webhooks.sql). */

export interface WebhookItem extends SubscriptionFilter {
  id: string;
  url: string;
  description: string | null;
  mode: 'live' | 'test';
  createdAt: string;
}

const SUBSCRIPTION_COLUMNS = 'id, url, description, mode, families, kinds, entity_ids, zips, boroughs, portfolio_ids, created_at';

function webhookOf(row: Record<string, any>): WebhookItem {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    mode: row.mode,
    families: row.families,
    kinds: row.kinds,
    entityIds: row.entity_ids,
    zips: row.zips,
    boroughs: row.boroughs,
    portfolioIds: row.portfolio_ids,
    createdAt: (row.created_at as Date).toISOString(),
  };
}

export const newWebhookId = () => `whk_${randomBytes(16).toString('base64url')}`;

/**
 * Creates a subscription unless the key has `max` already (null then). The key's row is locked
 * for the count, so two creations at once cannot both pass it.
 */
export async function createSubscription(
  platform: Pool,
  key: { id: number; mode: 'live' | 'test' },
  input: SubscriptionFilter & { url: string; description: string | null; secret: string },
  max: number,
): Promise<WebhookItem | null> {
  const { rows } = await platform.query(
    `with locked as (select id from api_keys where id = $1 for update),
          counted as (select count(*)::int as n from webhook_subscriptions where key_id = $1 and deleted_at is null)
     insert into webhook_subscriptions (id, key_id, mode, url, secret, description, families, kinds, entity_ids, zips, boroughs, portfolio_ids)
     select $2, locked.id, $3, $4, $5, $6, $7, $8, $9, $10, $11, $13 from locked, counted where counted.n < $12
     returning ${SUBSCRIPTION_COLUMNS}`,
    [key.id, newWebhookId(), key.mode, input.url, input.secret, input.description, input.families, input.kinds, input.entityIds, input.zips, input.boroughs, max, input.portfolioIds],
  );
  return rows[0] ? webhookOf(rows[0]) : null;
}

export async function keySubscriptions(platform: Pool, keyId: number, limit: number): Promise<WebhookItem[]> {
  const { rows } = await platform.query(
    `select ${SUBSCRIPTION_COLUMNS} from webhook_subscriptions where key_id = $1 and deleted_at is null order by created_at, id limit $2`,
    [keyId, limit],
  );
  return rows.map(webhookOf);
}

export async function subscriptionOfKey(platform: Pool, keyId: number, id: string): Promise<boolean> {
  const { rows } = await platform.query('select 1 from webhook_subscriptions where id = $1 and key_id = $2 and deleted_at is null', [id, keyId]);
  return rows.length > 0;
}

/** Deletes a key's subscription; its queued deliveries are cancelled. False when it is not the key's or already gone. */
export async function deleteSubscription(platform: Pool, keyId: number, id: string): Promise<boolean> {
  const { rowCount } = await platform.query('update webhook_subscriptions set deleted_at = now() where id = $1 and key_id = $2 and deleted_at is null', [id, keyId]);
  if (!rowCount) return false;
  // An attempt in flight now records nothing (its lease is gone); the queue claims none of these again.
  await platform.query(`update webhook_deliveries set status = 'cancelled', lease_until = null, lease_id = null where subscription_id = $1 and status in ('pending', 'retrying')`, [id]);
  return true;
}

export interface DeliveryItem {
  id: string;
  eventId: string;
  kind: string;
  entityId: string;
  status: string;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
  deliveredAt: string | null;
}

export interface DeliveryRow {
  id: string;
  event_id: string;
  kind: string;
  entity_id: string;
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Date;
  last_attempt_at: Date | null;
  delivered_at: Date | null;
}

export const deliveryItemOf = (row: DeliveryRow): DeliveryItem => ({
  id: `dlv_${row.id}`,
  eventId: row.event_id,
  kind: row.kind,
  entityId: row.entity_id,
  status: row.status,
  attempts: row.attempts,
  lastStatusCode: row.last_status_code,
  lastError: row.last_error,
  createdAt: row.created_at.toISOString(),
  lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
  deliveredAt: row.delivered_at?.toISOString() ?? null,
});

/** A subscription's deliveries, newest first (id descending), after a keyset position. */
export async function deliveryRows(platform: Pool, subscriptionId: string, after: Position | null, limit: number): Promise<DeliveryRow[]> {
  const { rows } = await platform.query<DeliveryRow>(
    `select id, event_id, kind, entity_id, status, attempts, last_status_code, last_error, created_at, last_attempt_at, delivered_at
     from webhook_deliveries where subscription_id = $1 and ($2::bigint is null or id < $2::bigint) order by id desc limit $3`,
    [subscriptionId, after ? after[0] : null, limit],
  );
  return rows;
}

/**
 * The webhook figures /metrics reports, read on scrape from the delivery rows (platform
 * schema), so every API process reports the same numbers whoever ran the deliveries. The
 * worker hands the reader to the metrics module (the core never imports a family).
 */
export interface WebhookFigures {
  /** Deliveries not yet delivered, failed or cancelled: the queue's depth. */
  queued: number;
  /** Of those, the ones whose last attempt failed and wait for a retry. */
  retrying: number;
  /** Deliveries that used every retry, ever. */
  failed: number;
  /** Attempts that failed, ever (a delivered event's failed attempts included). */
  failedAttempts: number;
}

export async function webhookFigures(platform: Pool): Promise<WebhookFigures> {
  const { rows } = await platform.query(
    `select count(*) filter (where status in ('pending', 'retrying'))::int as queued,
            count(*) filter (where status = 'retrying')::int as retrying,
            count(*) filter (where status = 'failed')::int as failed,
            coalesce(sum(attempts - case when status = 'delivered' then 1 else 0 end), 0)::int as failed_attempts
     from webhook_deliveries`,
  );
  return { queued: rows[0].queued, retrying: rows[0].retrying, failed: rows[0].failed, failedAttempts: rows[0].failed_attempts };
}
