import { createHmac, randomBytes } from 'node:crypto';

/**
 * Delivery signatures in the Standard Webhooks scheme (standardwebhooks.com), so receivers can
 * verify with any of its libraries: webhook-signature is `v1,<base64 HMAC-SHA256>` of
 * `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed with the bytes the secret `whsec_<base64>`
 * encodes. The id is signed too: a body replayed under another id fails verification.
 */
export const ID_HEADER = 'webhook-id';
export const TIMESTAMP_HEADER = 'webhook-timestamp';
export const SIGNATURE_HEADER = 'webhook-signature';

const PREFIX = 'whsec_';

/** 32 random bytes in standard base64 (44 characters, one `=`). */
export function newWebhookSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * The HMAC key a secret stands for. Node's base64 decoder also reads the URL-safe alphabet, so a
 * secret issued before the secrets moved to standard base64 keys the same bytes it always encoded.
 */
export function signingKey(secret: string): Buffer {
  if (!secret.startsWith(PREFIX)) throw new Error('a webhook secret starts with whsec_');
  return Buffer.from(secret.slice(PREFIX.length), 'base64');
}

export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', signingKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The headers of one attempt: its id (the same on every retry), this attempt's time and the signature over both and the body. */
export function signedHeaders(secret: string, id: string, body: string, nowSeconds: number): Record<string, string> {
  return { [ID_HEADER]: id, [TIMESTAMP_HEADER]: String(nowSeconds), [SIGNATURE_HEADER]: signWebhook(secret, id, nowSeconds, body) };
}
