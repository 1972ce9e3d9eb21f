import type { TemplateTypes } from '../services/template-types'
import type { Handlers } from './api'

export function templateTypeHandlers(
  types: TemplateTypes,
): Pick<Handlers, 'templateTypeList' | 'starTemplateType'> {
  return {
    templateTypeList: async ({ session }) => {
      const items = await types.list(session?.userId ?? null)
      return { items, total: items.length }
    },
    starTemplateType: ({ session, body }) => types.star(session.userId, body.id, body.star),
  }
}
