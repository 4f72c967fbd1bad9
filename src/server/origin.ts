// Which reverse proxies are believed, and the origin the server writes into QR codes and share links. A client
// chooses its Host header freely, so that header never names the origin: PUBLIC_URL does; else a listed proxy's
// X-Forwarded-Host; else the address the client actually reached this server on.
import net from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Config } from './config';

/** The ranges proxy-addr (what Fastify used for TRUST_PROXY) knows by name, so the same lists keep working. */
const NAMED: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** An IPv4 client seen on a dual-stack socket (::ffff:10.0.0.1) is the IPv4 address. */
const plainAddress = (a: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(a) ? a.slice(7) : a);

function blockListOf(entries: string[]): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries) {
    const named = Object.hasOwn(NAMED, entry) ? NAMED[entry] : undefined;
    if (named) {
      for (const [addr, prefix, family] of named) list.addSubnet(addr, prefix, family);
      continue;
    }
    const [addr, prefix, extra] = entry.split('/');
    const family = net.isIP(plainAddress(addr));
    const bits = prefix === undefined ? undefined : Number(prefix);
    if (
      !family ||
      extra !== undefined ||
      (bits !== undefined && !(Number.isInteger(bits) && bits >= 0 && bits <= (family === 4 ? 32 : 128)))
    ) {
      throw new Error(
        `TRUST_PROXY: cannot read "${entry}" (an address, an address/prefix, loopback, linklocal or uniquelocal)`,
      );
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(plainAddress(addr), type);
    else list.addSubnet(plainAddress(addr), bits, type);
  }
  return list;
}

const compiled = new Map<string, (address: string | undefined) => boolean>();

/**
 * Whether an address is one of the listed proxies; Fastify is given this same test (app.ts), so the proxies whose
 * X-Forwarded-For sets the client address (rate limits) are exactly those whose X-Forwarded-Host sets the origin.
 */
export function proxyTrust(list: false | string[]): (address: string | undefined) => boolean {
  if (!list || !list.length) return () => false;
  const key = list.join(',');
  let trust = compiled.get(key);
  if (!trust) {
    const blocks = blockListOf(list);
    trust = (address) => {
      if (!address) return false;
      const a = plainAddress(address);
      const family = net.isIP(a);
      return family !== 0 && blocks.check(a, family === 4 ? 'ipv4' : 'ipv6');
    };
    compiled.set(key, trust);
  }
  return trust;
}

/** host or host:port, a name or an address: nothing a link's origin could be bent by (user@, paths, spaces). */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The host a listed proxy forwarded (its last X-Forwarded-Host, as Fastify reads it), or undefined. */
function forwardedHost(req: FastifyRequest, trustProxy: false | string[]): string | undefined {
  const header = req.headers['x-forwarded-host'];
  if (!header || !proxyTrust(trustProxy)(req.raw.socket?.remoteAddress)) return undefined;
  const last = (Array.isArray(header) ? header.join(',') : header).split(',').pop()?.trim() ?? '';
  return HOST.test(last) ? last : undefined;
}

const WILDCARD = new Set(['0.0.0.0', '::', '']);

/** Where the client reached this server: the connection's own address, else the configured one. */
function ownHost(req: FastifyRequest, config: Pick<Config, 'host' | 'port'>): string {
  const socket = req.raw.socket;
  const local = socket?.localAddress ? plainAddress(socket.localAddress) : undefined;
  const [host, port] =
    local && socket.localPort
      ? [local, socket.localPort]
      : [WILDCARD.has(config.host) ? 'localhost' : config.host, config.port];
  return `${net.isIPv6(host) ? `[${host}]` : host}:${port}`;
}

export type OriginConfig = Pick<Config, 'publicUrl' | 'trustProxy' | 'host' | 'port'>;

/** The origin links are built on: PUBLIC_URL; else a listed proxy's forwarded host; else this server's address. */
export function publicOrigin(req: FastifyRequest, config: OriginConfig): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  // req.protocol believes X-Forwarded-Proto only from a listed proxy (Fastify's trustProxy, set from proxyTrust).
  return `${req.protocol}://${forwardedHost(req, config.trustProxy) ?? ownHost(req, config)}`;
}
