import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { templateDetail, templatePage } from '../services/templates'
import type { Handlers } from './api'

export function templateHandlers(db: Kysely<Database>): Pick<Handlers, 'templateList' | 'templateDetail'> {
  return {
    templateList: ({ query }) =>
      templatePage(db, { typeId: query.typeId, q: query.q }, { page: query.page, pageSize: query.pageSize }),
    templateDetail: ({ query }) => templateDetail(db, query.id),
  }
}
