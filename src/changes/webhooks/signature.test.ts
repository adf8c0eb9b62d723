import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, signedHeaders, signingKey } from './signature';

// The receiver's side is the Standard Webhooks reference library, not code of ours.
describe('webhook signatures (Standard Webhooks)', () => {
  const body = '{"id":"chg_1","type":"closure"}';
  const now = () => Math.floor(Date.now() / 1000);

  it('issues whsec_ secrets of 32 bytes in standard base64', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(signingKey(secret)).toHaveLength(32);
  });

  it('verifies with the reference library: headers webhook-id, webhook-timestamp, webhook-signature', () => {
    const secret = newWebhookSecret();
    const headers = signedHeaders(secret, 'chg_1', body, now());
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('fails verification when the body is replayed under another id, changed, old, or under another secret', () => {
    const secret = newWebhookSecret();
    const headers = signedHeaders(secret, 'chg_1', body, now());
    const receiver = new Webhook(secret);
    expect(() => receiver.verify(body, { ...headers, 'webhook-id': 'chg_2' })).toThrow(/signature/);
    expect(() => receiver.verify(`${body} `, headers)).toThrow(/signature/);
    expect(() => receiver.verify(body, signedHeaders(secret, 'chg_1', body, now() - 600))).toThrow(/too old/);
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow(/signature/);
  });

  it('signs with the bytes an earlier URL-safe secret encodes: the same secret in standard base64 verifies', () => {
    const bytes = randomBytes(32);
    const earlier = `whsec_${bytes.toString('base64url')}`;
    expect(signingKey(earlier)).toEqual(bytes);
    const headers = signedHeaders(earlier, 'chg_9', body, now());
    expect(new Webhook(`whsec_${bytes.toString('base64')}`).verify(body, headers)).toEqual(JSON.parse(body));
  });
});
