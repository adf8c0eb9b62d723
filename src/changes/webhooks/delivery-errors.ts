import { TARGET_NOT_ALLOWED_CODE } from './targets';

/**
 * What a subscriber reads about a failed attempt (lastError of GET /webhooks/{id}/deliveries):
 * a word from a fixed vocabulary, or http_<status>. The full error (addresses a name resolved
 * to, the route's errno) says how this service's network looks from inside, so it goes to the
 * server log only.
 */
export const DELIVERY_ERRORS = ['timeout', 'connection_refused', 'tls', 'target_not_allowed', 'connection_failed'] as const;
export type DeliveryErrorWord = (typeof DELIVERY_ERRORS)[number];
/** A receiver's non-2xx answer. */
export const HTTP_ERROR_PATTERN = '^http_[1-9][0-9]{2}$';
export type DeliveryError = DeliveryErrorWord | `http_${number}`;

/** The code the worker gives its own give-up when a receiver has not answered within the timeout. */
export const DELIVERY_TIMEOUT_CODE = 'EWEBHOOKTIMEOUT';

const TIMEOUTS = new Set([DELIVERY_TIMEOUT_CODE, 'ETIMEDOUT', 'ESOCKETTIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/** The word for a connection error (Node's code; OpenSSL's certificate codes and ERR_TLS_/ERR_SSL_ are TLS). */
export function deliveryErrorOf(error: { code?: string }): DeliveryErrorWord {
  const code = error.code ?? '';
  if (code === TARGET_NOT_ALLOWED_CODE) return 'target_not_allowed';
  if (TIMEOUTS.has(code)) return 'timeout';
  if (code === 'ECONNREFUSED') return 'connection_refused';
  if (code === 'EPROTO' || /^ERR_(TLS|SSL)_/.test(code) || /CERT|_SIGNATURE|SELF_SIGNED|HOSTNAME_MISMATCH|ALTNAME/.test(code)) return 'tls';
  return 'connection_failed';
}

export function httpError(statusCode: number): DeliveryError {
  return `http_${statusCode}`;
}
