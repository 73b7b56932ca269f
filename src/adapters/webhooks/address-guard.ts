import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Where a webhook may be sent. Checked at registration and again at connect time against every
 * address the name resolves to, so a name that rebinds to an internal address between the two is
 * still refused. */

/** Resolves a host name to every address, as dns.lookup with { all: true } does. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))));

export interface GuardOptions {
  /** Development only: http:// to a loopback address (127.0.0.0/8, ::1) is let through. */
  allowHttpLoopback: boolean;
  resolver: Resolver;
}

export class UnsafeAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeAddressError';
  }
}

/** Names that only mean something inside a network. */
const INTERNAL_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|localdomain)$/i;

/** Only global unicast. ipaddr.js names every special range (loopback, private, link-local,
 * CGNAT, NAT64 rfc6052, IPv4-mapped, 6to4, Teredo, unique-local, multicast, reserved…); any range
 * other than `unicast` is refused, and an IPv4-mapped IPv6 address is judged as its IPv4 address. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  return ip.range() === 'unicast';
}

export function isLoopbackAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  return ip.range() === 'loopback';
}

export interface CheckedUrl {
  url: URL;
  /** The host without IPv6 brackets. */
  host: string;
  /** True when the host is an address literal (no lookup happens for it). */
  literal: boolean;
}

/** Parses and checks the URL itself: scheme, credentials, host form. WHATWG URL parsing turns
 * decimal, octal, hex and short IPv4 forms (2130706433, 0177.1, 0x7f.0.0.1, 127.1) into dotted
 * quads, so every form is judged as the address it means. */
export function checkUrlShape(raw: string, opts: Pick<GuardOptions, 'allowHttpLoopback'>): CheckedUrl {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeAddressError('The webhook URL is not a valid absolute URL.');
  }
  if (raw.length > 2048) throw new UnsafeAddressError('The webhook URL is longer than 2048 characters.');
  if (url.username || url.password) throw new UnsafeAddressError('The webhook URL must not carry credentials.');
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const literal = isIP(host) !== 0;
  if (url.protocol === 'http:') {
    if (!(opts.allowHttpLoopback && literal && isLoopbackAddress(host))) {
      throw new UnsafeAddressError('The webhook URL must use HTTPS.');
    }
    return { url, host, literal };
  }
  if (url.protocol !== 'https:') throw new UnsafeAddressError('The webhook URL must use HTTPS.');
  if (!host || host.endsWith('.') || INTERNAL_NAME.test(host)) throw new UnsafeAddressError(`The host ${host || '(empty)'} is an internal name.`);
  if (literal && !isPublicAddress(host)) throw new UnsafeAddressError(`The address ${host} is not a public address.`);
  if (!literal && !/^[a-z0-9.-]+$/i.test(host)) throw new UnsafeAddressError(`The host ${host} is not a valid host name.`);
  return { url, host, literal };
}

/** Every address must be public: one internal address among several refuses the whole name
 * (otherwise a connection could pick that one). */
export function checkAddresses(host: string, addresses: LookupAddress[], opts: Pick<GuardOptions, 'allowHttpLoopback'>, scheme: string): void {
  if (addresses.length === 0) throw new UnsafeAddressError(`The host ${host} resolves to no address.`);
  for (const a of addresses) {
    const devLoopback = opts.allowHttpLoopback && scheme === 'http:' && isLoopbackAddress(a.address);
    if (!devLoopback && !isPublicAddress(a.address)) throw new UnsafeAddressError(`The host ${host} resolves to ${a.address}, which is not a public address.`);
  }
}

/** The registration check: the URL's shape, then what its name resolves to now. */
export async function checkWebhookUrl(raw: string, opts: GuardOptions): Promise<URL> {
  const checked = checkUrlShape(raw, opts);
  if (checked.literal) return checked.url;
  let addresses: LookupAddress[];
  try {
    addresses = await opts.resolver(checked.host);
  } catch {
    throw new UnsafeAddressError(`The host ${checked.host} cannot be resolved.`);
  }
  checkAddresses(checked.host, addresses, opts, checked.url.protocol);
  return checked.url;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for node:http/https: resolves through the resolver and refuses the connection unless
 * every address is allowed, so the address connected to is the address that was checked. */
export function guardedLookup(opts: GuardOptions, scheme: string) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    opts
      .resolver(hostname)
      .then((addresses) => {
        checkAddresses(hostname, addresses, opts, scheme);
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      })
      .catch((err: NodeJS.ErrnoException) => callback(err, options.all ? [] : '', undefined));
  };
}
