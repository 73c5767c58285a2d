import net from 'node:net';

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Whether an IP address (IPv4, IPv6, or IPv4-mapped IPv6 as Node reports sockets) is this machine's. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = net.isIP(ip);
  if (family === 4) return loopback.check(ip, 'ipv4');
  if (family === 6) return loopback.check(ip, 'ipv6');
  return false;
}

/** Whether a URL's host names this machine: `localhost`, `*.localhost` or a loopback address. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return host === 'localhost' || host.endsWith('.localhost') || isLoopbackAddress(host);
}
