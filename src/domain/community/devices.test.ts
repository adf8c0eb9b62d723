import { DEVICE_ID_MAX_LENGTH, FUN_DEFAULT_WORDS, funDefault, hashDeviceId, looksLikeFunDefault, reportClientKey, validateDeviceId } from './devices';

describe('validateDeviceId', () => {
  it.each(['3F2504E0-4F89-11D3-9A0C-0305E82C3301', 'a', 'android 9f8e7d6c', 'x'.repeat(DEVICE_ID_MAX_LENGTH)])('accepts %j as is', (raw) => {
    expect(validateDeviceId(raw)).toEqual({ ok: true, deviceId: raw });
  });

  it.each([undefined, null, '', '   '])('answers %j with device_id_required', (raw) => {
    const result = validateDeviceId(raw);
    expect(result).toMatchObject({ ok: false, code: 'device_id_required' });
    if (!result.ok) expect(result.message).toContain('X-Device-Id');
  });

  it.each([
    ['too long', 'x'.repeat(DEVICE_ID_MAX_LENGTH + 1)],
    ['a control character', 'abc\u0000def'],
    ['a newline', 'abc\ndef'],
    ['non-ASCII', 'appareil-é'],
    ['a leading space', ' abc'],
    ['a trailing space', 'abc '],
    ['a number', 12345],
    ['a repeated header', ['a', 'b']],
  ])('refuses %s as invalid_device_id', (_label, raw) => {
    expect(validateDeviceId(raw)).toMatchObject({ ok: false, code: 'invalid_device_id' });
  });
});

describe('reportClientKey', () => {
  it('is 128 bits of an HMAC keyed by the salt, one per address, establishment and day, apart from device hashes', () => {
    const key = reportClientKey('203.0.113.9', '41000001', '2025-06-30', 'salt-a');
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(reportClientKey('203.0.113.9', '41000001', '2025-06-30', 'salt-a')).toBe(key);
    const others = [
      reportClientKey('203.0.113.10', '41000001', '2025-06-30', 'salt-a'),
      reportClientKey('203.0.113.9', '41000002', '2025-06-30', 'salt-a'),
      reportClientKey('203.0.113.9', '41000001', '2025-07-01', 'salt-a'),
      reportClientKey('203.0.113.9', '41000001', '2025-06-30', 'salt-b'),
    ];
    expect(new Set([key, ...others]).size).toBe(5);
    expect(hashDeviceId('203.0.113.9', 'salt-a')).not.toContain(key);
    expect(() => reportClientKey('203.0.113.9', '41000001', '2025-06-30', '')).toThrow();
  });
});

describe('hashDeviceId', () => {
  it('is HMAC-SHA256 hex, keyed by the salt, and never contains the raw id', () => {
    const hash = hashDeviceId('device-123', 'salt-a');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    // Known answer: HMAC-SHA256(key "salt-a", "device-123").
    expect(hash).toBe(require('crypto').createHmac('sha256', 'salt-a').update('device-123').digest('hex'));
    expect(hashDeviceId('device-123', 'salt-a')).toBe(hash);
    expect(hashDeviceId('device-123', 'salt-b')).not.toBe(hash);
    expect(hashDeviceId('device-124', 'salt-a')).not.toBe(hash);
    expect(hash).not.toContain('device-123');
  });

  it('refuses an empty salt', () => {
    expect(() => hashDeviceId('device-123', '')).toThrow(/salt/);
  });
});

describe('funDefault', () => {
  it('is stable for a device and shaped "Adjective Noun 1234"', () => {
    const hash = hashDeviceId('device-123', 'salt');
    expect(funDefault(hash)).toBe(funDefault(hash));
    const name = funDefault(hash);
    const [adjective, ...rest] = name.split(' ');
    const number = rest.pop()!;
    expect(FUN_DEFAULT_WORDS.adjectives).toContain(adjective);
    expect(FUN_DEFAULT_WORDS.nouns).toContain(rest.join(' '));
    expect(Number(number)).toBeGreaterThanOrEqual(1000);
    expect(Number(number)).toBeLessThanOrEqual(9999);
    expect(looksLikeFunDefault(name)).toBe(true);
  });

  it('spreads devices across many names', () => {
    const names = new Set(Array.from({ length: 500 }, (_, i) => funDefault(hashDeviceId(`device-${i}`, 'salt'))));
    expect(names.size).toBeGreaterThan(495);
    const adjectives = new Set([...names].map((name) => name.split(' ')[0]));
    expect(adjectives.size).toBeGreaterThan(40);
  });

  it('has no duplicate words', () => {
    expect(new Set(FUN_DEFAULT_WORDS.adjectives).size).toBe(FUN_DEFAULT_WORDS.adjectives.length);
    expect(new Set(FUN_DEFAULT_WORDS.nouns).size).toBe(FUN_DEFAULT_WORDS.nouns.length);
  });
});

describe('looksLikeFunDefault', () => {
  it('ignores case and separators but wants all three parts', () => {
    expect(looksLikeFunDefault('Curious Pigeon 4821')).toBe(true);
    expect(looksLikeFunDefault('lucky-hot-dog-1000')).toBe(true);
    expect(looksLikeFunDefault('Curious Pigeon')).toBe(false);
    expect(looksLikeFunDefault('Curious Pigeon 48210')).toBe(false);
    expect(looksLikeFunDefault('Joe Pigeon 4821')).toBe(false);
  });
});
