import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * Where webhooks may go (docs/api.md "Webhooks (admins; closed beta)"): http(s) only, and never to a private, loopback,
 * link-local or otherwise non-public address, checked on the literal host and on every address its
 * name resolves to: at registration and again for each delivery, inside the connection's own DNS
 * lookup, so a name that later resolves elsewhere (DNS rebinding) cannot reach an internal service.
 * `WEBHOOK_ALLOW_PRIVATE=1` lifts the address rule (tests, private networks).
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata services)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** The IPv4 address embedded in an IPv4-mapped, -compatible or NAT64 IPv6 address, if any. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const high = Number.parseInt(hex[1]!, 16);
    const low = Number.parseInt(hex[2]!, 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return undefined;
}

/** True for every address a webhook must not reach: private, loopback, link-local, reserved. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4) return blocked.check(v4, "ipv4");
    return blocked.check(address, "ipv6");
  }
  return true;
}

export class ReceiverAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ReceiverAddressError";
  }
}

/** The URL's syntax rules; returns the parsed URL or throws `ReceiverAddressError` with a reason. */
export function parseReceiverUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ReceiverAddressError("must be an absolute http(s) URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ReceiverAddressError("must use http or https");
  if (url.username || url.password) throw new ReceiverAddressError("must not contain credentials; authenticate the request by its signature");
  if (url.hash) throw new ReceiverAddressError("must not contain a fragment");
  return url;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

type Resolve = (host: string) => Promise<LookupAddress[]>;
const resolveAll: Resolve = (host) =>
  new Promise((resolve, reject) => dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/**
 * Checks a receiver URL as registration does: syntax, then (unless private addresses are allowed)
 * the literal address or every address the host name resolves to.
 */
export async function assertReceiverUrl(value: string, options: { allowPrivate: boolean; resolve?: Resolve }): Promise<URL> {
  const url = parseReceiverUrl(value);
  if (options.allowPrivate) return url;
  const host = hostOf(url);
  if (isIP(host)) {
    if (isNonPublicAddress(host)) throw new ReceiverAddressError(`${host} is a private, loopback or link-local address`);
    return url;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await (options.resolve ?? resolveAll)(host);
  } catch {
    throw new ReceiverAddressError(`the host name ${host} does not resolve`);
  }
  const refused = addresses.find((entry) => isNonPublicAddress(entry.address));
  if (refused) throw new ReceiverAddressError(`${host} resolves to ${refused.address}, a private, loopback or link-local address`);
  if (addresses.length === 0) throw new ReceiverAddressError(`the host name ${host} does not resolve`);
  return url;
}

/**
 * The DNS lookup a delivery's connection uses: it resolves the name and refuses if any answer is
 * non-public, so the address checked is the address connected to.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, "", 4);
      const list = addresses as LookupAddress[];
      const refused = allowPrivate ? undefined : list.find((entry) => isNonPublicAddress(entry.address));
      if (refused) {
        return callback(new ReceiverAddressError(`${hostname} resolves to ${refused.address}, a private, loopback or link-local address`), "", 4);
      }
      if (list.length === 0) return callback(Object.assign(new Error(`${hostname} does not resolve`), { code: "ENOTFOUND" }), "", 4);
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
