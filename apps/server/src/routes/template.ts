import type { Templates } from '../services/templates'
import type { Handlers } from './api'

export function templateHandlers(templates: Templates): Pick<Handlers, 'templateList' | 'templateDetail'> {
  return {
    templateList: ({ query }) =>
      templates.page({ typeId: query.typeId, q: query.q }, { page: query.page, pageSize: query.pageSize }),
    templateDetail: ({ query }) => templates.detail(query.id),
  }
}
