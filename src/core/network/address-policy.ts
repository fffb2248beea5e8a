import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { isNavigable, NAVIGABLE } from '../../schema';

/**
 * Where a session's browser may go. A service for a team keeps browsers on the public web: loopback, private, link-local
 * (cloud metadata) and other special ranges are refused unless the operator allows them, by origin or all at once.
 */
export interface NetworkPolicy {
  /** Private, loopback and link-local addresses are reachable (a developer's own machine; the VS Code extension). */
  readonly allowPrivate: boolean;
  /** Origins reachable whatever their address (`http://127.0.0.1:5173`); the service's own demo site is one. */
  readonly allowOrigins: readonly string[];
}

/** A library user's or the CLI's own browser: anything but the schemes a page must never reach. */
export const OPEN_NETWORK: NetworkPolicy = { allowPrivate: true, allowOrigins: [] };


const SPECIAL_RANGES = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) SPECIAL_RANGES.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 32], ['2001:db8::', 32], ['fc00::', 7],
  ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) SPECIAL_RANGES.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address inside an IPv4-mapped or IPv4-compatible IPv6 address (`::ffff:127.0.0.1`, `::ffff:7f00:1`). */
function embeddedIPv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^::(?:ffff:(?:0:)?)?(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^::ffff:(?:0:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Whether an IP address is loopback, private, link-local, or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = embeddedIPv4(bare);
  if (mapped) return SPECIAL_RANGES.check(mapped, 'ipv4');
  const family = isIP(bare);
  if (family === 0) return true;
  return SPECIAL_RANGES.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

export class NetworkRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NetworkRefusal';
  }
}

function originOf(url: URL): string {
  return `${url.protocol}//${url.host}`;
}

/** The scheme check alone: what any session refuses, whatever its policy. */
export function refusedScheme(url: URL): string | undefined {
  return isNavigable(url) ? undefined : `${url.protocol} addresses are not allowed; use ${NAVIGABLE}`;
}

const HOW_TO_ALLOW = 'the service operator can allow it with --allow-origin <origin> or --allow-private';

/** Why a host may not be reached, or undefined when it may, before any name is resolved (IP literals, localhost). */
export function refusedHostLiteral(hostname: string, origin: string, policy: NetworkPolicy): string | undefined {
  if (policy.allowPrivate || policy.allowOrigins.includes(origin)) return undefined;
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return `${origin} is this machine (loopback); ${HOW_TO_ALLOW}`;
  if (isIP(host) && isPrivateAddress(host)) return `${origin} is a private, loopback or link-local address; ${HOW_TO_ALLOW}`;
  return undefined;
}

/**
 * Checks a URL a browser is about to load: its scheme, and (for http/https/ws) every address its host resolves to.
 * Returns the addresses that may be used (connect to one of these, not to a fresh lookup: DNS rebinding), none when
 * the policy allows every address, or throws.
 */
export async function checkDestination(target: string | URL, policy: NetworkPolicy): Promise<readonly string[]> {
  const url = typeof target === 'string' ? new URL(target) : target;
  const isWeb = url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'ws:' || url.protocol === 'wss:';
  if (!isWeb) {
    const refused = refusedScheme(url);
    if (refused) throw new NetworkRefusal(refused);
    return [];
  }
  // With private addresses allowed there is nothing to check a host against: the browser resolves it as usual.
  if (policy.allowPrivate) return [];
  const origin = originOf(url);
  const literal = refusedHostLiteral(url.hostname, origin, policy);
  if (literal) throw new NetworkRefusal(literal);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return [host];
  let addresses: string[];
  try {
    addresses = (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
  } catch {
    throw new NetworkRefusal(`${url.hostname} could not be resolved`);
  }
  if (policy.allowOrigins.includes(origin)) return addresses;
  const inside = addresses.find(isPrivateAddress);
  if (inside) throw new NetworkRefusal(`${origin} resolves to ${inside}, a private, loopback or link-local address; ${HOW_TO_ALLOW}`);
  return addresses;
}

/** Whether the policy lets the browser reach anything but the public internet unchecked (no proxy needed). */
export function isOpen(policy: NetworkPolicy): boolean {
  return policy.allowPrivate;
}

/** `--allow-origin` values as origins: `http://127.0.0.1:5173/path` → `http://127.0.0.1:5173`; invalid ones throw. */
export function normalizeOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new NetworkRefusal(`expected an origin such as https://example.com or http://127.0.0.1:5173, received ${JSON.stringify(value)}`);
  }
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol) || !url.host) {
    throw new NetworkRefusal(`expected an http(s) or ws(s) origin, received ${JSON.stringify(value)}`);
  }
  return originOf(url);
}
