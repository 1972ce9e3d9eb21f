import { z } from 'zod'
import { OPAQUE_HEX } from './patterns'

/** The languages every user-facing string of a template exists in. */
export const locales = ['en', 'zh-CN'] as const
export type Locale = (typeof locales)[number]

export const localizedTextSchema = z.object({ en: z.string().min(1), 'zh-CN': z.string().min(1) }).strict()
export type LocalizedText = z.infer<typeof localizedTextSchema>

export const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a lowercase slug (a-z, 0-9, -)')
export const fieldKey = z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]*$/, 'a field key (letters, digits, _)')
/** The longest column name of a field. */
export const COLUMN_NAME_MAX = 40
/** A field's column name as its CSV header and `values` key (`fields/columns.ts`). */
export const COLUMN_NAME = /^[a-z][a-z0-9_]*$/
export const columnName = z
  .string()
  .max(COLUMN_NAME_MAX)
  .regex(COLUMN_NAME, 'a column name (lowercase letters, digits, _; a letter first)')

/** #rrggbb, or #rrggbbaa for a colour with transparency. */
export const hexColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/, 'a colour as #rrggbb or #rrggbbaa')
export const opaqueHex = z.string().regex(OPAQUE_HEX, 'a colour as #rrggbb')

/**
 * A property's value, either literal or bound to a field: `{ "field": "accent" }` takes a colour field's
 * value (optionally with `alpha`), `{ "field": "style", "map": { "dark": "#111111" } }` maps a choice's
 * value to the property's value.
 */
export const bound = <T extends z.ZodType>(value: T) =>
  z.union([
    value,
    z
      .object({
        field: fieldKey,
        map: z.record(z.string(), value).optional(),
        alpha: z.number().min(0).max(1).optional(),
      })
      .strict(),
  ])

/** A bound property as the model holds it. */
export type Bound<T> = T | { field: string; map?: Record<string, T>; alpha?: number }

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

/** A drop shadow: its colour, offset and blur in px (bounded: a shadow's cost grows with its blur). */
export const shadowSchema = z
  .object({
    color: colorSchema,
    x: z.number().min(-200).max(200).default(0),
    y: z.number().min(-200).max(200).default(4),
    blur: z.number().min(0).max(200).default(8),
  })
  .strict()
export type Paint = z.infer<typeof paintSchema>
export type Gradient = z.infer<typeof gradientSchema>

/** A rectangle in pixels of the template's size (x, y from the top-left corner). */
export const boxSchema = z
  .object({ x: z.number(), y: z.number(), w: z.number().positive(), h: z.number().positive() })
  .strict()
export type Box = z.infer<typeof boxSchema>

export const valuesSchema = z.record(z.string(), z.string())
/** A customer's values, by field key (an image field's value is an image reference, see image-value). */
export type Values = z.infer<typeof valuesSchema>
