import { isIP } from "node:net";

/**
 * Who a request comes from, for the limits per client and the moderation's count of places
 * (issue 41). One IPv6 host holds a whole /64 (2^64 addresses, each a new "client" if taken one
 * by one), so an IPv6 client is its /64; an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, as
 * Node gives IPv4 on a dual-stack socket) is the IPv4 address it carries.
 */

/** The eight 16-bit groups of an IPv6 address, or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.split("%")[0]!;
  // An IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) as its two groups.
  const tail = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const octets = tail[2]!.split(".").map(Number);
    text = `${tail[1]}${((octets[0]! << 8) | octets[1]!).toString(16)}:${((octets[2]! << 8) | octets[3]!).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((group) => parseInt(group, 16)));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...rest];
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

type Parsed = { v4: string } | { v6: number[] } | null;

function parse(address: string): Parsed {
  if (isIP(address) === 4) return { v4: address };
  if (isIP(address) !== 6) return null;
  const groups = ipv6Groups(address);
  if (!groups) return null;
  // ::ffff:a.b.c.d, the IPv4 address a dual-stack server sees.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return { v4: [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".") };
  }
  return { v6: groups };
}

const prefix64 = (groups: number[]) =>
  `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;

/**
 * The key every limit per client counts by (sign-ups, logins, resets, reports, messages): an
 * IPv4 address as it is, an IPv6 address as its /64. Anything else (no address) as given.
 */
export function clientKeyOf(address: string): string {
  const parsed = parse(address);
  if (!parsed) return address;
  return "v4" in parsed ? parsed.v4 : prefix64(parsed.v6);
}

/**
 * The network a client is in, for counting reporters from different places: IPv4 by its /24,
 * IPv6 by its /64.
 */
export function clientNetworkOf(address: string): string {
  const parsed = parse(address);
  if (!parsed) return address;
  return "v4" in parsed ? `${parsed.v4.split(".").slice(0, 3).join(".")}.0/24` : prefix64(parsed.v6);
}
