import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { V1Env } from '../../v1/env'
import type { idempotency } from '../../v1/idempotency'
import { requireScope } from '../../v1/middleware'
import { idempotencyHeader, ok, problems, SECURITY } from '../../v1/openapi-parts'
import { Problem } from '../../v1/problem'
import { idParam, Upload, UploadFile, UploadFromUrl } from '../../v1/schemas'
import { absolute } from '../../v1/views'
import type { StoredUpload, Uploads } from './uploads'

const createRouteOf = (idem: ReturnType<typeof idempotency>) =>
  createRoute({
    operationId: 'createUpload',
    method: 'post',
    path: '/uploads',
    tags: ['uploads'],
    summary:
      'Upload an image (a file, or a public https:// URL we fetch once) to use as an image field’s value',
    description: [
      'PNG, JPEG or WebP, at most 10 MB and 50 megapixels; kept cleaned of its metadata (location, camera).',
      'A URL is fetched once, from a public address only (private networks and this server are refused), within',
      '10 s and 3 redirects. Uploads count toward your plan’s storage and its uploads per hour (**429** beyond).',
      'Instead of uploading first, a render’s or batch row’s image value may also be an https:// URL.',
    ].join(' '),
    security: [{ [SECURITY]: [] }],
    middleware: [requireScope('render'), idem] as const,
    request: {
      headers: idempotencyHeader,
      body: {
        required: false,
        content: {
          'multipart/form-data': { schema: UploadFile },
          'application/json': { schema: UploadFromUrl },
        },
      },
    },
    responses: {
      201: ok(Upload, 'Stored', { Location: { description: 'The upload', schema: { type: 'string' } } }),
      ...problems(400, 403, 413, 415, 429),
    },
  })

const get = createRoute({
  operationId: 'getUpload',
  method: 'get',
  path: '/uploads/{id}',
  tags: ['uploads'],
  summary: 'One of your uploads, with a fresh signed URL',
  security: [{ [SECURITY]: [] }],
  middleware: [requireScope('read', 'render')] as const,
  request: { params: idParam },
  responses: { 200: ok(Upload, 'The upload'), ...problems(400, 403, 404) },
})

const view = (c: Context<V1Env>, u: StoredUpload) => ({
  object: 'upload' as const,
  id: u.id,
  name: u.name,
  width: u.width,
  height: u.height,
  url: absolute(new URL(c.req.url).origin, u.url),
})

const storeFile = async (uploads: Uploads, userId: number, file: File) =>
  uploads.storeFrom(userId, { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name })

/** `/v1/uploads`: images sent as a file or named by URL, stored as the app's uploads are. */
export function uploadRoutes(
  app: OpenAPIHono<V1Env>,
  d: { uploads: Uploads; idempotency: ReturnType<typeof idempotency> },
) {
  app.openapi(createRouteOf(d.idempotency), async (c) => {
    const { userId } = c.get('caller')
    const type = c.req.header('content-type') ?? ''
    // Each body was checked against the schema of its own content type.
    const stored = /^multipart\/form-data\b/i.test(type)
      ? await storeFile(d.uploads, userId, (c.req.valid('form') as { file: File }).file)
      : /^application\/json\b/i.test(type)
        ? await d.uploads.storeFrom(userId, {
            url: (c.req.valid('json') as { url: string }).url,
            path: ['url'],
          })
        : undefined
    if (!stored)
      throw new Problem(
        'unsupported_media_type',
        'Send the image as multipart/form-data with a file part, or JSON {"url": "https://…"}',
      )
    return c.json(view(c, stored), 201, { Location: `/v1/uploads/${stored.id}` })
  })

  app.openapi(get, async (c) =>
    c.json(view(c, await d.uploads.detail(c.get('caller').userId, c.req.valid('param').id)), 200),
  )
}
