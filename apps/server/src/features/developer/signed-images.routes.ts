import { Hono } from 'hono'
import { errorFields, type Logger } from '../../log'
import type { V1Env } from '../../v1/env'
import { Problem, sendProblem, toProblem } from '../../v1/problem'
import { bodyBytes } from '../../web/body'
import type { SignedImages } from './signed-images'

/**
 * `/r/{key_id}/{template_id}.{ext}`: signed image URLs, for an `<img>` in an e-mail or an Open Graph card. A made
 * image is immutable (its URL names it whole), so it is cached for a year by anyone and revalidated by its ETag;
 * refusals are problems, never cached.
 */
export function signedImageRoutes(images: SignedImages, log: Logger): Hono<V1Env> {
  const app = new Hono<V1Env>()
  app.get('/:keyId/:file', async (c) => {
    const { keyId, file } = c.req.param()
    const named = /^([1-9]\d{0,15})\.([a-z]+)$/.exec(file)
    if (!/^[1-9]\d{0,15}$/.test(keyId) || !named)
      throw new Problem(
        'not_found',
        'An image URL is /r/<key id>/<template id>.<png|jpg|webp>?…&s=<signature>',
      )
    const answer = await images.answer({
      keyId: Number(keyId),
      templateId: Number(named[1]),
      extension: named[2] as string,
      query: [...new URL(c.req.url).searchParams],
      ifNoneMatch: c.req.header('if-none-match'),
    })
    const cached = { 'Cache-Control': 'public, max-age=31536000, immutable' }
    if (answer.status === 202)
      return c.json({ status: 'rendering', retry_after_seconds: answer.retryAfterSeconds }, 202, {
        'Retry-After': String(answer.retryAfterSeconds),
        'Cache-Control': 'no-store',
      })
    if (answer.status === 304) return c.body(null, 304, { ETag: answer.etag, ...cached })
    return c.body(bodyBytes(answer.bytes), 200, {
      'Content-Type': answer.contentType,
      ETag: answer.etag,
      ...cached,
      // Shown by other sites (mail clients, social networks): the default same-origin policy would block it.
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'X-Content-Type-Options': 'nosniff',
    })
  })
  app.onError((err, c) => {
    const known = toProblem(err)
    if (known) return sendProblem(c, known)
    log.error('signed image failed', { requestId: c.get('requestId'), path: c.req.path, ...errorFields(err) })
    return sendProblem(c, new Problem('internal', 'Something went wrong on our side; please try again'))
  })
  return app
}
