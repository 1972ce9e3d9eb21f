import { TRUNCATED_FIELDS_HEADER, truncatedFieldsHeader } from '@templet/api/contract'
import type { Handlers } from '../../routes/api'
import type { Creations } from './creations'

export function creationHandlers(
  creations: Creations,
): Pick<
  Handlers,
  | 'createCreation'
  | 'creationList'
  | 'creationDetail'
  | 'deleteCreation'
  | 'renameCreation'
  | 'previewCreation'
> {
  return {
    createCreation: ({ session, body }) =>
      creations.create({ userId: session.userId, startedBy: session.actorId, ...body }),
    creationList: ({ session, query }) =>
      creations.list(
        { userId: session.userId, typeId: query.typeId, templateId: query.templateId, q: query.q },
        { page: query.page, pageSize: query.pageSize, sort: query.sort },
      ),
    creationDetail: ({ session, query }) => creations.detail(query.id, session.userId),
    deleteCreation: async ({ session, body }) => {
      await creations.delete(body.id, session.userId)
      return {}
    },
    renameCreation: ({ session, body }) => creations.rename(body.id, session.userId, body.name),
    previewCreation: async ({ session, body }) => {
      const { truncated, ...image } = await creations.preview({ userId: session.userId, ...body })
      return { ...image, headers: { [TRUNCATED_FIELDS_HEADER]: truncatedFieldsHeader(truncated) } }
    },
  }
}
