// Connections the server makes on behalf of a user (link previews, push services) go only to
// public addresses. The check runs in the socket's own `lookup`, so the socket connects to the
// address that was vetted and a host name cannot be re-pointed between the check and the connection.
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { isAllowedAddress } from './addresses.ts';

/** The address is not one the server may connect to (a private network, say). */
export class AddressRefusedError extends Error {
  constructor(message = 'The address is not allowed.') {
    super(message);
    this.name = 'AddressRefusedError';
  }
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to its addresses. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolve: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * A socket `lookup` that resolves with `resolve` and refuses the host unless every one of its
 * addresses is allowed (with `allowPrivate`, loopback and private networks too).
 */
export function vettedLookup(resolve: Resolver, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const addresses = found.filter((a) => !options.family || a.family === options.family);
        const first = addresses[0];
        if (!first) {
          callback(Object.assign(new Error(`No address for ${hostname}.`), { code: 'ENOTFOUND' }), '');
          return;
        }
        // A name that also resolves to an inside address is refused whole.
        if (addresses.some((a) => !isAllowedAddress(a.address, allowPrivate))) {
          callback(new AddressRefusedError(), '');
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

/** Throws when the URL's host is an IP address written out that may not be reached (no lookup runs for those). */
export function checkLiteralHost(url: URL, allowPrivate: boolean): void {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (isIP(host) && !isAllowedAddress(host, allowPrivate)) throw new AddressRefusedError();
}
