import ipaddr from 'ipaddr.js';

/** Ranges a server fetching links may reach only when private addresses are allowed. */
const PRIVATE_RANGES = new Set(['loopback', 'private', 'uniqueLocal', 'carrierGradeNat']);

/**
 * True when the server may connect to `address` on behalf of a user: only global unicast
 * addresses, and with `allowPrivate` also loopback and private networks. Link-local (cloud
 * metadata), multicast, broadcast, unspecified, reserved and translation ranges are always refused;
 * an IPv4 address written as IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 address it is.
 */
export function isAllowedAddress(address: string, allowPrivate = false): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(bare)) return false;
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
