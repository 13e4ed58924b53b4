/**
 * A school's own SMS or mail provider address is typed in by that school's administrator, and the
 * server then posts to it: without a check, one school could make the platform reach its own inner
 * network (loopback services, cloud metadata, private ranges). In production such an address must be
 * https and every address its host name resolves to must be public; demo mode and tests, whose
 * stand-ins listen on loopback, skip the check (gateways/notify-providers.ts).
 * The name is resolved again right before each send; the window between that lookup and the
 * connection (DNS rebinding) is left to the deployment's egress rules.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** The IPv4 addresses an IPv6 address carries by a standard embedding, or undefined when it carries none. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] | undefined {
  const bytes = address.toByteArray();
  const v4 = (at: number, mask = 0) => new ipaddr.IPv4(bytes.slice(at, at + 4).map((b) => (b ^ mask) & 0xff));
  const zero = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  // ::a.b.c.d, the deprecated IPv4-compatible form (::/96; ipaddr.js calls ::7f00:1 unicast). The
  // unspecified :: and the loopback ::1 land here too, as 0.0.0.0 and 0.0.0.1: inner.
  if (zero(0, 12)) return [v4(12)];
  switch (address.range()) {
    // ::ffff:a.b.c.d, the IPv4-mapped form, and ::ffff:0:a.b.c.d (SIIT, RFC 6145).
    case 'ipv4Mapped':
    case 'rfc6145':
      return [v4(12)];
    // NAT64's well-known prefix 64:ff9b::/96 (RFC 6052); the local-use 64:ff9b:1::/48 is not public.
    case 'rfc6052':
      return zero(4, 12) ? [v4(12)] : [];
    // 6to4, 2002:a.b.c.d::/48.
    case '6to4':
      return [v4(2)];
    // Teredo, 2001:0::/32: the server's address, and the client's (bits inverted).
    case 'teredo':
      return [v4(4), v4(12, 0xff)];
    default:
      return undefined;
  }
}

/**
 * Whether an IP address (v4 or v6) is anything but a public unicast one, by ipaddr.js's range
 * classification: only `unicast` is public, so loopback, private, link-local, carrier-grade NAT,
 * documentation, benchmarking, multicast and reserved ranges are all inner. An IPv6 address that
 * embeds IPv4 addresses (mapped, compatible, SIIT, NAT64, 6to4, Teredo) is inner unless each of those
 * is public; a name or anything unparsable is inner.
 */
export function isInnerAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() !== 'unicast';
  const embedded = embeddedIPv4(parsed as ipaddr.IPv6);
  if (embedded) return embedded.length === 0 || embedded.some((v4) => v4.range() !== 'unicast');
  return parsed.range() !== 'unicast';
}

export type Lookup = (host: string) => Promise<readonly { address: string }[]>;

const systemLookup: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true });

/** Refuses (throws) an address that is not https or whose host is, or resolves to, an inner address. */
export async function assertPublicAddress(url: string, lookup: Lookup = systemLookup): Promise<void> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') throw new Error('a school provider address must use https');
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const addresses = ipaddr.isValid(host) ? [{ address: host }] : await lookup(host);
  if (addresses.length === 0 || addresses.some((a) => isInnerAddress(a.address))) {
    throw new Error(`a school provider address must be public (${parsed.hostname})`);
  }
}
