import dns from 'node:dns'
import net from 'node:net'

/** Addresses a request we make for a customer (a webhook, an image by URL) may not reach: this machine, private networks, link-local, and other special ranges. */
const blocked = new net.BlockList()
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(address, prefix, 'ipv4')
// An IPv4 address can also hide in an IPv6 one other than the mapped form checked below: the deprecated
// IPv4-compatible form (::127.0.0.1, in ::/96 with :: and ::1), the translated form (::ffff:0:127.0.0.1), 6to4
// (2002:7f00:1::, deprecated) and Teredo (2001::/32). None is a public web host's address: all are refused whole.
for (const [address, prefix] of [
  ['::', 96],
  ['::ffff:0:0:0', 96],
  ['2002::', 16],
  ['2001::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  blocked.addSubnet(address, prefix, 'ipv6')

/** True when `address` (an IP) is private, loopback or otherwise not a public host. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address)
  if (family === 4) return blocked.check(address, 'ipv4')
  if (family !== 6) return true
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is checked as the IPv4 address it is.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4')
  return blocked.check(address, 'ipv6')
}

export class PrivateAddressError extends Error {
  override name = 'PrivateAddressError'
  readonly code = 'EPRIVATEADDRESS'
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void

/**
 * A `lookup` for http(s).request that refuses private addresses: the check is made on the very addresses the
 * connection will use, so a name that resolves to a public address when the endpoint is saved and to a private
 * one later (DNS rebinding) is still refused.
 */
export function publicOnlyLookup(
  hostname: string,
  options: dns.LookupOptions,
  callback: LookupCallback,
): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, [])
    const list = addresses as dns.LookupAddress[]
    const refused = list.find((a) => isPrivateAddress(a.address))
    if (refused || list.length === 0)
      return callback(new PrivateAddressError(`${hostname} resolves to a private address`), [])
    if (options.all) return callback(null, list)
    const first = list[0] as dns.LookupAddress
    callback(null, first.address, first.family)
  })
}

/** Resolves `url`'s host and says whether every address it has is public (for a check when it is saved). */
export async function resolvesToPublic(url: URL): Promise<boolean> {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (net.isIP(host)) return !isPrivateAddress(host)
  try {
    const addresses = await dns.promises.lookup(host, { all: true })
    return addresses.length > 0 && addresses.every((a) => !isPrivateAddress(a.address))
  } catch {
    return false
  }
}
