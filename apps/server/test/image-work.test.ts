import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Renderer } from '../src/services/renderer'
import { defaultRenderer } from '../src/services/renderer'
import { startServer, type TestServer } from './harness'
import { allTemplates, detailOf } from './media/catalogue'
import { form, solidImage } from './media/images'

/** A renderer that counts the renders running at once (the real one underneath). */
function countingRenderer() {
  let running = 0
  const counts = { max: 0, calls: 0 }
  const counted =
    <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      running++
      counts.calls++
      counts.max = Math.max(counts.max, running)
      try {
        return await f(...a)
      } finally {
        running--
      }
    }
  const renderer: Renderer = {
    render: counted(defaultRenderer.render),
    renderPreview: counted(defaultRenderer.renderPreview),
    renderPdf: counted(defaultRenderer.renderPdf),
    renderReceipt: defaultRenderer.renderReceipt,
    sanitizeFont: defaultRenderer.sanitizeFont,
  }
  return { renderer, counts }
}

/**
 * Decodes and renders take memory in proportion to their pixels; a process runs only as many at once as its
 * budget allows. The budget is per process and in memory, the same on either database.
 */
describe('image work at once', () => {
  it('renders one preview at a time when each takes the whole budget; the others wait their turn', async () => {
    const { renderer, counts } = countingRenderer()
    const s = await startServer(
      'sqlite',
      { IMAGE_MEGAPIXELS_AT_ONCE: '1', IMAGE_WAIT_SECONDS: '60', PREVIEW_LIMIT: '1000' },
      { media: { renderer } },
    )
    try {
      const { token } = await s.signUp()
      const t = (await allTemplates(s))[0]
      if (!t) throw new Error('no template')
      const detail = await detailOf(s, t.id)
      expect(detail.fields.every((f) => f.kind !== 'image' || !f.required)).toBe(true)
      const previews = await Promise.all(
        Array.from({ length: 8 }, () =>
          fetch(`${s.url}/api/creation/preview`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bucket ${token}` },
            body: JSON.stringify({ templateId: t.id, values: {}, maxSide: 1024 }),
          }),
        ),
      )
      for (const p of previews) {
        expect(p.headers.get('content-type')).toBe('image/webp')
        await p.arrayBuffer()
      }
      expect(counts.calls).toBe(8)
      expect(counts.max).toBe(1)
    } finally {
      await s.close()
    }
  })

  describe('with no room to wait', () => {
    let s: TestServer
    beforeAll(async () => {
      s = await startServer('sqlite', { UPLOADS_AT_ONCE: '1', IMAGE_WAIT_SECONDS: '0' })
    })
    afterAll(() => s.close())

    it('answers uploads beyond the ones taken at once 429 with Retry-After', async () => {
      const { token } = await s.signUp()
      const image = await solidImage('jpeg', 2000, 2000)
      const replies = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const res = await fetch(`${s.url}/api/upload/image`, {
            method: 'POST',
            headers: { authorization: `Bucket ${token}` },
            body: form(image, 'a.jpg', 'image/jpeg'),
          })
          return { retryAfter: res.headers.get('retry-after'), reply: (await res.json()) as { code: number } }
        }),
      )
      const busy = replies.filter((r) => r.reply.code === 429)
      expect(replies.filter((r) => r.reply.code === 0).length).toBeGreaterThanOrEqual(1)
      expect(busy.length).toBeGreaterThanOrEqual(1)
      for (const b of busy) {
        expect(b.retryAfter).toBe('5')
        expect(b.reply).toMatchObject({ data: { retryAfterSeconds: 5 } })
      }
      // Once the others are done, the next one goes through.
      const again = await s.call('POST', '/upload/image', { token, form: form(image, 'a.jpg', 'image/jpeg') })
      expect(again.code).toBe(0)
    })
  })
})
