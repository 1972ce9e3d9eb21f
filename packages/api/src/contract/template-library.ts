import { z } from 'zod'
import { bodyId, page, pageSize, queryId, searchText } from './media-fields'
import { personName } from './user'

/** Query of `GET /template/mine`: the caller's own templates, by name. */
export const templateMineQuery = z.strictObject({ q: searchText, page, pageSize })

export const ownTemplateSummary = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  /** The current version; every save makes the next one. */
  version: z.number().int().positive(),
  /** Of the default (first) size. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** A render of the English sample values; signed, expiring, works in an `<img>`. */
  thumbnailUrl: z.string(),
  updatedAt: z.string(),
})
export type OwnTemplateSummary = z.infer<typeof ownTemplateSummary>
export const templateMineData = z.array(ownTemplateSummary)

export const templateDocumentQuery = z.strictObject({
  id: queryId('id'),
  /** Default: the current version. An old version of one's own deleted template still opens. */
  version: queryId('version').optional(),
})
/**
 * A template document of the model (`@templet/template`): sizes, fields, layers, samples. Checked by the
 * server with the model's own parser; a 400 names the layer and the property.
 */
export const templateDocument = z.record(z.string(), z.unknown(), { error: 'document must be an object' })
export const templateDocumentData = z.object({
  id: z.number().int().positive(),
  version: z.number().int().positive(),
  name: z.string(),
  /** True for the catalogue's templates: duplicate one to change it. */
  readOnly: z.boolean(),
  document: templateDocument,
})
export type TemplateDocumentData = z.infer<typeof templateDocumentData>

export const templateName = personName(80, 'Name must not be empty')

export const templateSaveBody = z.strictObject({
  /** One of the caller's templates, to save its next version; without it, a new template. */
  id: bodyId('id').optional(),
  /**
   * With `id`: the version this document was edited from. When another save came in between, the answer is a
   * 409 (with the current version) instead of a new version over the other's work.
   */
  baseVersion: bodyId('baseVersion').optional(),
  name: templateName,
  document: templateDocument,
})
export const templateVersionData = z.object({
  id: z.number().int().positive(),
  version: z.number().int().positive(),
})
export const templateIdBody = z.strictObject({ id: bodyId('id') })
