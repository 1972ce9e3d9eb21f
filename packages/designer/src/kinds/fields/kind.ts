import type { Field, Locale, Template } from '@templet/template'
import type { PreviewState } from '../../preview/preview-states'
import type { DesignerWords } from '../../strings'
import type { PropertyControl } from '../controls'

/** What a field kind's settings are drawn with: the document, and the ways to change the field and its samples. */
export interface FieldContext<F> {
  t: Template
  strings: DesignerWords
  /** Changes the field; one undo step, or one per `coalesce` key while typing. */
  set(patch: Partial<F>, coalesce?: string): void
  /** Sets the field's sample in a language (what the catalogue and the previews fill it with). */
  setSample(locale: Locale, value: string, coalesce: string): void
}

/**
 * Everything the designer knows of one field kind: its settings in a field's editor of the Fields section and
 * what a preview state fills it with. A kind is this object in its own folder and one entry of the registry
 * (`kinds/fields/index.ts`). Methods are declared as methods, so a kind of one field is a kind of any field.
 */
export interface DesignerFieldKind<F extends { kind: string } = Field> {
  /** The model's `kind` of the fields it is for. */
  kind: string
  /** Its settings under the field's labels (above the options of a choice the layer makes of it). */
  settings?(field: F, ctx: FieldContext<F>): PropertyControl[]
  /** Its settings at the end of the field's editor. */
  closing?(field: F, ctx: FieldContext<F>): PropertyControl[]
  /**
   * What the preview state `state` fills the field with, given its sample `current` in `locale`: a value, or
   * undefined to leave it out. A kind without this keeps its sample.
   */
  preview?(field: F, state: PreviewState, current: string | undefined, locale: Locale): string | undefined
}
