import { findOwnUpload } from '../db/uploads'
import { notFound } from '../errors'
import type { FileUrls } from '../services/file-urls'
import { storeUpload, type UploadDeps } from '../services/uploads'
import type { Handlers } from './api'

export function uploadHandlers(
  deps: UploadDeps,
  urls: FileUrls,
): Pick<Handlers, 'uploadImage' | 'uploadDetail'> {
  return {
    uploadImage: async ({ session, body }) => {
      const stored = await storeUpload(deps, session.userId, new Uint8Array(await body.file.arrayBuffer()))
      return { ...stored, url: urls.url({ kind: 'upload', id: stored.id, variant: 'image' }) }
    },
    uploadDetail: async ({ session, query }) => {
      const row = await findOwnUpload(deps.db, query.id, session.userId)
      if (!row) throw notFound('Upload')
      return {
        id: row.id,
        width: row.width,
        height: row.height,
        url: urls.url({ kind: 'upload', id: row.id, variant: 'image' }),
      }
    },
  }
}
