import net from 'node:net';

const ipv6Groups = (address: string): string[] => {
  const [head = '', tail] = address.split('::');
  const parts = (s: string) => (s === '' ? [] : s.split(':'));
  // A dotted IPv4 ending fills two groups.
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const h = parts(head);
  if (tail === undefined) return h;
  const t = parts(tail);
  return [...h, ...Array<string>(Math.max(0, 8 - width(h) - width(t))).fill('0'), ...t];
};

/**
 * The address that throttling counts. One IPv6 subscriber usually holds a whole /64 network and can pick a
 * new address in it for every request, so IPv6 addresses count by their /64.
 */
export const addressKey = (ip: string): string => {
  const address = ip.split('%')[0] ?? ip;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!net.isIPv6(address)) return address;
  const network = ipv6Groups(address)
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16));
  return `${network.join(':')}::/64`;
};
