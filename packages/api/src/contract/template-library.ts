import type { Template, TemplateInput } from '@templet/template'
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
  /** Its latest approved version (docs/product.md "Approvals"), or null when none is. */
  approvedVersion: z.number().int().positive().nullable(),
})
export type OwnTemplateSummary = z.infer<typeof ownTemplateSummary>
export const templateMineData = z.array(ownTemplateSummary)

export const templateDocumentQuery = z.strictObject({
  id: queryId('id'),
  /** Default: the current version. An old version of one's own deleted template still opens. */
  version: queryId('version').optional(),
})
const isPlainObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A template document of the model (`@templet/template`), typed as the model types it: `T` is what
 * `parseTemplate` returns in an answer and the schema's input in a body. At run time only "an object" is
 * checked here, with the issue a record would give: the server judges the rest with the model's own parser,
 * whose 400 names the layer and the property, and the contract stays free of the model's code (ADR 0178).
 */
const templateDocument = <T extends object>() =>
  z
    .custom<T>()
    .check((ctx) => {
      if (!isPlainObject(ctx.value))
        ctx.issues.push({
          code: 'invalid_type',
          expected: 'record',
          input: ctx.value,
          message: 'document must be an object',
        })
    })
    // The OpenAPI generator cannot describe a custom schema; this says what it is.
    .meta({ type: 'object', description: 'A template document of the model (@templet/template)' })
export const templateDocumentData = z.object({
  id: z.number().int().positive(),
  version: z.number().int().positive(),
  name: z.string(),
  /** True for the catalogue's templates: duplicate one to change it. */
  readOnly: z.boolean(),
  document: templateDocument<Template>(),
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
  /** The server names the document by the template's row: its `id` and `name` are replaced at the save. */
  document: templateDocument<TemplateInput>(),
})
export type TemplateSaveBody = z.input<typeof templateSaveBody>
export const templateVersionData = z.object({
  id: z.number().int().positive(),
  version: z.number().int().positive(),
})
export const templateIdBody = z.strictObject({ id: bodyId('id') })

/** Query of `GET /template/versions`: one of the caller's own templates, its versions a page at a time. */
export const templateVersionsQuery = z.strictObject({ id: queryId('id'), page, pageSize })
export const templateVersionSummary = z.object({
  version: z.number().int().positive(),
  /** When the save that made it came in. */
  createdAt: z.string(),
  /** The document's size: what it takes of the template quota. */
  bytes: z.number().int().nonnegative(),
  /** When it was approved; null when it is not (never was, or the approval was withdrawn). */
  approvedAt: z.iso.datetime().nullable(),
  /** Who approved it; null when it is not approved, or once their account is gone. */
  approvedBy: z.object({ userId: z.number().int().positive(), name: z.string() }).nullable(),
})
export type TemplateVersionSummary = z.infer<typeof templateVersionSummary>
export const templateVersionsData = z.array(templateVersionSummary)

/**
 * `POST /template/approve`: marks a version of one of the workspace's designs approved (`approved: true`) or
 * withdraws its approval; the workspace's owner, in a team its owner and admins.
 */
export const templateApproveBody = z.strictObject({
  id: bodyId('id'),
  version: bodyId('version'),
  approved: z.boolean({ error: 'approved must be true (approve) or false (withdraw)' }),
})
export type TemplateApproveBody = z.input<typeof templateApproveBody>
export const templateApproveData = templateVersionSummary.extend({
  id: z.number().int().positive(),
  /** The design's name (as the team's activity records it). */
  name: z.string(),
})
export type TemplateApproveData = z.infer<typeof templateApproveData>
