import type { TemplateDetail, TemplateSummary } from '@templet/api/contract'
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
import { notFound } from '../../errors'
import type { FileUrls } from '../../services/file-urls'
import { templateOf } from '../../services/renderer'
import { findReadableTemplate } from './template-library.queries'
import {
  findTemplate,
  findUsableTemplate,
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
   * creation re-opens with the version it was made from). 404 otherwise, also for anyone else's.
   */
  async resolve(userId: number | null, id: number, version?: number): Promise<ResolvedTemplate> {
    const row =
      version === undefined
        ? await findUsableTemplate(this.db, id, userId)
        : userId === null
          ? await findUsableTemplate(this.db, id, null)
          : await findReadableTemplate(this.db, id, userId)
    if (!row) throw notFound('Template')
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

  async detail(userId: number | null, id: number, version?: number): Promise<TemplateDetail> {
    const { row, template, version: drawn } = await this.resolve(userId, id, version)
    const thumbnails = { en: this.thumbnailUrl(row, 'en'), 'zh-CN': this.thumbnailUrl(row, 'zh-CN') }
    return {
      ...templateDetailOf(row, template, drawn),
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
