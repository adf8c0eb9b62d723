import { createHmac } from 'node:crypto';
import { newWebhookSecret, signWebhook, verifyWebhook } from './signature';

describe('webhook signatures', () => {
  const secret = newWebhookSecret();
  const body = '{"id":"chg_1"}';

  it('is the hex HMAC-SHA256 of "<timestamp>.<body>", prefixed v1=', () => {
    expect(signWebhook(secret, 1700000000, body)).toBe(`v1=${createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex')}`);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  });

  it('verifies the same bytes and a recent timestamp only', () => {
    const signature = signWebhook(secret, 1700000000, body);
    expect(verifyWebhook(secret, { signature, timestamp: '1700000000' }, body, 1700000100)).toBe(true);
    expect(verifyWebhook(secret, { signature, timestamp: '1700000000' }, `${body} `, 1700000100)).toBe(false);
    expect(verifyWebhook(secret, { signature, timestamp: '1700000001' }, body, 1700000100)).toBe(false);
    expect(verifyWebhook(secret, { signature, timestamp: '1700000000' }, body, 1700001000)).toBe(false);
    expect(verifyWebhook(newWebhookSecret(), { signature, timestamp: '1700000000' }, body, 1700000100)).toBe(false);
  });
});
