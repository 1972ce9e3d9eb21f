import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { catalogueFor } from '../services/catalogue'
import { setStar } from '../services/stars'
import type { Handlers } from './api'

export function templateTypeHandlers(
  db: Kysely<Database>,
  now: () => number,
): Pick<Handlers, 'templateTypeList' | 'starTemplateType'> {
  return {
    templateTypeList: async ({ session }) => {
      const items = await catalogueFor(db, session?.userId ?? null)
      return { items, total: items.length }
    },
    starTemplateType: ({ session, body }) =>
      setStar(db, { userId: session.userId, templateTypeId: body.id, star: body.star, now: now() }),
  }
}
