import { createHmac, timingSafeEqual } from 'node:crypto'

/** Stripe's events are a few kB; the largest (an invoice with many lines) stays far below this. */
export const STRIPE_EVENT_MAX_BYTES = 256 * 1024
/** How far an event's signed time may be from ours, either way (Stripe's SDK default, 5 minutes). */
export const STRIPE_TOLERANCE_SECONDS = 300

export type SignatureRefusal = 'malformed' | 'too_old' | 'in_the_future' | 'mismatch' | 'too_large'

/** A refused delivery: why, for the answer Stripe shows in its dashboard. */
export class StripeSignatureError extends Error {
  override name = 'StripeSignatureError'
  constructor(readonly reason: SignatureRefusal) {
    super(reason)
  }
}

/** `t=<unix seconds>,v1=<hex>[,v1=<hex>…]` (several v1 while a secret is being rolled); other schemes ignored. */
function parseHeader(header: string | undefined): { timestamp: number; signatures: Buffer[] } | undefined {
  if (!header || header.length > 4096) return undefined
  let timestamp = Number.NaN
  const signatures: Buffer[] = []
  for (const item of header.split(',')) {
    const [key, value = ''] = item.trim().split('=', 2)
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value)
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, 'hex'))
  }
  return Number.isFinite(timestamp) && signatures.length > 0 ? { timestamp, signatures } : undefined
}

/**
 * Reads a Stripe webhook body and checks its `Stripe-Signature` (HMAC-SHA256 of `"<t>.<body>"` with the
 * endpoint's secret) as the bytes arrive: the header and its time are checked before any byte is read, at most
 * {@link STRIPE_EVENT_MAX_BYTES} are ever taken in, and the HMAC is fed chunk by chunk. Unlike the SDK's
 * check, a time ahead of ours by more than the tolerance is refused too (a signed event "from the future"
 * would stay replayable for that long). Returns the verified body as text.
 */
export async function readSignedStripeBody(
  body: ReadableStream<Uint8Array> | null,
  o: { header: string | undefined; declaredLength: string | undefined; secret: string; nowMs: number },
): Promise<string> {
  const parsed = parseHeader(o.header)
  if (!parsed) throw new StripeSignatureError('malformed')
  const age = Math.floor(o.nowMs / 1000) - parsed.timestamp
  if (age > STRIPE_TOLERANCE_SECONDS) throw new StripeSignatureError('too_old')
  if (age < -STRIPE_TOLERANCE_SECONDS) throw new StripeSignatureError('in_the_future')
  if (Number(o.declaredLength ?? 0) > STRIPE_EVENT_MAX_BYTES) throw new StripeSignatureError('too_large')

  const hmac = createHmac('sha256', o.secret).update(`${parsed.timestamp}.`)
  const chunks: Uint8Array[] = []
  let size = 0
  if (body) {
    const reader = body.getReader()
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        size += value.byteLength
        if (size > STRIPE_EVENT_MAX_BYTES) throw new StripeSignatureError('too_large')
        hmac.update(value)
        chunks.push(value)
      }
    } finally {
      // Released, not cancelled: the rest of a refused body is drained after the answer (server.ts).
      reader.releaseLock()
    }
  }
  const expected = hmac.digest()
  if (!parsed.signatures.some((s) => timingSafeEqual(s, expected))) throw new StripeSignatureError('mismatch')
  return Buffer.concat(chunks, size).toString('utf8')
}
