import { z } from 'zod'
import { fieldSchema } from './fields'
import { layerSchema } from './layers'
import { localizedTextSchema, slug, valuesSchema } from './primitives'
import { aspectMismatch, printSizeSchema } from './print'
import { DOCUMENT_FORMAT } from './upgrade'

/** The smallest and largest side of a size, in pixels. */
export const SIZE_PIXEL_BOUNDS = { min: 16, max: 4096 } as const
const side = z.number().int().min(SIZE_PIXEL_BOUNDS.min).max(SIZE_PIXEL_BOUNDS.max)

/** The most guides one size keeps on each axis. */
export const MAX_GUIDES = 100
const guideLines = z.array(z.number().finite()).max(MAX_GUIDES)

/**
 * The designer's guides in a size, in its pixels: vertical lines at each `x`, horizontal ones at each `y`, each
 * on the page (0 to the side). Only the designer reads them: no render draws them, and absent means none.
 */
export const sizeGuidesSchema = z.object({ x: guideLines.optional(), y: guideLines.optional() }).strict()
export type SizeGuides = z.infer<typeof sizeGuidesSchema>

export const sizeSchema = z
  .object({
    id: slug,
    width: side,
    height: side,
    label: localizedTextSchema,
    /** The sheet this size is printed on; absent for screen sizes. The pixels keep the sheet's proportions. */
    print: printSizeSchema.optional(),
    /** The designer's guides (ADR 0193); absent for sizes saved without any. */
    guides: sizeGuidesSchema.optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    const mismatch = s.print && aspectMismatch(s.width, s.height, s.print)
    if (mismatch) ctx.addIssue({ code: 'custom', path: ['print'], message: mismatch })
    for (const axis of ['x', 'y'] as const) {
      const side = axis === 'x' ? s.width : s.height
      s.guides?.[axis]?.forEach((at, i) => {
        if (at < 0 || at > side)
          ctx.addIssue({
            code: 'custom',
            path: ['guides', axis, i],
            message: `a guide lies on the page: 0 to ${side}`,
          })
      })
    }
  })
export type Size = z.infer<typeof sizeSchema>

/**
 * A group of layers in the designer (ADR 0196): its id, which its members name in their `group`, and what the
 * layers panel calls it. Only the designer reads groups: every render draws the layers as if there were none.
 */
export const layerGroupSchema = z.object({ id: slug, name: z.string().trim().min(1).max(80) }).strict()
export type LayerGroup = z.infer<typeof layerGroupSchema>

/** The most pages one design has (a menu, a brochure, a set of certificates). */
export const MAX_PAGES = 30

/**
 * A page of a design (ADR 0198): its id, which its layers name in their `page`, and what the page strip calls it.
 * Every page is drawn in every size; a creation gets each page's images and one PDF of them all.
 */
export const templatePageSchema = z.object({ id: slug, name: z.string().trim().min(1).max(80) }).strict()
export type TemplatePage = z.infer<typeof templatePageSchema>

/**
 * A template document: its sizes (the first is the default), the fields a customer fills, the layers drawn.
 * `format` is the document format it was saved in (absent: format 1, saved before formats existed); a save
 * writes `DOCUMENT_FORMAT`, and `parseTemplate` upgrades an older one first (`upgrade.ts`, ADR 0167).
 */
export const templateSchema = z
  .object({
    format: z.number().int().min(1).max(DOCUMENT_FORMAT).optional(),
    id: slug,
    typeId: slug,
    name: localizedTextSchema,
    sizes: z.array(sizeSchema).min(1),
    fields: z.array(fieldSchema),
    // A design may be empty for a while (everything deleted, a blank page); it draws as a blank page.
    layers: z.array(layerSchema),
    /**
     * The design's pages in order (ADR 0198); absent for a design of one page, whose layers name none. A layer
     * without `page` is on the first page.
     */
    pages: z.array(templatePageSchema).min(1).max(MAX_PAGES).optional(),
    /** The designer's groups of layers (ADR 0196); absent when the design has none. */
    groups: z.array(layerGroupSchema).optional(),
    samples: z.object({ en: valuesSchema, 'zh-CN': valuesSchema }).strict(),
  })
  .strict()
export type Template = z.infer<typeof templateSchema>
/** A template as written in a file, before defaults are filled in. */
export type TemplateInput = z.input<typeof templateSchema>

export const templateTypeSchema = z
  .object({ id: slug, name: localizedTextSchema, sortOrder: z.number().int() })
  .strict()
export type TemplateType = z.infer<typeof templateTypeSchema>
