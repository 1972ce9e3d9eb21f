import { z } from 'zod'
import { UPLOAD_MAX_BYTES } from '../limits'
import { offerTier } from './billing'
import { resetTokenField } from './envelope'
import { bodyId, page, pageSize, queryId } from './media-fields'

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

/** `GET /upload/list`: the caller's uploads, newest first. */
export const uploadListQuery = z.strictObject({ page, pageSize })
export const uploadListItem = uploadInfo.extend({
  /**
   * The file's name as it was chosen (or the last segment of the URL it was fetched from); null for uploads made
   * before uploads had names. A bulk CSV's image cell takes it, as it takes the id.
   */
  name: z.string().nullable(),
  /** Bytes kept in storage (the cleaned image). */
  bytes: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
  /** How many of the caller's creations draw it; an upload no creation uses is deleted after the retention period. */
  creations: z.number().int().nonnegative(),
})
export type UploadListItem = z.infer<typeof uploadListItem>
export const uploadListData = z.array(uploadListItem)

/** `GET /upload/usage`: the storage the caller's uploads take and what their plan allows. */
export const uploadUsageData = z.object({
  usedBytes: z.number().int().nonnegative(),
  quotaBytes: z.number().int().positive(),
  files: z.number().int().nonnegative(),
  /** `free`, or the tier of the subscription whose allowance applies. */
  plan: z.union([z.literal('free'), offerTier]),
  /** Days an upload that no creation uses is kept. */
  retentionDays: z.number().int().positive(),
  ...resetTokenField,
})
export type UploadUsageData = z.infer<typeof uploadUsageData>

/** `POST /upload/delete`: removes one of the caller's uploads, its file and its row (404 for anyone else's). */
export const deleteUploadBody = z.strictObject({ id: bodyId('id') })
