import type { Pool } from 'pg';

/**
 * The webhook figures /metrics reports, read on scrape from the delivery
 * rows (platform schema), so every API process reports the same numbers whoever ran the
 * deliveries. The composition root hands this to the metrics module (the core never imports
 * a family).
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
