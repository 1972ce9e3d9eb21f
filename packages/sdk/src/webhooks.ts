import type { components } from './generated/v1-api'
import { hmacHex, sameHex } from './hmac'

type Schemas = components['schemas']
/** Every event a webhook endpoint receives: tell them apart by `type`. */
export type WebhookEvent =
  | Schemas['RenderCompletedEvent']
  | Schemas['RenderFailedEvent']
  | Schemas['BatchCompletedEvent']
  | Schemas['PingEvent']

/** Events older (or newer) than this are refused by default: a replayed delivery is one captured long ago. */
const DEFAULT_TOLERANCE_SECONDS = 300

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError'
}

/**
 * Checks a webhook delivery's `Templet-Signature` header (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw
 * body>">`, keyed with the endpoint's secret) and returns the event it carries. `body` must be the raw text as
 * received: a body parsed and serialised again no longer matches. Throws {@link WebhookSignatureError} for a
 * missing, malformed or wrong signature, or one outside `toleranceSeconds` of now.
 */
export async function verifyWebhook<Event = WebhookEvent>(
  body: string,
  header: string | null | undefined,
  secret: string,
  o: { toleranceSeconds?: number; now?: () => number } = {},
): Promise<Event> {
  if (!header) throw new WebhookSignatureError('No Templet-Signature header')
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=')
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const
    }),
  )
  const t = parts.get('t')
  const v1 = parts.get('v1')
  if (!t || !/^\d{1,12}$/.test(t) || !v1 || !/^[0-9a-f]{64}$/.test(v1))
    throw new WebhookSignatureError('Templet-Signature is not t=<seconds>,v1=<hex>')
  const nowSeconds = (o.now?.() ?? Date.now()) / 1000
  if (Math.abs(nowSeconds - Number(t)) > (o.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS))
    throw new WebhookSignatureError(
      'The signature is too old (or from the future): check the clock, or a replay',
    )
  if (!sameHex(await hmacHex(secret, `${t}.${body}`), v1))
    throw new WebhookSignatureError('The signature does not match: wrong secret, or the body was changed')
  return JSON.parse(body) as Event
}
