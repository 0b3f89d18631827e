import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Networks a webhook may not reach unless WEBHOOKS_ALLOW_PRIVATE is set: loopback, private,
 * link-local (cloud metadata at 169.254.169.254), shared, reserved and multicast ranges, in both
 * families. An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 one.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

const MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** Whether an IP address lies on a private, loopback or otherwise internal network. */
export function isPrivateAddress(address: string): boolean {
  const mapped = MAPPED.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]!);
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return blocked.check(address, 'ipv6');
  return true;
}

export const PRIVATE_ADDRESS =
  'This address is on a private or local network: webhooks are sent only to public addresses.';

/** The host of a URL as DNS or an IP literal names it (IPv6 without its brackets). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/**
 * Every address the host of `url` resolves to (the literal itself for an IP); null when the
 * name does not resolve.
 */
export async function addressesOf(url: URL): Promise<string[] | null> {
  const host = hostOf(url);
  if (isIP(host)) return [host];
  try {
    const found = await lookup(host, { all: true, verbatim: true });
    return found.map((a) => a.address);
  } catch {
    return null;
  }
}

/**
 * Why an endpoint's address may not be sent to, or null when it may: a name that does not
 * resolve, or one that resolves (in part) to a private network.
 */
export async function refusedAddress(url: URL, allowPrivate: boolean): Promise<string | null> {
  const addresses = await addressesOf(url);
  if (!addresses || addresses.length === 0) return 'This address’s host name does not resolve.';
  if (!allowPrivate && addresses.some(isPrivateAddress)) return PRIVATE_ADDRESS;
  return null;
}
