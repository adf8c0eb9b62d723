import dns from 'node:dns';
import type net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where deliveries may go. SSRF stance: a subscription names an http(s) URL without
 * credentials; unless WEBHOOKS_ALLOW_PRIVATE_TARGETS=on, every address its host is or
 * resolves to must be a globally routable unicast address. Which addresses those are is
 * ipaddr.js's call (it follows the IANA special-purpose registries: loopback, private,
 * link-local, NAT64, 6to4, Teredo, IPv4-mapped and -translated, site-local, discard,
 * ORCHID, documentation...), not a list kept here. The resolved addresses are judged twice:
 * when the subscription is created, and in each delivery's own DNS lookup, so a name
 * re-pointed later is refused on the connection.
 */

/** A name whose every address is this machine's (RFC 6761), or a suffix only a private network answers. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal)$/i;

/**
 * IANA hands out IPv6 global unicast from 2000::/3 only (RFC 4291): outside it ipaddr.js ranges some
 * special addresses (the deprecated IPv4-compatible ::a.b.c.d) as plain unicast.
 */
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

/** Whether deliveries may reach an address: only what ipaddr.js ranges as plain unicast, within IPv6's global unicast space. */
export function isGlobalUnicast(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.range() !== 'unicast') return false;
  return parsed.kind() === 'ipv4' || parsed.match(IPV6_GLOBAL_UNICAST);
}

/** The URL's host as the connection will look it up: brackets off an IPv6 literal, the root's trailing dot off a name. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
}

const NOT_ALLOWED = 'url must name a host with public (globally routable unicast) addresses only';

/** Why a subscription's URL is refused on its face (scheme, credentials, an address or a local name), or null. */
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
  const host = hostOf(url);
  if (ipaddr.isValid(host) ? !isGlobalUnicast(host) : LOCAL_NAME.test(host)) return NOT_ALLOWED;
  return null;
}

export type ResolveHost = (host: string) => Promise<string[]>;

/** How long a subscription's creation waits for its host's addresses. */
const CREATION_LOOKUP_MS = 3000;

/** The addresses a connection would get (the system resolver, /etc/hosts included); none when the name does not resolve in time. */
export const resolveHost: ResolveHost = (host) =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve([]), CREATION_LOOKUP_MS);
    dns.lookup(host, { all: true, verbatim: true }, (error, addresses) => {
      clearTimeout(timer);
      resolve(error ? [] : addresses.map((entry) => entry.address));
    });
  });

/**
 * Why a subscription's URL is refused at creation, its host resolved: targetProblem, or an
 * address of its name that is not global unicast. A name that does not resolve (yet) is
 * accepted: each delivery's lookup judges it again.
 */
export async function resolvedTargetProblem(text: string, allowPrivate: boolean, resolve: ResolveHost = resolveHost): Promise<string | null> {
  const problem = targetProblem(text, allowPrivate);
  if (problem || allowPrivate) return problem;
  const host = hostOf(new URL(text));
  if (ipaddr.isValid(host)) return null;
  const addresses = await resolve(host);
  return addresses.every(isGlobalUnicast) ? null : NOT_ALLOWED;
}

/** The code of the connection error when a delivery's lookup finds an address it may not reach. */
export const TARGET_NOT_ALLOWED_CODE = 'ETARGETNOTALLOWED';

type LookupAll = (hostname: string, options: dns.LookupAllOptions, callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void) => void;

/** A DNS lookup for the delivery's connection that refuses any address that is not global unicast (unless allowed). */
export function guardedLookup(allowPrivate: boolean, lookup: LookupAll = dns.lookup): net.LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as dns.LookupAddress[];
      const refused = allowPrivate ? undefined : list.find((entry) => !isGlobalUnicast(entry.address));
      if (refused) return callback(Object.assign(new Error(`${hostname} resolves to ${refused.address}, not a global unicast address`), { code: TARGET_NOT_ALLOWED_CODE }), '', 4);
      if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
