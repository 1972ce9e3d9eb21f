import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import { Code, type IssuesData, UPLOAD_MAX_BYTES } from '@templet/api/contract'
import { AppError } from '../../errors'
import { isPrivateAddress, PrivateAddressError, publicOnlyLookup } from '../../services/public-address'

/** Redirects followed when fetching an image, each checked as the first address was. */
const MAX_REDIRECTS = 3

export interface ImageFetchOptions {
  /** Loopback and private addresses, and plain http, allowed (tests). */
  allowPrivate: boolean
  timeoutMs: number
}

/** Why an image URL gave no image, as an issue's `reason`. */
type FetchRefusal = 'not_https' | 'private_address' | 'unreachable' | 'http_status' | 'too_large'

const refusal = (path: (string | number)[], reason: FetchRefusal, detail: string) =>
  new AppError(Code.invalidInput, `${path.join('.')}: ${detail}`, {
    issues: [{ path, code: 'invalid', params: { reason } }],
  } satisfies IssuesData)

/**
 * The bytes at an `https://` URL, for an image a customer names instead of uploading it: refused before any
 * connection when the scheme or a literal address is not allowed, and at connection time when the name resolves
 * to a private address (as webhooks are); at most {@link UPLOAD_MAX_BYTES}, read within `timeoutMs`, redirects
 * included. What the bytes are is the uploads' business (they are cleaned as any upload is).
 */
export async function fetchImage(
  url: string,
  path: (string | number)[],
  o: ImageFetchOptions,
): Promise<Uint8Array> {
  const deadline = Date.now() + o.timeoutMs
  let target = imageUrlOf(url, path, o)
  for (let redirects = 0; ; redirects += 1) {
    const answer = await get(target, Math.max(1, deadline - Date.now()), o.allowPrivate).catch((err) => {
      if (err instanceof PrivateAddressError)
        throw refusal(path, 'private_address', `${target.hostname} is not a public address`)
      if (err instanceof TooLarge) throw refusal(path, 'too_large', 'The image is larger than 10 MB')
      throw refusal(
        path,
        'unreachable',
        `Could not fetch the image from ${target.host} (${(err as Error).message}); check the URL or upload the file`,
      )
    })
    if ('location' in answer) {
      if (redirects >= MAX_REDIRECTS)
        throw refusal(path, 'unreachable', `${target.host} redirected more than ${MAX_REDIRECTS} times`)
      target = new URL(answer.location, target)
      assertFetchable(target, path, o)
      continue
    }
    if (answer.status !== 200)
      throw refusal(
        path,
        'http_status',
        `${target.host} answered ${answer.status} for the image; check the URL or upload the file`,
      )
    return answer.body
  }
}

/**
 * `url` as an image may be fetched from, checked without connecting (the scheme, a literal private address): what
 * can be said of an image URL before anything is fetched, as bulk create's check of a CSV says it. Throws the
 * refusal at `path`.
 */
export function imageUrlOf(url: string, path: (string | number)[], o: ImageFetchOptions): URL {
  let target: URL
  try {
    target = new URL(url)
  } catch {
    throw refusal(path, 'not_https', 'Give an https:// URL of the image')
  }
  assertFetchable(target, path, o)
  return target
}

/** Refuses a target (the first or a redirect's) by its scheme or its literal private address. */
function assertFetchable(target: URL, path: (string | number)[], o: ImageFetchOptions): void {
  if (target.protocol !== 'https:' && !(o.allowPrivate && target.protocol === 'http:'))
    throw refusal(path, 'not_https', 'Give an https:// URL of the image')
  const host = target.hostname.replace(/^\[|\]$/g, '')
  if (!o.allowPrivate && net.isIP(host) && isPrivateAddress(host))
    throw refusal(path, 'private_address', `${host} is not a public address`)
}

class TooLarge extends Error {}

/** One GET: a redirect's target, or the status and body (read only for a 200, and only up to the limit). */
function get(
  target: URL,
  timeoutMs: number,
  allowPrivate: boolean,
): Promise<{ location: string } | { status: number; body: Uint8Array }> {
  const request = target.protocol === 'https:' ? https.request : http.request
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      {
        method: 'GET',
        headers: { Accept: 'image/*', 'User-Agent': 'Templet-Images/1.0' },
        ...(allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (res) => {
        const status = res.statusCode ?? 0
        const location = res.headers.location
        if (status >= 300 && status < 400 && location) {
          res.resume()
          return resolve({ location })
        }
        if (status !== 200) {
          res.resume()
          return resolve({ status, body: new Uint8Array() })
        }
        if (Number(res.headers['content-length']) > UPLOAD_MAX_BYTES) return req.destroy(new TooLarge())
        const chunks: Buffer[] = []
        let bytes = 0
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.byteLength
          if (bytes > UPLOAD_MAX_BYTES) req.destroy(new TooLarge())
          else chunks.push(chunk)
        })
        res.on('end', () => resolve({ status, body: new Uint8Array(Buffer.concat(chunks)) }))
        res.on('error', reject)
      },
    )
    const timer = setTimeout(() => req.destroy(new Error(`no image within ${timeoutMs} ms`)), timeoutMs)
    req.on('close', () => clearTimeout(timer))
    req.on('error', reject)
    req.end()
  })
}
