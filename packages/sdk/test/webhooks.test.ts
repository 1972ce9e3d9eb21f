import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { verifyWebhook, WebhookSignatureError } from '../src'

const secret = 'whsec_test'
const body = JSON.stringify({
  id: 'evt_1',
  object: 'event',
  type: 'render.completed',
  data: { object: { id: 42 } },
})
const now = 1_767_225_600_000
/** The header as the server writes it (written here with node:crypto, not with the SDK's own code). */
const header = (t: number, text = body, key = secret) =>
  `t=${t},v1=${createHmac('sha256', key).update(`${t}.${text}`).digest('hex')}`

describe('verifyWebhook', () => {
  it('returns the event of a delivery signed with the secret within the tolerance', async () => {
    const event = await verifyWebhook(body, header(now / 1000), secret, { now: () => now })
    expect(event.type).toBe('render.completed')
    // The events are told apart by type: a completed render's object is a render.
    if (event.type === 'render.completed') expect(event.data.object.id).toBe(42)
    await expect(
      verifyWebhook(body, header(now / 1000 - 299), secret, { now: () => now }),
    ).resolves.toBeTruthy()
  })

  it('refuses another secret, a changed body, an old or malformed signature, or none', async () => {
    const check = (text: string, h: string | undefined) => verifyWebhook(text, h, secret, { now: () => now })
    await expect(check(body, header(now / 1000, body, 'other'))).rejects.toThrow(WebhookSignatureError)
    await expect(check(body.replace('42', '43'), header(now / 1000))).rejects.toThrow(/does not match/)
    await expect(check(body, header(now / 1000 - 301))).rejects.toThrow(/too old/)
    await expect(check(body, 't=abc,v1=zz')).rejects.toThrow(/not t=/)
    await expect(check(body, undefined)).rejects.toThrow(/No Templet-Signature/)
  })
})
