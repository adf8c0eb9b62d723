import { hashKey, revokeKeys } from '../../src/platform/keys';
import { claimDeliveries, type ClaimedDelivery, finishAttempt } from '../../src/changes/webhooks/queue';
import { newWebhookSecret } from '../../src/changes/webhooks/signature';
import { createSubscription, deleteSubscription } from '../../src/changes/webhooks/store';
import { startTestApi, TestApi } from '../support/api';

/** The delivery queue on the rows (src/changes/webhooks/queue.ts), claimed as several processes would, without a worker. */
describe('webhook delivery queue', () => {
  let api: TestApi;
  let nextChange = 1;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api?.stop();
  });

  const keyOf = async (key: string) => {
    const { rows } = await api.ns.stores.platform.query('select id, mode, pair_id from api_keys where key_hash = $1', [hashKey(key)]);
    return { id: Number(rows[0].id), mode: rows[0].mode as 'live' | 'test', pairId: rows[0].pair_id };
  };
  /** A subscription of the key with `count` deliveries due now. */
  const subscriptionWith = async (key: string, count: number) => {
    const subscription = await createSubscription(
      api.ns.stores.platform,
      await keyOf(key),
      { url: 'https://hooks.example.com/in', description: null, families: [], kinds: [], entityIds: [], zips: [], boroughs: [], portfolioIds: [], secret: newWebhookSecret() },
      25,
    );
    const changes = Array.from({ length: count }, () => nextChange++);
    await api.ns.stores.platform.query(
      `insert into webhook_deliveries (subscription_id, change_id, event_id, kind, entity_id, body)
       select $1, n, 'chg_' || n, 'closure', 'e', '{}' from unnest($2::bigint[]) n`,
      [subscription!.id, changes],
    );
    return subscription!.id;
  };
  const claim = (limit: number, perSubscription = 2, leaseMs = 60_000) => claimDeliveries(api.ns.stores.platform, { limit, perSubscription, leaseMs });
  const DELIVERED = { status: 'delivered', statusCode: 200, error: null, retryInMs: 0 } as const;
  const delivered = async (delivery: ClaimedDelivery) => (await finishAttempt(api.ns.stores.platform, delivery, DELIVERED)).recorded;
  const release = async (claimed: ClaimedDelivery[]) => {
    for (const delivery of claimed) await delivered(delivery);
  };

  it('never has more than the cap of one subscription in flight, however many processes claim at once', async () => {
    const subscription = await subscriptionWith(api.keys.live, 10);
    const claims = (await Promise.all(Array.from({ length: 6 }, () => claim(10)))).flat();
    expect(claims.map((c) => c.subscriptionId)).toEqual([subscription, subscription]);
    expect(new Set(claims.map((c) => c.id)).size).toBe(2);
    // Nothing more until one ends; then exactly one more.
    expect(await claim(10)).toEqual([]);
    expect(await delivered(claims[0])).toBe(true);
    const next = await claim(10);
    expect(next).toHaveLength(1);
    await release([claims[1], ...next]);
  });

  it("serves the key with the fewest in flight first, ahead of round robin; each subscription's first before any's second", async () => {
    const other = await api.createKeys({ name: 'fair share' });
    const slow = [await subscriptionWith(api.keys.live, 3), await subscriptionWith(api.keys.live, 3), await subscriptionWith(api.keys.live, 3)];
    const quiet = await subscriptionWith(other.live, 3);
    // The quiet key's subscription was served last of all: round robin alone would pick the busy key's next.
    await api.ns.stores.platform.query(`update webhook_subscriptions set last_claimed_at = now() + interval '1 hour' where id = $1`, [quiet]);
    const first = await claim(3);
    expect(first.map((c) => c.subscriptionId).sort()).toEqual([...slow].sort());
    const second = await claim(1);
    expect(second.map((c) => c.subscriptionId)).toEqual([quiet]);
    await release([...first, ...second]);
    // Drain what is left.
    for (let claimed = await claim(10); claimed.length; claimed = await claim(10)) await release(claimed);
  });

  it("hands an ended attempt's slot to its subscription's next due delivery: as many in flight, none leased twice", async () => {
    const subscription = await subscriptionWith(api.keys.live, 4);
    const [first, second] = await claim(10);
    expect([first.subscriptionId, second.subscriptionId]).toEqual([subscription, subscription]);
    const handed = await finishAttempt(api.ns.stores.platform, first, DELIVERED, { leaseMs: 60_000 });
    expect(handed.recorded).toBe(true);
    expect(handed.next).toMatchObject({ subscriptionId: subscription, attempts: 0 });
    expect([first.id, second.id]).not.toContain(handed.next!.id);
    // Still two in flight: a claim finds no free slot.
    expect(await claim(10)).toEqual([]);
    // Two hand-ons at once take different deliveries; then nothing is left to hand on.
    const [a, b] = await Promise.all([finishAttempt(api.ns.stores.platform, second, DELIVERED, { leaseMs: 60_000 }), finishAttempt(api.ns.stores.platform, handed.next!, DELIVERED, { leaseMs: 60_000 })]);
    const last = [a.next, b.next].filter((next) => next !== null);
    expect(last).toHaveLength(1);
    expect(await finishAttempt(api.ns.stores.platform, last[0]!, DELIVERED, { leaseMs: 60_000 })).toEqual({ recorded: true, next: null });
    const { rows } = await api.ns.stores.platform.query(`select status, attempts from webhook_deliveries where subscription_id = $1`, [subscription]);
    expect(rows).toEqual(Array(4).fill({ status: 'delivered', attempts: 1 }));
  });

  it('claims a delivery again when its lease ends without an outcome, and drops the late outcome of the first claim', async () => {
    await subscriptionWith(api.keys.live, 1);
    const [first] = await claim(1, 2, 1);
    expect(first).toBeDefined();
    let again: ClaimedDelivery[] = [];
    for (let tries = 0; tries < 100 && !again.length; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = await claim(1);
    }
    expect(again.map((c) => c.id)).toEqual([first.id]);
    expect(again[0].leaseId).not.toBe(first.leaseId);
    expect(await delivered(first)).toBe(false);
    expect(await delivered(again[0])).toBe(true);
    const { rows } = await api.ns.stores.platform.query('select status, attempts, lease_until from webhook_deliveries where id = $1', [first.id]);
    expect(rows[0]).toEqual({ status: 'delivered', attempts: 1, lease_until: null });
  });

  it('holds a retry until its backoff ends', async () => {
    await subscriptionWith(api.keys.live, 1);
    const [delivery] = await claim(1);
    expect(await finishAttempt(api.ns.stores.platform, delivery, { status: 'retrying', statusCode: 500, error: 'http_500', retryInMs: 3_600_000 })).toEqual({ recorded: true, next: null });
    expect(await claim(10)).toEqual([]);
    await api.ns.stores.platform.query(`update webhook_deliveries set next_attempt_at = now() where id = $1`, [delivery.id]);
    const [retry] = await claim(10);
    expect({ id: retry.id, attempts: retry.attempts }).toEqual({ id: delivery.id, attempts: 1 });
    await release([retry]);
  });

  it('cancels what a deleted subscription or a revoked key had queued, an attempt in flight included', async () => {
    const deleted = await subscriptionWith(api.keys.live, 3);
    const [inFlight] = await claim(1);
    expect(inFlight.subscriptionId).toBe(deleted);
    expect(await deleteSubscription(api.ns.stores.platform, (await keyOf(api.keys.live)).id, deleted)).toBe(true);
    expect(await delivered(inFlight)).toBe(false);
    const pair = await api.createKeys({ name: 'revoked later' });
    const revoked = await subscriptionWith(pair.live, 3);
    await revokeKeys(api.ns.stores.platform, (await keyOf(pair.live)).pairId);
    expect(await claim(10)).toEqual([]);
    const { rows } = await api.ns.stores.platform.query(
      `select subscription_id, array_agg(distinct status) as statuses, count(*) filter (where lease_until is not null)::int as leased
       from webhook_deliveries where subscription_id = any($1) group by subscription_id order by subscription_id`,
      [[deleted, revoked]],
    );
    expect(rows.map((row) => [row.statuses, row.leased])).toEqual([[['cancelled'], 0], [['cancelled'], 0]]);
  });
});
