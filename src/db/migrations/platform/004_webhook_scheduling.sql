-- Deliveries are scheduled on their own rows (src/webhooks/queue.ts), fairly across
-- subscriptions, instead of in a FIFO job queue where one subscription's backlog of slow
-- receivers held every slot.
--   next_attempt_at: when the row may be claimed (now for a new one; after the backoff for a retry).
--   lease_until, lease_id: set by a claim, cleared by the attempt's outcome. A claim moves
--     next_attempt_at to the lease's end too, so a claim whose process died is claimed again
--     then; an outcome is recorded only under the lease it was claimed with.
alter table webhook_deliveries
  add column next_attempt_at timestamptz not null default now(),
  add column lease_until timestamptz,
  add column lease_id uuid;
-- Subscriptions served longest ago are claimed first (round robin).
alter table webhook_subscriptions add column last_claimed_at timestamptz;
create index webhook_deliveries_due on webhook_deliveries (subscription_id, next_attempt_at) where status in ('pending', 'retrying');
create index webhook_deliveries_leased on webhook_deliveries (subscription_id) where lease_until is not null;

-- The errors recorded so far, in the vocabulary lastError keeps to from now on (src/webhooks/delivery-errors.ts).
update webhook_deliveries set last_error = case
    when last_error ~ '^the receiver answered [0-9]{3}$' then 'http_' || right(last_error, 3)
    when last_error like 'no answer within%' then 'timeout'
    when last_error like 'EPRIVATE%' or last_error like 'url must%' then 'target_not_allowed'
    when last_error like '%ECONNREFUSED%' then 'connection_refused'
    when last_error ~ '(EPROTO|CERT|SSL|TLS)' then 'tls'
    else 'connection_failed'
  end
where last_error is not null;
