import type { Handlers } from '../../routes/api'
import type { Uploads } from './uploads'

export function uploadHandlers(
  uploads: Uploads,
): Pick<Handlers, 'uploadImage' | 'uploadDetail' | 'uploadList' | 'uploadUsage' | 'deleteUpload'> {
  return {
    uploadImage: async ({ session, body }) =>
      uploads.store(session.userId, new Uint8Array(await body.file.arrayBuffer()), body.file.name),
    uploadDetail: ({ session, query }) => uploads.detail(session.userId, query.id),
    uploadList: ({ session, query }) => uploads.list(session.userId, query),
    uploadUsage: ({ session }) => uploads.usage(session.userId),
    deleteUpload: async ({ session, body }) => {
      await uploads.delete(session.userId, body.id)
      return {}
    },
  }
}
