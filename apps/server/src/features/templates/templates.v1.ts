import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { FileUrls } from '../../services/file-urls'
import type { V1Env } from '../../v1/env'
import { requireScope } from '../../v1/middleware'
import { ok, problems, SECURITY } from '../../v1/openapi-parts'
import { Problem } from '../../v1/problem'
import { cursorOf, idParam, pageQuery, Template, TemplateList } from '../../v1/schemas'
import { templateView } from '../../v1/views'
import { usableTemplatesPage } from './template-pages.queries'
import { findUsableTemplate } from './templates.queries'

const list = createRoute({
  operationId: 'listTemplates',
  method: 'get',
  path: '/templates',
  tags: ['templates'],
  summary: 'The templates you can render, by id, with their fields and sizes',
  security: [{ [SECURITY]: [] }],
  middleware: [requireScope('read', 'render')] as const,
  request: { query: pageQuery },
  responses: { 200: ok(TemplateList, 'One page of templates'), ...problems(400, 403) },
})

const detail = createRoute({
  operationId: 'getTemplate',
  method: 'get',
  path: '/templates/{id}',
  tags: ['templates'],
  summary: 'One template with its fields (what `values` takes) and sizes',
  security: [{ [SECURITY]: [] }],
  middleware: [requireScope('read', 'render')] as const,
  request: { params: idParam },
  responses: { 200: ok(Template, 'The template'), ...problems(400, 403, 404) },
})

export function templateRoutes(app: OpenAPIHono<V1Env>, d: { db: Kysely<Database>; urls: FileUrls }) {
  app.openapi(list, async (c) => {
    const page = await usableTemplatesPage(d.db, c.get('caller').userId, cursorOf(c.req.valid('query')))
    const origin = new URL(c.req.url).origin
    return c.json(
      {
        object: 'list' as const,
        data: page.items.map((r) => templateView(r, origin, d.urls)),
        has_more: page.hasMore,
      },
      200,
    )
  })
  app.openapi(detail, async (c) => {
    const row = await findUsableTemplate(d.db, c.req.valid('param').id, c.get('caller').userId)
    if (!row) throw new Problem('not_found', 'Template not found')
    return c.json(templateView(row, new URL(c.req.url).origin, d.urls), 200)
  })
}
