import type { Pool } from 'pg';
import { inTransaction } from '../../db/transaction';

/**
 * The delivery queue, on the webhook_deliveries rows (migrations/platform/004): every API
 * process with the worker on claims from it, so the work is shared and nothing is lost when a
 * process stops (a claim is a lease; see claimDeliveries).
 *
 * Fairness: a subscription has at most `perSubscription` deliveries in flight, counted across
 * processes, and a claim serves first the subscriptions whose key has the fewest deliveries in
 * flight, then the subscription served longest ago. So a subscription's slow receiver holds at
 * most its own few slots and delays its own queue only; a key with many slow subscriptions
 * yields the next free slot to any other key.
 */

const QUEUED = `('pending', 'retrying')`;
/**
 * Leases the rows of `chosen` (a CTE of delivery ids). The rows must still be queued and due
 * when the update reaches them: a row another claim leased meanwhile is rechecked against its
 * new version (READ COMMITTED) and skipped, never leased twice.
 */
const LEASE = (chosen: string, leaseMsParam: string) => `
  update webhook_deliveries d
  set lease_until = now() + make_interval(secs => ${leaseMsParam}::double precision / 1000), lease_id = gen_random_uuid(),
      next_attempt_at = now() + make_interval(secs => ${leaseMsParam}::double precision / 1000)
  from ${chosen}, webhook_subscriptions s
  where d.id = ${chosen}.id and s.id = d.subscription_id and d.status in ${QUEUED} and d.next_attempt_at <= now()
  returning d.id::text as id, d.subscription_id as "subscriptionId", d.event_id as "eventId", d.body, s.url, s.secret, d.attempts, d.lease_id::text as "leaseId"`;

export interface ClaimOptions {
  /** Deliveries to claim at most (the process's free slots). */
  limit: number;
  /** Deliveries of one subscription in flight at most, across processes. */
  perSubscription: number;
  /** How long a claim holds: after that a delivery whose outcome was not recorded is claimed again. */
  leaseMs: number;
}

export interface ClaimedDelivery {
  id: string;
  subscriptionId: string;
  eventId: string;
  body: string;
  url: string;
  secret: string;
  /** Attempts recorded before this one. */
  attempts: number;
  leaseId: string;
}

/**
 * Claims due deliveries, fairly across subscriptions. The subscriptions served are locked
 * first (FOR NO KEY UPDATE SKIP LOCKED: another process's claim skips them, the fanout's
 * inserts are not blocked), and only then, in a statement whose snapshot follows the lock,
 * are their deliveries in flight counted and new ones leased: two processes cannot both fill
 * the same subscription's last slot. A deleted subscription's, or a revoked key's, queued
 * deliveries are cancelled on the way.
 */
export async function claimDeliveries(platform: Pool, options: ClaimOptions): Promise<ClaimedDelivery[]> {
  return inTransaction(platform, async (client) => {
    const { rows: served } = await client.query<{ id: string; gone: boolean }>(
      `select s.id, s.deleted_at is not null or k.revoked_at is not null as gone
       from webhook_subscriptions s join api_keys k on k.id = s.key_id
       where exists (select 1 from webhook_deliveries d where d.subscription_id = s.id and d.status in ${QUEUED} and d.next_attempt_at <= now())
         and (select count(*) from webhook_deliveries f where f.subscription_id = s.id and f.lease_until > now()) < $2
       order by (select count(*) from webhook_deliveries f join webhook_subscriptions fs on fs.id = f.subscription_id
                 where fs.key_id = s.key_id and f.lease_until > now()),
                s.last_claimed_at nulls first, s.id
       limit $1
       for no key update of s skip locked`,
      [options.limit, options.perSubscription],
    );
    const gone = served.filter((s) => s.gone).map((s) => s.id);
    if (gone.length) {
      await client.query(`update webhook_deliveries set status = 'cancelled', lease_until = null, lease_id = null where subscription_id = any($1::text[]) and status in ${QUEUED}`, [gone]);
    }
    const open = served.filter((s) => !s.gone).map((s) => s.id);
    let claimed: ClaimedDelivery[] = [];
    if (open.length) {
      // Each subscription's oldest due deliveries up to its free slots; the first of every subscription before the second of any.
      ({ rows: claimed } = await client.query<ClaimedDelivery>(
        `with picked as (
           select d.id from unnest($1::text[]) with ordinality as s (id, turn)
           cross join lateral (
             select d.id, row_number() over (order by d.next_attempt_at, d.id) as rank
             from (select d.id, d.next_attempt_at from webhook_deliveries d
                   where d.subscription_id = s.id and d.status in ${QUEUED} and d.next_attempt_at <= now()
                   order by d.next_attempt_at, d.id
                   limit greatest(0, $2 - (select count(*) from webhook_deliveries f where f.subscription_id = s.id and f.lease_until > now()))) d
           ) d
           order by d.rank, s.turn
           limit $3
         ),
         leased as (${LEASE('picked', '$4')}),
         turn as (update webhook_subscriptions set last_claimed_at = clock_timestamp() where id in (select "subscriptionId" from leased))
         select * from leased`,
        [open, options.perSubscription, options.limit, options.leaseMs],
      ));
    }
    return claimed;
  });
}

export interface AttemptOutcome {
  status: 'delivered' | 'retrying' | 'failed';
  statusCode: number | null;
  error: string | null;
  /** For a retry: how long until the delivery is due again. */
  retryInMs: number;
}

/**
 * Records one attempt's outcome and ends its lease. recorded is false when the lease is no
 * longer this attempt's (it ran out and another process claimed the delivery again) or the
 * delivery was cancelled meanwhile: nothing is recorded then.
 *
 * With handOn, the same statement leases the subscription's next due delivery, if any, in the
 * slot this attempt leaves: its deliveries in flight stay as many, so its cap holds without
 * locking it, and no claim sees the slot free in between. The worker hands on only while its
 * process has free slots, when no other subscription waits for this one.
 */
export async function finishAttempt(
  platform: Pool,
  delivery: Pick<ClaimedDelivery, 'id' | 'leaseId'>,
  outcome: AttemptOutcome,
  handOn: { leaseMs: number } | null = null,
): Promise<{ recorded: boolean; next: ClaimedDelivery | null }> {
  const { rows } = await platform.query<ClaimedDelivery & { recorded: boolean }>(
    `with done as (
       update webhook_deliveries
       set status = $3, attempts = attempts + 1, last_status_code = $4, last_error = $5, last_attempt_at = now(),
           delivered_at = case when $3 = 'delivered' then now() end,
           next_attempt_at = now() + make_interval(secs => $6::double precision / 1000), lease_until = null, lease_id = null
       where id = $1 and lease_id = $2 and status in ${QUEUED}
       returning subscription_id
     ),
     following as (
       select d.id from webhook_deliveries d
       join webhook_subscriptions s on s.id = d.subscription_id and s.deleted_at is null
       join api_keys k on k.id = s.key_id and k.revoked_at is null
       where $7::boolean and d.subscription_id = (select subscription_id from done) and d.id <> $1
         and d.status in ${QUEUED} and d.next_attempt_at <= now()
       order by d.next_attempt_at, d.id
       limit 1
       for update of d skip locked
     ),
     leased as (${LEASE('following', '$8')})
     select exists (select 1 from done) as recorded, leased.* from (select 1) as one left join leased on true`,
    [delivery.id, delivery.leaseId, outcome.status, outcome.statusCode, outcome.error, outcome.retryInMs, handOn !== null, handOn?.leaseMs ?? 0],
  );
  const { recorded, ...next } = rows[0];
  return { recorded, next: next.id ? next : null };
}
