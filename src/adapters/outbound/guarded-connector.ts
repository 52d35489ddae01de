import { promises as dns } from 'node:dns';
import net, { type LookupFunction, type Socket } from 'node:net';
import { buildConnector } from 'undici';
import { isPublicAddress } from './address-policy.ts';

export type ResolvedAddress = { readonly address: string; readonly family: number };
/** Resolves a host name to every address it has (A and AAAA). */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolve: Resolve = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** Thrown by the connector when the address a request would reach is not public unicast. */
export class RefusedAddressError extends Error {
  readonly refusedAddress: string;
  constructor(address: string) {
    super(`refused to connect to non-public address ${address}`);
    this.name = 'RefusedAddressError';
    this.refusedAddress = address;
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | ResolvedAddress[], family?: number) => void;

/**
 * A DNS lookup for net/tls.connect that refuses a name when ANY of its addresses is not public: an attacker
 * controlling a name with one public and one private record must not get a chance at the private one.
 */
function guardedLookup(resolve: Resolve, allowed: (address: string) => boolean): LookupFunction {
  const lookup = (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.find((entry) => !allowed(entry.address));
        const first = addresses[0];
        if (refused) return callback(new RefusedAddressError(refused.address), '');
        if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
        if (options.all) return callback(null, addresses);
        return callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
  return lookup as unknown as LookupFunction;
}

export type GuardedConnectorOptions = {
  readonly allowPrivate: boolean;
  readonly connectTimeoutMs: number;
  readonly resolve: Resolve;
  /** Exact addresses accepted although not public (tests pin their fake servers' loopback address here). */
  readonly allowAddresses?: readonly string[];
};

/** Whether a connection to `address` may be made: public unicast, or OUTBOUND_ALLOW_PRIVATE, or a test's exception. */
export function addressAllowed({
  allowPrivate,
  allowAddresses = [],
}: Pick<GuardedConnectorOptions, 'allowPrivate' | 'allowAddresses'>): (address: string) => boolean {
  const exceptions = new Set(allowAddresses);
  return (address) => allowPrivate || exceptions.has(address) || isPublicAddress(address);
}

/** True when a URL's host is an IP literal (`[…]` for IPv6) that may not be reached. */
export function refusedLiteral(hostname: string, allowed: (address: string) => boolean): boolean {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return net.isIP(bare) !== 0 && !allowed(bare);
}

/**
 * undici's connector, wrapped so every connection (first request and every redirect hop alike) is checked
 * where it is made: literal IPs before connecting (net.connect skips `lookup` for them), names through the
 * guarded lookup, and the socket's actual peer address once connected.
 */
export function guardedConnector({ allowPrivate, connectTimeoutMs, resolve, allowAddresses = [] }: GuardedConnectorOptions): buildConnector.connector {
  const allowed = addressAllowed({ allowPrivate, allowAddresses });
  const base = buildConnector({ timeout: connectTimeoutMs, lookup: guardedLookup(resolve, allowed) });
  return (options, callback) => {
    if (net.isIP(options.hostname) !== 0 && !allowed(options.hostname)) {
      callback(new RefusedAddressError(options.hostname), null);
      return;
    }
    base(options, (error, socket) => {
      if (error || !socket) {
        callback(error ?? new Error('connect failed'), null);
        return;
      }
      const peer = (socket as Socket).remoteAddress;
      if (!peer || !allowed(peer)) {
        socket.destroy();
        callback(new RefusedAddressError(peer ?? 'unknown'), null);
        return;
      }
      callback(null, socket);
    });
  };
}
