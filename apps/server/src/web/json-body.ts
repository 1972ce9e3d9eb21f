import { Code, type IssuesData } from '@templet/api/contract'
import { AppError, refuseSlowly } from '../errors'

export interface JsonBodyLimits {
  /** Bytes of the body. */
  maxBytes: number
  /** Object members, array items and arrays together. */
  maxValues: number
  /** Objects and arrays nested in each other. */
  maxDepth: number
  /** How long the answer to a body past these limits waits (see `refuseSlowly`). */
  refusalDelayMs: number
}

/**
 * The limits of an API body. Every body of the contract holds a few dozen values; 10,000 leaves room for
 * large documents while keeping `JSON.parse` of any accepted body to a few milliseconds (a 1 MB object of
 * 90,000 keys takes 20–35 ms, time every other request waits for).
 */
export const API_JSON_LIMITS: Omit<JsonBodyLimits, 'refusalDelayMs'> = {
  maxBytes: 1024 * 1024,
  maxValues: 10_000,
  maxDepth: 32,
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COLON = 0x3a
const COMMA = 0x2c
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d

const tooBig = (origin: 'values' | 'depth', maximum: number, msg: string) =>
  new AppError(Code.invalidInput, `body: ${msg}`, {
    issues: [{ path: [], code: 'too_big', params: { origin, maximum } }],
  } satisfies IssuesData)

/**
 * Counts the values and the nesting of JSON text as its bytes arrive, and throws as soon as either passes its
 * limit: a hostile body is refused after the first few kB, before it is buffered or parsed. It does not check
 * that the text is JSON (`JSON.parse` does that afterwards, on a body known to be small in structure); every
 * byte it looks for is ASCII, so it works on UTF-8 bytes split anywhere.
 */
export class JsonShape {
  #inString = false
  #escaped = false
  /** Whether each open container is an array (true) or an object (false), innermost last. */
  #open: boolean[] = []
  #values = 0

  constructor(private readonly limits: Pick<JsonBodyLimits, 'maxValues' | 'maxDepth'>) {}

  feed(bytes: Uint8Array): void {
    const n = bytes.length
    // The next backslash and the next quote of this chunk, each searched again only once passed: searching
    // for each string, or for each escape of a long string, would be quadratic.
    let backslash = bytes.indexOf(BACKSLASH)
    let quote = bytes.indexOf(QUOTE)
    let i = 0
    while (i < n) {
      if (this.#inString) {
        if (this.#escaped) {
          this.#escaped = false
          i++
          continue
        }
        if (backslash !== -1 && backslash < i) backslash = bytes.indexOf(BACKSLASH, i)
        if (quote !== -1 && quote < i) quote = bytes.indexOf(QUOTE, i)
        if (backslash !== -1 && (quote === -1 || backslash < quote)) {
          this.#escaped = true
          i = backslash + 1
        } else if (quote !== -1) {
          this.#inString = false
          i = quote + 1
        } else {
          return
        }
        continue
      }
      switch (bytes[i]) {
        case QUOTE:
          this.#inString = true
          break
        case OPEN_ARRAY:
          this.#count()
          this.#push(true)
          break
        case OPEN_OBJECT:
          this.#push(false)
          break
        case CLOSE_ARRAY:
        case CLOSE_OBJECT:
          this.#open.pop()
          break
        case COLON:
          this.#count()
          break
        case COMMA:
          if (this.#open.at(-1) === true) this.#count()
          break
      }
      i++
    }
  }

  #count() {
    this.#values++
    if (this.#values > this.limits.maxValues)
      throw tooBig(
        'values',
        this.limits.maxValues,
        `Too many fields and items (at most ${this.limits.maxValues})`,
      )
  }

  #push(isArray: boolean) {
    this.#open.push(isArray)
    if (this.#open.length > this.limits.maxDepth)
      throw tooBig('depth', this.limits.maxDepth, `Nested more than ${this.limits.maxDepth} levels deep`)
  }
}

export const bodyTooLarge = (maxBytes: number) =>
  new AppError(
    Code.payloadTooLarge,
    `body: The request body is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`,
  )

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i

/** Whether the request says it carries a body (a length above 0, or a chunked one). */
export function hasBody(req: Request): boolean {
  const length = req.headers.get('content-length')
  return length === null ? req.headers.has('transfer-encoding') : length !== '0'
}

/**
 * The JSON body of `req`, read as it streams in and refused as soon as it passes a limit (413 over
 * `maxBytes`, 400 for too many values or too deep). An empty body is `{}`. Whatever is refused stays unread
 * on the connection; the server drains it after the answer (server.ts).
 */
export async function readJsonBody(req: Request, limits: JsonBodyLimits): Promise<unknown> {
  const declared = Number(req.headers.get('content-length') ?? 0)
  if (declared > limits.maxBytes) throw bodyTooLarge(limits.maxBytes)
  if (!req.body || !hasBody(req)) return {}
  // A form or `text/plain` post from another site may not be treated as an API call.
  if (!JSON_TYPE.test(req.headers.get('content-type') ?? ''))
    throw new AppError(Code.unsupportedMediaType, 'body: Send the body as application/json')
  const shape = new JsonShape(limits)
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = req.body.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > limits.maxBytes) throw bodyTooLarge(limits.maxBytes)
      try {
        shape.feed(value)
      } catch (err) {
        return await refuseSlowly(err as Error, limits.refusalDelayMs)
      }
      chunks.push(value)
    }
  } finally {
    // Released, not cancelled: cancelling would destroy the socket before the answer is written.
    reader.releaseLock()
  }
  const text = Buffer.concat(chunks, size).toString('utf8')
  if (text.trim() === '') return {}
  try {
    return JSON.parse(text)
  } catch {
    throw new AppError(Code.invalidInput, 'body: Malformed JSON', {
      issues: [{ path: [], code: 'malformed_json', params: {} }],
    } satisfies IssuesData)
  }
}
