import type { Handlers } from '../../routes/api'
import type { TemplateTypes } from './template-types'

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
