import ipaddr from 'ipaddr.js';

/** Ranges a server fetching links may reach only when private addresses are allowed. */
const PRIVATE_RANGES = new Set(['loopback', 'private', 'uniqueLocal', 'carrierGradeNat']);

/**
 * The deprecated IPv4-compatible block (`::a.b.c.d`): its range counts as unicast, yet hosts
 * that still honour it reach the embedded IPv4 address, loopback and private ones included.
 */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * In `::/96` but neither `::` nor `::1`, which have ranges of their own. The address is first
 * rewritten in hex by the URL parser, because ipaddr.js reads `::a.b.c.d` as `::ffff:a.b.c.d`.
 */
function isIpv4Compatible(address: string): boolean {
  if (!address.includes(':')) return false;
  let hex: string;
  try {
    hex = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return true;
  }
  const parsed = ipaddr.IPv6.parse(hex);
  return parsed.match(IPV4_COMPATIBLE) && parsed.range() !== 'loopback' && parsed.range() !== 'unspecified';
}

/**
 * True when the server may connect to `address` on behalf of a user: only global unicast
 * addresses, and with `allowPrivate` also loopback and private networks. Link-local (cloud
 * metadata), multicast, broadcast, unspecified, reserved and translation ranges are always refused;
 * an IPv4 address written as IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 address it is, and
 * the IPv4-compatible form (`::10.0.0.1`) is refused.
 */
export function isAllowedAddress(address: string, allowPrivate = false): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(bare) || isIpv4Compatible(bare)) return false;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(bare);
  } catch {
    return false;
  }
  const range = parsed.range();
  if (range === 'unicast') return true;
  return allowPrivate && PRIVATE_RANGES.has(range);
}
