import { z } from 'zod'

/** The languages every user-facing string of the catalogue exists in. */
export const locales = ['en', 'zh-CN'] as const
export type Locale = (typeof locales)[number]

export const localizedTextSchema = z.object({ en: z.string().min(1), 'zh-CN': z.string().min(1) }).strict()
export type LocalizedText = z.infer<typeof localizedTextSchema>

const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a lowercase slug (a-z, 0-9, -)')
const key = z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]*$/, 'a field key (letters, digits, _)')
/** #rrggbb, or #rrggbbaa for a colour with transparency. */
export const hexColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/, 'a colour as #rrggbb or #rrggbbaa')
const opaqueHex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour as #rrggbb')

// ---- fields: what a customer fills in ----

const textField = z
  .object({
    key,
    kind: z.literal('text'),
    label: localizedTextSchema,
    default: z.union([localizedTextSchema, z.string()]),
    minLength: z.number().int().min(0).optional(),
    maxLength: z.number().int().min(1).max(2000),
    multiline: z.boolean().optional(),
  })
  .strict()
const imageField = z
  .object({ key, kind: z.literal('image'), label: localizedTextSchema, required: z.boolean().optional() })
  .strict()
const colorField = z
  .object({ key, kind: z.literal('color'), label: localizedTextSchema, default: opaqueHex })
  .strict()
const choiceField = z
  .object({
    key,
    kind: z.literal('choice'),
    label: localizedTextSchema,
    default: z.string(),
    options: z.array(z.object({ value: z.string().min(1), label: localizedTextSchema }).strict()).min(2),
  })
  .strict()
export const fieldSchema = z.discriminatedUnion('kind', [textField, imageField, colorField, choiceField])
export type Field = z.infer<typeof fieldSchema>

// ---- bindings: a layer property taken from a field ----

/**
 * A property's value, either literal or bound to a field: `{ "field": "accent" }` takes a colour field's
 * value (optionally with `alpha`), `{ "field": "style", "map": { "dark": "#111111" } }` maps a choice's
 * value to the property's value.
 */
const bound = <T extends z.ZodType>(value: T) =>
  z.union([
    value,
    z
      .object({
        field: key,
        map: z.record(z.string(), value).optional(),
        alpha: z.number().min(0).max(1).optional(),
      })
      .strict(),
  ])

export const colorSchema = bound(hexColor)
export type Color = z.infer<typeof colorSchema>

const gradientStop = z.object({ offset: z.number().min(0).max(1), color: colorSchema }).strict()
const linearGradient = z
  .object({
    type: z.literal('linear'),
    /** Degrees, CSS convention: 0 = bottom to top, 90 = left to right, 180 = top to bottom. */
    angle: z.number(),
    stops: z.array(gradientStop).min(2),
  })
  .strict()
const radialGradient = z
  .object({
    type: z.literal('radial'),
    /** Centre as a fraction of the box, radius as a fraction of the box's longer side. */
    cx: z.number().default(0.5),
    cy: z.number().default(0.5),
    r: z.number().positive().default(0.75),
    stops: z.array(gradientStop).min(2),
  })
  .strict()
export const gradientSchema = z.discriminatedUnion('type', [linearGradient, radialGradient])
export const paintSchema = z.union([colorSchema, gradientSchema])
export type Paint = z.infer<typeof paintSchema>
export type Gradient = z.infer<typeof gradientSchema>

// ---- layers: the declarative layout, drawn in order ----

/** A rectangle in pixels of the template's size (x, y from the top-left corner). */
export const boxSchema = z
  .object({ x: z.number(), y: z.number(), w: z.number().positive(), h: z.number().positive() })
  .strict()
export type Box = z.infer<typeof boxSchema>

/** Show the layer only when a field's value is one of `in`, or (for an image field) when an image is set. */
const whenSchema = z
  .object({ field: key, in: z.array(z.string()).min(1).optional(), present: z.boolean().optional() })
  .strict()

/**
 * A layer may sit elsewhere in the template's other sizes, keyed by size id; a text may also take another
 * font size and alignment there.
 */
const sizeOverride = z
  .object({
    box: boxSchema.optional(),
    size: z.number().positive().optional(),
    align: z.enum(['start', 'end', 'left', 'center', 'right']).optional(),
  })
  .strict()

const layerBase = {
  id: slug,
  /** Omitted: the whole canvas. */
  box: boxSchema.optional(),
  opacity: z.number().min(0).max(1).optional(),
  when: whenSchema.optional(),
  bySize: z.record(z.string(), sizeOverride).optional(),
}

export const fontFamilies = ['sans', 'serif', 'grotesk'] as const
export const fontWeights = [400, 500, 600, 700, 800] as const

const textLayer = z
  .object({
    ...layerBase,
    type: z.literal('text'),
    /** The text; `{{key}}` inserts a field's value. A localised text picks the render's locale. */
    text: z.union([z.string(), localizedTextSchema]),
    font: bound(z.enum(fontFamilies)).default('sans'),
    weight: z
      .union([z.literal(400), z.literal(500), z.literal(600), z.literal(700), z.literal(800)])
      .default(400),
    /** Font size in px. */
    size: z.number().positive(),
    color: colorSchema.default('#111111'),
    /** `start` and `end` follow the text's direction (start is right for Arabic and Hebrew). */
    align: bound(z.enum(['start', 'end', 'left', 'center', 'right'])).default('start'),
    valign: bound(z.enum(['top', 'middle', 'bottom'])).default('top'),
    /** Line height as a multiple of the font size. */
    lineHeight: z.number().positive().default(1.2),
    /** Extra space between letters in em. */
    letterSpacing: z.number().default(0),
    transform: z.enum(['none', 'uppercase']).default('none'),
    /** `auto` takes the direction of the first strong character (Unicode bidi rule P2). */
    direction: z.enum(['auto', 'ltr', 'rtl']).default('auto'),
    wrap: z.boolean().default(true),
    maxLines: z.number().int().positive().optional(),
    /** Shrink the font (not below `minSize` px) until the text fits its box and `maxLines`. */
    shrinkToFit: z.object({ minSize: z.number().positive() }).strict().optional(),
  })
  .strict()

const imageLayer = z
  .object({
    ...layerBase,
    type: z.literal('image'),
    field: key,
    fit: bound(z.enum(['cover', 'contain'])).default('cover'),
    /** The point of the image kept in view when `cover` crops it, as fractions (0.5, 0.5 = centre). */
    focus: z
      .object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) })
      .strict()
      .default({ x: 0.5, y: 0.5 }),
    /** Corner radius in px; a radius of half the shorter side makes a circle. */
    radius: z.number().min(0).default(0),
    /** What a missing image looks like (a quiet fill with an image mark). */
    placeholder: paintSchema.default('#e7e5e4'),
  })
  .strict()

const shapeLayer = z
  .object({
    ...layerBase,
    type: z.literal('shape'),
    shape: z.enum(['rect', 'ellipse', 'line']).default('rect'),
    fill: paintSchema.optional(),
    stroke: z.object({ color: colorSchema, width: z.number().positive() }).strict().optional(),
    radius: z.number().min(0).default(0),
  })
  .strict()

export const layerSchema = z.discriminatedUnion('type', [textLayer, imageLayer, shapeLayer])
export type Layer = z.infer<typeof layerSchema>
export type TextLayer = Extract<Layer, { type: 'text' }>
export type ImageLayer = Extract<Layer, { type: 'image' }>
export type ShapeLayer = Extract<Layer, { type: 'shape' }>

export const valuesSchema = z.record(z.string(), z.string())
export type Values = z.infer<typeof valuesSchema>

export const sizeSchema = z
  .object({
    id: slug,
    width: z.number().int().min(16).max(4096),
    height: z.number().int().min(16).max(4096),
    label: localizedTextSchema,
  })
  .strict()

export const templateSchema = z
  .object({
    id: slug,
    typeId: slug,
    name: localizedTextSchema,
    sizes: z.array(sizeSchema).min(1),
    fields: z.array(fieldSchema),
    layers: z.array(layerSchema).min(1),
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
