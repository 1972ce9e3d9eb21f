import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { FileUrls } from '../../services/file-urls'
import type { V1Env } from '../../v1/env'
import { requireScope } from '../../v1/middleware'
import { ok, problems, SECURITY } from '../../v1/openapi-parts'
import { PROBLEM_BASE, problemTypes } from '../../v1/problem'
import { cursorOf, idParam, ProblemDetails, pageQuery, Template, TemplateList } from '../../v1/schemas'
import { templateView } from '../../v1/views'
import { usableTemplatesPage } from './template-pages.queries'
import type { ResolvedTemplate } from './templates'

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

const detailProblems = problems(400, 403, 404, 409)

const detail = createRoute({
  operationId: 'getTemplate',
  method: 'get',
  path: '/templates/{id}',
  tags: ['templates'],
  summary: 'One template with its fields (what `values` takes) and sizes',
  description:
    'The template as a render of yours would draw it: in a team that creates only from approved versions, its latest approved version (its `version`, fields and sizes; not a draft saved since); elsewhere its current version.',
  security: [{ [SECURITY]: [] }],
  middleware: [requireScope('read', 'render')] as const,
  request: { params: idParam },
  responses: {
    200: ok(Template, 'The template, as a render would draw it'),
    ...detailProblems,
    409: {
      ...detailProblems[409],
      description:
        'Conflict: the template’s team creates only from approved versions and it has none approved (or it is a catalogue template, which has none in the team); a render of it answers the same problem',
      content: {
        'application/problem+json': {
          schema: ProblemDetails,
          example: {
            type: `${PROBLEM_BASE}conflict`,
            title: problemTypes.conflict.title,
            status: 409,
            detail:
              "“Bold quote” has no approved version, and this team creates only from approved versions: ask the team's owner or an admin to approve one in the design's History",
          },
        },
      },
    },
  },
})

export function templateRoutes(
  app: OpenAPIHono<V1Env>,
  d: {
    db: Kysely<Database>
    urls: FileUrls
    /** The template as a render of the caller's would draw it, or the render's refusal (Creations.resolve). */
    resolve: (userId: number, templateId: number) => Promise<ResolvedTemplate>
  },
) {
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
  // What `values` takes is what a render takes: in a team that creates only from approved versions, the latest
  // approved version's fields (not the draft saved since), and with none approved the 409 the render answers.
  app.openapi(detail, async (c) => {
    const drawn = await d.resolve(c.get('caller').userId, c.req.valid('param').id)
    return c.json(templateView(drawn.row, new URL(c.req.url).origin, d.urls, drawn), 200)
  })
}
