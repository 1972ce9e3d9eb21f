import type { ChoiceField } from '@templet/template'
import type { DesignerFieldKind } from '../kind'

/**
 * A choice among the author's options: its options, and each one's value for the layer choosing by it, are
 * drawn by the layer's section that made the choice (a colour, a font, a text of a list, an image of a set).
 */
export const choiceFieldKind: DesignerFieldKind<ChoiceField> = { kind: 'choice' }
