import { isPrivateAddress, targetProblem } from './targets';

describe('webhook targets', () => {
  it('accepts public http(s) URLs', () => {
    expect(targetProblem('https://hooks.example.com/nyc?x=1', false)).toBeNull();
    expect(targetProblem('http://93.184.216.34:8080/in', false)).toBeNull();
  });

  it('refuses other schemes, credentials, fragments and garbage', () => {
    expect(targetProblem('ftp://example.com/', false)).toMatch(/http or https/);
    expect(targetProblem('https://user:pw@example.com/', false)).toMatch(/credentials/);
    expect(targetProblem('https://example.com/#x', false)).toMatch(/fragment/);
    expect(targetProblem('example.com/hook', false)).toMatch(/absolute/);
  });

  it('refuses loopback, private and reserved hosts unless allowed', () => {
    for (const url of ['http://localhost:3000/', 'http://127.0.0.1/', 'http://10.1.2.3/', 'http://192.168.1.1/', 'http://169.254.169.254/latest', 'http://[::1]/', 'http://[fd00::1]/', 'http://[::ffff:127.0.0.1]/', 'http://0.0.0.0/']) {
      expect([url, targetProblem(url, false)]).toEqual([url, expect.any(String)]);
      expect(targetProblem(url, true)).toBeNull();
    }
  });

  it('judges addresses', () => {
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    expect(isPrivateAddress('2606:4700::1111')).toBe(false);
    expect(isPrivateAddress('172.31.255.255')).toBe(true);
    expect(isPrivateAddress('::ffff:10.0.0.1')).toBe(true);
    expect(isPrivateAddress('not an address')).toBe(true);
  });
});
