import { z } from 'zod'
import { UPLOAD_MAX_BYTES } from '../limits'
import { resetTokenField } from './envelope'
import { queryId } from './media-fields'

export { UPLOAD_MAX_BYTES }

/** `multipart/form-data` of `POST /upload/image`: one part `file`, PNG, JPEG or WebP (checked by content). */
export const uploadImageBody = z.strictObject({
  file: z.file({ error: 'file: attach an image in the multipart part "file"' }),
})

export const uploadInfo = z.object({
  /** Use it (as a string) as the value of an image field. */
  id: z.number().int().positive(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Signed, expiring URL of the stored image (works in an `<img>` without the token). */
  url: z.string(),
})
export type UploadInfo = z.infer<typeof uploadInfo>

export const uploadImageData = uploadInfo.extend({ ...resetTokenField })
export type UploadImageData = z.infer<typeof uploadImageData>

/** `GET /upload/detail`: one of the caller's uploads (to show an image value again in the editor). */
export const uploadDetailQuery = z.strictObject({ id: queryId('id') })
export const uploadDetailData = uploadImageData
