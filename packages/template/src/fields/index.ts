import { choiceField } from './choice'
import { colorField } from './color'
import { imageField } from './image'
import type { FieldOf, FieldViewOf } from './kind'
import { createFieldRegistry } from './registry'
import { textField } from './text'

/**
 * The field kinds of the product. A new kind is its folder, one entry here, and its value rules in the
 * zod-free `rules.ts` (ADR 0171).
 */
export const fieldKinds = createFieldRegistry([textField, imageField, colorField, choiceField])

export const fieldSchema = fieldKinds.schema
/** What a customer fills in: a text, an image, a colour or a choice. */
export type Field = FieldOf<typeof fieldKinds.kinds>
export type FieldKind = Field['kind']
/** A field as the APIs show it (`GET /api/templates/:id`; `/v1` renames its keys). */
export type FieldView = FieldViewOf<typeof fieldKinds.kinds>
