import type { Handlers } from '../../routes/api'
import type { TemplateLibrary } from './template-library'
import type { Templates } from './templates'

export function templateHandlers(
  templates: Templates,
  library: TemplateLibrary,
): Pick<
  Handlers,
  | 'templateList'
  | 'templateDetail'
  | 'templateMine'
  | 'templateDocument'
  | 'templateVersions'
  | 'templateSave'
  | 'templateDuplicate'
  | 'templateDelete'
  | 'templateApprove'
> {
  return {
    templateList: ({ query }) =>
      templates.page({ typeId: query.typeId, q: query.q }, { page: query.page, pageSize: query.pageSize }),
    templateDetail: ({ query, session }) =>
      templates.detail(session?.userId ?? null, query.id, query.version),
    templateMine: ({ query, session }) =>
      library.mine(session.userId, query.q, { page: query.page, pageSize: query.pageSize }),
    templateDocument: ({ query, session }) => library.document(session.userId, query.id, query.version),
    templateVersions: ({ query, session }) =>
      library.versions(session.userId, query.id, { page: query.page, pageSize: query.pageSize }),
    templateSave: ({ body, session }) => library.save(session.userId, body),
    templateDuplicate: ({ body, session }) => library.duplicate(session.userId, body.id),
    templateApprove: ({ body, session }) =>
      library.approve(session.userId, session.actorId ?? session.userId, body),
    templateDelete: async ({ body, session }) => {
      await library.delete(session.userId, body.id)
      return {}
    },
  }
}
