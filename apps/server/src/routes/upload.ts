import type { FileUrls } from '../services/file-urls'
import { storeUpload, type UploadDeps } from '../services/uploads'
import type { Handlers } from './api'

export function uploadHandlers(deps: UploadDeps, urls: FileUrls): Pick<Handlers, 'uploadImage'> {
  return {
    uploadImage: async ({ session, body }) => {
      const stored = await storeUpload(deps, session.userId, new Uint8Array(await body.file.arrayBuffer()))
      return { ...stored, url: urls.url({ kind: 'upload', id: stored.id, variant: 'image' }) }
    },
  }
}
