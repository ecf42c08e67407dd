// Which client a per-address limit counts. An IPv4 address is one client (or one NAT). An IPv6
// client is given a whole /64 by its network (SLAAC, privacy addresses: RFC 4941 makes a new one
// every day or on demand), so counting by the full address would give one phone 2^64 fresh
// counts: every per-address throttle counts an IPv6 client by its /64.
import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part folded in), or null. */
function groups(address: string): number[] | null {
  let text = address.split('%')[0].toLowerCase();
  const v4 = /(?:^|:)([0-9]+\.[0-9]+\.[0-9]+\.[0-9]+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1].split('.').map(Number);
    text = `${text.slice(0, text.length - v4[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail, ...rest] = text.split('::');
  if (rest.length) return null;
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const all = [...left, ...Array.from({ length: tail === undefined ? 0 : missing }, () => '0'), ...right];
  const numbers = all.map((g) => Number.parseInt(g, 16));
  return numbers.every((n) => Number.isInteger(n) && n >= 0 && n <= 0xffff) ? numbers : null;
}

/**
 * The key a per-address count uses: an IPv4 address as it is (also when written IPv4-mapped,
 * ::ffff:192.0.2.1); an IPv6 address as its /64 (2001:db8:1:2::/64). Anything else as it is.
 */
export function addressKey(address: string): string {
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  const g = groups(address);
  if (!g) return address;
  // ::ffff:a.b.c.d is an IPv4 client seen through a dual-stack socket.
  if (g.slice(0, 5).every((n) => n === 0) && g[5] === 0xffff) return `${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`;
  return `${g
    .slice(0, 4)
    .map((n) => n.toString(16))
    .join(':')}::/64`;
}
