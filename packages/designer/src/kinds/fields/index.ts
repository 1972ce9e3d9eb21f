import type { Field } from '@templet/template'
import { choiceFieldKind } from './choice'
import { colorFieldKind } from './color'
import { imageFieldKind } from './image'
import { createFieldRegistry } from './registry'
import { textFieldKind } from './text'

/** The field kinds of the designer. A new kind is its folder and one entry here (ADR 0174). */
export const designerFieldKinds = createFieldRegistry<Field>([
  textFieldKind,
  imageFieldKind,
  colorFieldKind,
  choiceFieldKind,
])

/** The field when it is of the kind `kind`, narrowed to it; else undefined. */
export const fieldOfKind = designerFieldKinds.ofKind
