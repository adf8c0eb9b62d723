import { DELIVERY_ERRORS, DELIVERY_TIMEOUT_CODE, deliveryErrorOf, HTTP_ERROR_PATTERN, httpError } from './delivery-errors';
import { TARGET_NOT_ALLOWED_CODE } from './targets';

describe('delivery errors', () => {
  it('names each connection error with a word of the vocabulary, never its detail', () => {
    const cases: Array<[string | undefined, string]> = [
      [DELIVERY_TIMEOUT_CODE, 'timeout'],
      ['ETIMEDOUT', 'timeout'],
      ['ECONNREFUSED', 'connection_refused'],
      ['EPROTO', 'tls'],
      ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls'],
      ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls'],
      ['CERT_HAS_EXPIRED', 'tls'],
      ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'tls'],
      [TARGET_NOT_ALLOWED_CODE, 'target_not_allowed'],
      ['EHOSTUNREACH', 'connection_failed'],
      ['ENOTFOUND', 'connection_failed'],
      ['ECONNRESET', 'connection_failed'],
      [undefined, 'connection_failed'],
    ];
    for (const [code, word] of cases) expect([code, deliveryErrorOf({ code })]).toEqual([code, word]);
    expect(cases.every(([, word]) => (DELIVERY_ERRORS as readonly string[]).includes(word))).toBe(true);
  });

  it('names a non-2xx answer by its status', () => {
    expect(httpError(503)).toBe('http_503');
    expect(new RegExp(HTTP_ERROR_PATTERN).test(httpError(404))).toBe(true);
  });
});
