import type { TemplateDetail, TemplateField, TemplateSummary } from '@templet/api/contract'
import type { Field, Locale } from '@templet/template'
import type { Kysely } from 'kysely'
import type { Database, TemplateRow } from '../db/schema'
import { findTemplate, listTemplates, type TemplateFilter } from '../db/templates'
import { notFound } from '../errors'
import { both } from './catalogue'
import { templateOf } from './renderer'

/**
 * How thumbnails are drawn, beside the template's own version in `v`: raised when the drawing changes (2: the
 * samples' photos drawn in), so browsers that cached the old picture for its day fetch the new one.
 */
const THUMBNAIL_DRAWING = 2

/** Public, cacheable thumbnail of a template in one language; `v` changes with the template. */
export function templateThumbnailUrl(row: TemplateRow, locale: Locale): string {
  return `/api/file/template/${row.id}/${locale}.webp?v=${definitionVersion(row.definition)}.${THUMBNAIL_DRAWING}`
}

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

function fieldOf(f: Field): TemplateField {
  const base = { key: f.key, label: f.label.en, labels: f.label }
  switch (f.kind) {
    case 'text':
      return {
        ...base,
        kind: 'text',
        defaults: both(f.default),
        ...(f.minLength !== undefined ? { minLength: f.minLength } : {}),
        maxLength: f.maxLength,
        multiline: f.multiline ?? false,
      }
    case 'image':
      return { ...base, kind: 'image', required: f.required ?? false }
    case 'color':
      return { ...base, kind: 'color', default: f.default }
    case 'choice':
      return {
        ...base,
        kind: 'choice',
        default: f.default,
        options: f.options.map((o) => ({ value: o.value, label: o.label.en, labels: o.label })),
      }
  }
}

/** The catalogue's templates as the API lists and shows them. */
export class Templates {
  constructor(private readonly db: Kysely<Database>) {}

  async page(
    f: TemplateFilter,
    page: { page: number; pageSize: number },
  ): Promise<{ items: TemplateSummary[]; total: number }> {
    const { rows, total } = await listTemplates(this.db, f, page)
    return { items: rows.map(templateSummaryOf), total }
  }

  /** Template `id`'s stored definition, retired or not (a thumbnail URL outlives a template's retirement). */
  async definition(id: number): Promise<{ id: number; definition: string } | undefined> {
    const row = await findTemplate(this.db, id, false)
    return row && { id: row.id, definition: row.definition }
  }

  async detail(id: number): Promise<TemplateDetail> {
    const row = await findTemplate(this.db, id, true)
    if (!row) throw notFound('Template')
    const t = templateOf(row.definition)
    return {
      ...templateSummaryOf(row),
      sizes: t.sizes.map((s) => ({
        id: s.id,
        width: s.width,
        height: s.height,
        label: s.label.en,
        labels: s.label,
        ...(s.print && { print: s.print }),
        formats: s.print ? ['png', 'jpeg', 'webp', 'pdf'] : ['png', 'jpeg', 'webp'],
      })),
      fields: t.fields.map(fieldOf),
      samples: t.samples,
    }
  }
}
