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
import { BlockList, isIP } from 'node:net';

const inner = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  inner.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  inner.addSubnet(net, prefix, 'ipv6');
}

/** Whether an IP address (v4, v6 or v4-mapped v6) lies in a loopback, private, link-local or reserved range. */
export function isInnerAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return inner.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return inner.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type Lookup = (host: string) => Promise<readonly { address: string }[]>;

const systemLookup: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true });

/** Refuses (throws) an address that is not https or whose host is, or resolves to, an inner address. */
export async function assertPublicAddress(url: string, lookup: Lookup = systemLookup): Promise<void> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') throw new Error('a school provider address must use https');
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [{ address: host }] : await lookup(host);
  if (addresses.length === 0 || addresses.some((a) => isInnerAddress(a.address))) {
    throw new Error(`a school provider address must be public (${parsed.hostname})`);
  }
}
