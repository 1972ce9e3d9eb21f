import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { V1Env } from '../../v1/env'
import { requireScope } from '../../v1/middleware'
import { ok, problems, SECURITY } from '../../v1/openapi-parts'
import { Balance } from '../../v1/schemas'
import { creditsSpentSince, ledgerBalance } from './ledger.queries'

const balance = createRoute({
  operationId: 'getBalance',
  method: 'get',
  path: '/balance',
  tags: ['balance'],
  summary: 'The credits you can spend, and those spent this month',
  security: [{ [SECURITY]: [] }],
  middleware: [requireScope('read', 'render')] as const,
  responses: { 200: ok(Balance, 'The balance'), ...problems(403) },
})

/** The first instant of `now`'s calendar month, UTC. */
const monthStart = (now: number) => {
  const d = new Date(now)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)
}

export function balanceRoutes(app: OpenAPIHono<V1Env>, d: { db: Kysely<Database>; now: () => number }) {
  app.openapi(balance, async (c) => {
    const { userId, livemode } = c.get('caller')
    const since = monthStart(d.now())
    const [credits, spent] = await Promise.all([
      ledgerBalance(d.db, userId),
      creditsSpentSince(d.db, userId, since),
    ])
    return c.json(
      {
        object: 'balance' as const,
        livemode,
        credits,
        spent_this_month: spent,
        month_started_at: new Date(since).toISOString(),
      },
      200,
    )
  })
}
