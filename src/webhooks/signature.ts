import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Delivery signatures: Webhook-Signature: v1=<hex HMAC-SHA256 of "<timestamp>.<body>"> under
 * the subscription's secret, Webhook-Timestamp: <unix seconds> of the attempt. A receiver
 * recomputes it over the raw body and refuses old timestamps (replays).
 */
export const SIGNATURE_HEADER = 'Webhook-Signature';
export const TIMESTAMP_HEADER = 'Webhook-Timestamp';
export const EVENT_ID_HEADER = 'Webhook-Id';

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does (README: Webhooks): the signature matches and the timestamp is recent. */
export function verifyWebhook(secret: string, headers: { signature: string; timestamp: string }, body: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isSafeInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, timestamp, body));
  const given = Buffer.from(headers.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
