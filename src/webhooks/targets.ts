import dns from 'node:dns';
import net from 'node:net';

/**
 * Where deliveries may go. SSRF stance: a subscription names an http(s) URL without
 * credentials; unless WEBHOOKS_ALLOW_PRIVATE_TARGETS=on, neither the URL's host nor any
 * address it resolves to at delivery time may be loopback, private, link-local, CGNAT,
 * multicast or otherwise reserved (checked in the connection's own DNS lookup, so a name
 * that later resolves to an internal address is refused on the connection, not just at
 * creation).
 */
const BLOCKED = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 3],
] as const) BLOCKED.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [['::', 127], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96], ['2001:db8::', 32]] as const) BLOCKED.addSubnet(address, prefix, 'ipv6');

/** An address deliveries must not reach (an IPv4-mapped IPv6 address is judged as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]);
  const family = net.isIP(address);
  if (family === 0) return true;
  return BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why a subscription's URL is refused, or null. */
export function targetProblem(text: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'url must be an absolute http or https URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'url must use http or https';
  if (url.username || url.password) return 'url must not carry credentials';
  if (url.hash) return 'url must not have a fragment';
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local')) return 'url must name a public host';
  if (net.isIP(host) && isPrivateAddress(host)) return 'url must not be a loopback, private or reserved address';
  return null;
}

/** A DNS lookup for the delivery's connection that refuses private addresses (unless allowed). */
export function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as dns.LookupAddress[];
      const refused = allowPrivate ? undefined : list.find((entry) => isPrivateAddress(entry.address));
      if (refused) return callback(Object.assign(new Error(`${hostname} resolves to ${refused.address}, a private address`), { code: 'EPRIVATE' }), '', 4);
      if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
