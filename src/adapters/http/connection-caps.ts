import { type Server } from 'node:http';
import { type Socket } from 'node:net';
import ipaddr from 'ipaddr.js';

/** How many connections the server holds at once; the composition root reads them from the environment (0 = no cap). */
export type ConnectionCaps = {
  /** Open connections from one client address (an IPv6 client counts per /64, the block one host is given). */
  readonly perAddress: number;
  /** Open connections in all. */
  readonly total: number;
};

type Warn = (fields: { address: string; open: number }, message: string) => void;

/**
 * The client a connection counts against: its IPv4 address (also when written IPv4-mapped), or the first four
 * groups of its IPv6 address, since one host is handed a whole /64 and could take a fresh address per connection.
 */
export function clientKey(remoteAddress: string | undefined): string {
  if (!remoteAddress || !ipaddr.isValid(remoteAddress)) return remoteAddress ?? '';
  const address = ipaddr.process(remoteAddress);
  if (address.kind() === 'ipv4') return address.toString();
  return `${(address as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}

/**
 * Caps open connections: one client that opens hundreds of half-sent requests (an adversarial run held 1 500 for
 * 120 s) is refused more past `perAddress`, and the server as a whole past `total` (Node's `maxConnections`); a
 * refused connection is closed at once, before its first request is read. The timeouts in server-limits.ts then free the held ones.
 */
export function capConnections(server: Server, caps: ConnectionCaps, warn: Warn): void {
  if (caps.total > 0) server.maxConnections = caps.total;
  if (caps.perAddress <= 0) return;
  const open = new Map<string, number>();
  const warned = new Set<string>();
  server.on('connection', (socket: Socket) => {
    const key = clientKey(socket.remoteAddress);
    const count = (open.get(key) ?? 0) + 1;
    if (count > caps.perAddress) {
      if (!warned.has(key)) warn({ address: key, open: count - 1 }, 'connection refused: too many open connections from one address');
      warned.add(key);
      socket.destroy();
      return;
    }
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else {
        open.delete(key);
        warned.delete(key);
      }
    });
  });
}
