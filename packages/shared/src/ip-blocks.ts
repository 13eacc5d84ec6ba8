// IP addresses and the ranges admins block: parsing, canonical text and matching, as pure
// functions so that the admin form and the API agree on what an address is.

/** An address as bytes: 4 for IPv4, 16 for IPv6. */
export type IpBytes = Uint8Array;

/** A blocked range: its network address in canonical text, and how many leading bits it fixes. */
export interface BlockRange {
  ip: string;
  maskedBits: number;
}

function parseIpv4(text: string): IpBytes | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = new Uint8Array(4);
  for (const [i, part] of parts.entries()) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    bytes[i] = Number(part);
  }
  return bytes;
}

/** The 16-bit groups of one side of an IPv6 address; a dotted IPv4 tail counts as two groups. */
function ipv6Groups(text: string, allowIpv4Tail: boolean): number[] | null {
  if (text === '') return [];
  const parts = text.split(':');
  const groups: number[] = [];
  for (const [i, part] of parts.entries()) {
    if (allowIpv4Tail && i === parts.length - 1 && part.includes('.')) {
      const v4 = parseIpv4(part);
      if (!v4) return null;
      groups.push(((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0));
    } else {
      if (!/^[0-9a-fA-F]{1,4}$/.test(part)) return null;
      groups.push(parseInt(part, 16));
    }
  }
  return groups;
}

function parseIpv6(text: string): IpBytes | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  let groups: number[];
  if (halves.length === 2) {
    const head = ipv6Groups(halves[0] ?? '', false);
    const tail = ipv6Groups(halves[1] ?? '', true);
    if (!head || !tail || head.length + tail.length > 7) return null;
    groups = [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail];
  } else {
    const all = ipv6Groups(text, true);
    if (!all || all.length !== 8) return null;
    groups = all;
  }
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    bytes[2 * i] = group >> 8;
    bytes[2 * i + 1] = group & 0xff;
  });
  return bytes;
}

/** The bytes of a full IPv4 or IPv6 address, or null when `text` is not one. */
export function parseIp(text: string): IpBytes | null {
  return text.includes(':') ? parseIpv6(text) : parseIpv4(text);
}

/** How many leading bits a block on a single IPv6 address fixes: a host is usually given a whole /64. */
const IPV6_SINGLE_ADDRESS_BITS = 64;

function isIpv4Mapped(bytes: IpBytes): boolean {
  return bytes.length === 16 && bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
}

/**
 * The bytes a client address is matched with: an IPv4 address a dual-stack server reports as
 * IPv4-mapped IPv6 (::ffff:a.b.c.d) is the IPv4 address.
 */
export function clientIpBytes(text: string): IpBytes | null {
  const bytes = parseIp(text);
  return bytes && isIpv4Mapped(bytes) ? bytes.slice(12) : bytes;
}

/**
 * A range within the IPv4-mapped block (::ffff:a.b.c.d/96 or longer) as the IPv4 range it stands
 * for, since client addresses are matched as IPv4; any other range as it is.
 */
export function unmappedRange(range: { bytes: IpBytes; maskedBits: number }): { bytes: IpBytes; maskedBits: number } {
  if (range.maskedBits < 96 || !isIpv4Mapped(range.bytes)) return range;
  return { bytes: range.bytes.slice(12), maskedBits: range.maskedBits - 96 };
}

/** RFC 5952 text: lower case, no leading zeros, the longest run of two or more zero groups as `::`. */
export function formatIp(bytes: IpBytes): string {
  if (bytes.length === 4) return [...bytes].join('.');
  const groups = Array.from({ length: 8 }, (_, i) => ((bytes[2 * i] ?? 0) << 8) | (bytes[2 * i + 1] ?? 0));
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = (list: number[]) => list.map((g) => g.toString(16)).join(':');
  if (bestStart < 0) return hex(groups);
  return `${hex(groups.slice(0, bestStart))}::${hex(groups.slice(bestStart + bestLength))}`;
}

/** `bytes` with every bit after the first `bits` cleared. */
function network(bytes: IpBytes, bits: number): IpBytes {
  return bytes.map((byte, i) => {
    const keep = Math.max(0, Math.min(8, bits - 8 * i));
    return byte & ((0xff << (8 - keep)) & 0xff);
  });
}

/**
 * Wildcards: trailing `*` parts (groups for IPv6) become a CIDR range, each `*` leaving 8 bits of
 * 32 (16 of 128) free. Every part must be present, at least the first fixed, and no number may
 * follow a `*`.
 */
function parseWildcard(value: string): BlockRange | null {
  const v6 = value.includes(':');
  const parts = value.split(v6 ? ':' : '.');
  if (parts.length !== (v6 ? 8 : 4)) return null;
  const firstWild = parts.indexOf('*');
  if (firstWild < 1 || parts.slice(firstWild).some((part) => part !== '*')) return null;
  const filled = parts.map((part) => (part === '*' ? '0' : part)).join(v6 ? ':' : '.');
  const bytes = parseIp(filled);
  if (!bytes) return null;
  const maskedBits = firstWild * (v6 ? 16 : 8);
  return { ip: formatIp(network(bytes, maskedBits)), maskedBits };
}

/**
 * An IP block address as admins write it: a full IPv4 or IPv6 address, a CIDR range, or a
 * wildcard (`192.168.*.*`, `2001:db8:*:*:*:*:*:*`). Answers the range with its network address
 * in canonical text, or null when the address is not valid. A single IPv6 address stands for its
 * /64 (`/128` blocks that address alone), and an IPv4-mapped address (::ffff:a.b.c.d) for the
 * IPv4 address. A range covering every address (`*`, `0.0.0.0/0`) is refused: it would block the
 * whole world.
 */
export function parseBlockAddress(input: string): BlockRange | null {
  const value = input.trim();
  if (value.includes('*')) return parseWildcard(value);
  const slash = value.indexOf('/');
  const parsed = parseIp(slash < 0 ? value : value.slice(0, slash));
  if (!parsed) return null;
  const max = parsed.length * 8;
  let bits = max;
  if (slash >= 0) {
    const written = value.slice(slash + 1);
    if (!/^\d{1,3}$/.test(written) || Number(written) > max) return null;
    bits = Number(written);
  }
  const { bytes, maskedBits } = unmappedRange({ bytes: parsed, maskedBits: bits });
  if (maskedBits === 0) return null;
  const single = slash < 0 && bytes.length === 16;
  const range = single ? IPV6_SINGLE_ADDRESS_BITS : maskedBits;
  return { ip: formatIp(network(bytes, range)), maskedBits: range };
}

/** How a block's address is shown: the address alone, or with `/bits` when it is a range. */
export function blockAddressText(range: BlockRange): string {
  const max = range.ip.includes(':') ? 128 : 32;
  return range.maskedBits === max ? range.ip : `${range.ip}/${range.maskedBits}`;
}

/** Whether the address `bytes` lies in the range. IPv4 and IPv6 never match each other. */
export function rangeContains(range: { bytes: IpBytes; maskedBits: number }, bytes: IpBytes): boolean {
  if (range.bytes.length !== bytes.length) return false;
  const masked = network(bytes, range.maskedBits);
  return masked.every((byte, i) => byte === range.bytes[i]);
}
