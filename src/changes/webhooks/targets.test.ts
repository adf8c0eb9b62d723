import type { LookupAddress } from 'node:dns';
import { guardedLookup, isGlobalUnicast, resolvedTargetProblem, TARGET_NOT_ALLOWED_CODE, targetProblem } from './targets';

/** Addresses an attacker named as targets: loopback and private ones spelled through IPv6 transition and deprecated ranges. */
const DISGUISED = ['[::127.0.0.1]', '[::ffff:0:127.0.0.1]', '[2002:7f00:1::]', '[64:ff9b:1::a00:1]', '[fec0::1]', '[100::1]', '[2001:10::1]'];
const PLAIN = ['127.0.0.1', '10.1.2.3', '192.168.1.1', '169.254.169.254', '[::1]', '[fd00::1]', '[::ffff:127.0.0.1]', '0.0.0.0', '100.64.0.1', '198.18.0.1', '[64:ff9b::a00:1]', '[2001:db8::1]', '[fe80::1]', '[ff02::1]', '224.0.0.1', '255.255.255.255'];

describe('webhook targets', () => {
  it('accepts public http(s) URLs', () => {
    expect(targetProblem('https://hooks.example.com/nyc?x=1', false)).toBeNull();
    expect(targetProblem('http://93.184.216.34:8080/in', false)).toBeNull();
    expect(targetProblem('http://[2606:4700::1111]/in', false)).toBeNull();
  });

  it('refuses other schemes, credentials, fragments and garbage', () => {
    expect(targetProblem('ftp://example.com/', false)).toMatch(/http or https/);
    expect(targetProblem('https://user:pw@example.com/', false)).toMatch(/credentials/);
    expect(targetProblem('https://example.com/#x', false)).toMatch(/fragment/);
    expect(targetProblem('example.com/hook', false)).toMatch(/absolute/);
  });

  it('refuses every address that is not global unicast, however spelled, unless allowed', () => {
    for (const host of [...DISGUISED, ...PLAIN, '0x7f.1', '2130706433']) {
      const url = `http://${host}/hook`;
      expect([url, targetProblem(url, false)]).toEqual([url, expect.stringMatching(/public/)]);
      expect(targetProblem(url, true)).toBeNull();
    }
  });

  it('refuses local names, with or without the root dot', () => {
    for (const url of ['http://localhost:3000/', 'http://localhost./', 'http://LOCALHOST./', 'http://a.localhost/', 'http://printer.local/', 'http://db.internal./']) {
      expect([url, targetProblem(url, false)]).toEqual([url, expect.stringMatching(/public/)]);
      expect(targetProblem(url, true)).toBeNull();
    }
  });

  it('judges the addresses a name resolves to at creation', async () => {
    const resolver = (table: Record<string, string[]>) => async (host: string) => table[host] ?? [];
    const dnsTable = {
      'hooks.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
      'sneaky.example.com': ['93.184.216.34', '::127.0.0.1'],
      'nat64.example.com': ['64:ff9b:1::a00:1'],
      'rebind.example.com': ['127.0.0.1'],
    };
    const resolve = resolver(dnsTable);
    expect(await resolvedTargetProblem('https://hooks.example.com/in', false, resolve)).toBeNull();
    for (const host of ['sneaky.example.com', 'nat64.example.com', 'rebind.example.com']) {
      expect(await resolvedTargetProblem(`https://${host}/in`, false, resolve)).toMatch(/public/);
      expect(await resolvedTargetProblem(`https://${host}/in`, true, resolve)).toBeNull();
    }
    // A name that does not resolve yet is left to each delivery's lookup; one that is refused on its face is never looked up.
    expect(await resolvedTargetProblem('https://not-yet.example.com/in', false, resolve)).toBeNull();
    const never = async () => {
      throw new Error('looked up');
    };
    expect(await resolvedTargetProblem('http://localhost./', false, never)).toMatch(/public/);
    expect(await resolvedTargetProblem('http://[100::1]/', false, never)).toMatch(/public/);
    expect(await resolvedTargetProblem('http://93.184.216.34/', false, never)).toBeNull();
  });

  it("refuses in the connection's own lookup a name that resolves to an address that is not global unicast", async () => {
    const fakeDns = (addresses: LookupAddress[]) => (_host: string, _options: unknown, callback: (error: null, addresses: LookupAddress[]) => void) => callback(null, addresses);
    const connect = (allowPrivate: boolean, addresses: LookupAddress[]) =>
      new Promise<{ error: NodeJS.ErrnoException | null; address: string }>((resolve) =>
        guardedLookup(allowPrivate, fakeDns(addresses))('hooks.example.com', { family: 0 }, (error, address) => resolve({ error, address: String(address) })),
      );
    const rebound = [{ address: '93.184.216.34', family: 4 }, { address: '64:ff9b:1::a00:1', family: 6 }];
    expect((await connect(false, rebound)).error?.code).toBe(TARGET_NOT_ALLOWED_CODE);
    expect(await connect(true, rebound)).toEqual({ error: null, address: '93.184.216.34' });
    expect(await connect(false, [{ address: '93.184.216.34', family: 4 }])).toEqual({ error: null, address: '93.184.216.34' });
  });

  it('judges addresses', () => {
    expect(isGlobalUnicast('8.8.8.8')).toBe(true);
    expect(isGlobalUnicast('2606:4700::1111')).toBe(true);
    expect(isGlobalUnicast('172.31.255.255')).toBe(false);
    expect(isGlobalUnicast('::ffff:10.0.0.1')).toBe(false);
    expect(isGlobalUnicast('2001::1')).toBe(false); // Teredo
    expect(isGlobalUnicast('not an address')).toBe(false);
  });
});
