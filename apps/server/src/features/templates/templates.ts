import { Code, type TemplateApproval, type TemplateDetail, type TemplateSummary } from '@templet/api/contract'
import {
  columnNames,
  type FieldView,
  fieldKinds,
  type Locale,
  pageCount,
  type Template,
  typesets,
} from '@templet/template'
import type { Kysely } from 'kysely'
import type { Database, TemplateRow } from '../../db/schema'
import { AppError, notFound } from '../../errors'
import type { FileUrls } from '../../services/file-urls'
import { templateOf } from '../../services/renderer'
import { findReadableTemplate } from './template-library.queries'
import {
  findTemplate,
  findTemplateForUse,
  findUsableTemplate,
  findVersion,
  listTemplates,
  type TemplateFilter,
  versionDefinition,
} from './templates.queries'

/**
 * How thumbnails are drawn, beside the template's own version in `v`: raised when the drawing changes (2: the
 * samples' photos drawn in), so browsers that cached the old picture for its day fetch the new one.
 */
const THUMBNAIL_DRAWING = 2

/** Public, cacheable thumbnail of a catalogue template in one language; `v` changes with the template. */
export function templateThumbnailUrl(row: TemplateRow, locale: Locale): string {
  return `/api/file/template/${row.id}/${locale}.webp?v=${definitionVersion(row.definition)}.${THUMBNAIL_DRAWING}`
}

/** A customer's template's thumbnail: signed and expiring like their creations' files (see FileUrls). */
export const ownThumbnailUrl = (urls: FileUrls, row: TemplateRow, locale: Locale) =>
  urls.url({ kind: 'template', id: row.id, variant: `${locale}.webp` })

/** A short hash of the definition (FNV-1a), so a changed template gets a new thumbnail URL. */
export function definitionVersion(definition: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < definition.length; i++) {
    h ^= definition.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return (h >>> 0).toString(36)
}

/** A template as lists show it: names and public thumbnails in both languages. */
export function templateSummaryOf(row: TemplateRow): TemplateSummary {
  return {
    id: row.id,
    slug: row.slug,
    typeId: row.template_type_id,
    name: row.name,
    names: { en: row.name, 'zh-CN': row.name_zh },
    width: row.width,
    height: row.height,
    thumbnailUrl: templateThumbnailUrl(row, 'en'),
    thumbnailUrls: { en: templateThumbnailUrl(row, 'en'), 'zh-CN': templateThumbnailUrl(row, 'zh-CN') },
  }
}

/** A template as one version of it draws: its row, its document of that version, and the version. */
export interface ResolvedTemplate {
  row: TemplateRow
  template: Template
  version: number
  /** How that version stands where the workspace creates only from approved versions; absent elsewhere. */
  approval?: TemplateApproval
}

/**
 * What a template is read for:
 * - `open`: its current version unless one is named (the designer, reviews, a creation's files);
 * - `fill`: the version a creation would draw, with how it stands under the workspace's approvals (the fill-in
 *   editor and the bulk forms: in a team that creates only from approved versions, the latest approved one);
 * - `create`: that version for a creation, refused (409) when the workspace's rule does not allow it.
 */
export type TemplateUse = 'open' | 'fill' | 'create'

/** The 409 of a creation the workspace's rule refuses: what to do is to have a version approved. */
function approvalRequired(row: TemplateRow, version: number | undefined, latest: number | null): AppError {
  const rule = 'this team creates only from approved versions'
  const ask = "ask the team's owner or an admin to approve"
  const data = { approvalRequired: true, approvedVersion: latest }
  if (row.owner_id === null)
    return new AppError(
      Code.conflict,
      `“${row.name}” is a catalogue template, and ${rule} of its own designs: customise it, then ${ask} a version`,
      data,
    )
  if (version !== undefined && latest !== null)
    return new AppError(
      Code.conflict,
      `Version ${version} of “${row.name}” is not approved, and ${rule}: create from version ${latest}, the latest approved, or ${ask} this one`,
      data,
    )
  return new AppError(
    Code.conflict,
    `“${row.name}” has no approved version, and ${rule}: ${ask} one in the design's History`,
    data,
  )
}

/** The catalogue's templates, and the customers' own, as the API lists and shows them. */
export class Templates {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly urls: FileUrls,
  ) {}

  /**
   * The template a caller may draw: its current version when it is the catalogue's or the caller's own and
   * not deleted; an explicit `version` also of one retired from the catalogue or deleted by its owner (a
   * creation re-opens with the version it was made from). 404 otherwise, also for anyone else's. `use`: what it
   * is read for, which in a team that creates only from approved versions picks the version (see {@link TemplateUse}).
   */
  async resolve(
    userId: number | null,
    id: number,
    version?: number,
    use: TemplateUse = 'open',
  ): Promise<ResolvedTemplate> {
    if (use !== 'open' && userId !== null) return this.#forCreation(userId, id, version, use)
    const row =
      version === undefined
        ? await findUsableTemplate(this.db, id, userId)
        : userId === null
          ? await findUsableTemplate(this.db, id, null)
          : await findReadableTemplate(this.db, id, userId)
    if (!row) throw notFound('Template')
    return this.#drawn(row, version)
  }

  /**
   * The version a creation of `userId` draws (see {@link TemplateUse}): with the workspace's rule off, as `open`
   * reads it; with it on, `version` when it is approved, else the latest approved one. The rule and the approvals
   * are read in the statement that finds the template, so a creation never draws a version that was not approved
   * when it was read; a `create` refused by them is a 409 that says to have a version approved.
   */
  async #forCreation(
    userId: number,
    id: number,
    version: number | undefined,
    use: 'fill' | 'create',
  ): Promise<ResolvedTemplate> {
    const found = await findTemplateForUse(this.db, id, userId, version)
    if (!found) throw notFound('Template')
    const { approved_only, latest_approved, version_approved, ...row } = found
    if (!approved_only) return this.#drawn(row, version)
    const approved = version === undefined ? latest_approved !== null : version_approved
    if (use === 'create' && !approved) throw approvalRequired(row, version, latest_approved)
    const drawn = version ?? latest_approved ?? row.version
    const v = await findVersion(this.db, row.id, drawn)
    if (!v) throw notFound('Template version')
    return {
      row,
      template: templateOf(v.definition),
      version: drawn,
      approval: {
        approved,
        approvedAt: approved && v.approved_at !== null ? new Date(Number(v.approved_at)).toISOString() : null,
        approvedBy: approved ? v.approver : null,
        latestApproved: latest_approved,
      },
    }
  }

  /** `row` drawn at `version` (default its current one). */
  async #drawn(row: TemplateRow, version?: number): Promise<ResolvedTemplate> {
    if (version === undefined || version === row.version)
      return { row, template: templateOf(row.definition), version: row.version }
    const definition = await versionDefinition(this.db, row.id, version)
    if (!definition) throw notFound('Template version')
    return { row, template: templateOf(definition), version }
  }

  /** A template's thumbnail URL: public for the catalogue's, signed for a customer's own. */
  thumbnailUrl(row: TemplateRow, locale: Locale): string {
    return row.owner_id === null ? templateThumbnailUrl(row, locale) : ownThumbnailUrl(this.urls, row, locale)
  }

  async page(
    f: TemplateFilter,
    page: { page: number; pageSize: number },
  ): Promise<{ items: TemplateSummary[]; total: number }> {
    const { rows, total } = await listTemplates(this.db, f, page)
    return { items: rows.map(templateSummaryOf), total }
  }

  /**
   * Template `id`'s current definition and owner, retired or deleted or not (a thumbnail URL outlives a
   * template's retirement; the file route checks a customer's template's signature).
   */
  async definition(
    id: number,
  ): Promise<{ id: number; definition: string; ownerId: number | null; deleted: boolean } | undefined> {
    const row = await findTemplate(this.db, id)
    return (
      row && {
        id: row.id,
        definition: row.definition,
        ownerId: row.owner_id,
        deleted: row.deleted_at !== null,
      }
    )
  }

  /** A template as the fill-in editor shows it: the version a creation would draw, and how it stands. */
  async detail(userId: number | null, id: number, version?: number): Promise<TemplateDetail> {
    const { row, template, version: drawn, approval } = await this.resolve(userId, id, version, 'fill')
    const thumbnails = { en: this.thumbnailUrl(row, 'en'), 'zh-CN': this.thumbnailUrl(row, 'zh-CN') }
    return {
      ...templateDetailOf(row, template, drawn),
      ...(approval && { approval }),
      thumbnailUrl: thumbnails.en,
      thumbnailUrls: thumbnails,
    }
  }
}

/** A template (one version of it) with its sizes, fields and samples, as the API shows one. */
export function templateDetailOf(
  row: TemplateRow,
  t: Template = templateOf(row.definition),
  version = row.version,
): TemplateDetail & { fields: FieldView[] } {
  const typeset = typesets(t)
  const columns = columnNames(t.fields)
  return {
    ...templateSummaryOf(row),
    version,
    readOnly: row.owner_id === null,
    sizes: t.sizes.map((s) => ({
      id: s.id,
      width: s.width,
      height: s.height,
      label: s.label.en,
      labels: s.label,
      ...(s.print && { print: s.print }),
      // A design of several pages has a PDF of them in every size (ADR 0198).
      formats: s.print || pageCount(t) > 1 ? ['png', 'jpeg', 'webp', 'pdf'] : ['png', 'jpeg', 'webp'],
    })),
    fields: t.fields.map((f) => ({ ...fieldKinds.project(f, typeset), column: columns.get(f.key) ?? f.key })),
    samples: t.samples,
  }
}
