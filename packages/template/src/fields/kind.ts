import type { z } from 'zod'
import type { Typeset } from '../layers/kind'
import type { Locale, LocalizedText } from '../primitives'
import type { ValueIssue } from './issue'

/** What every field kind's field has. */
export interface PlainField {
  key: string
  kind: string
  label: LocalizedText
  /** The field's column name as saved (`fields/columns.ts` gives one to a field saved without). */
  column?: string | undefined
}

/** The rules of a kind's values, without zod (`fields/<kind>/rules.ts`), so a form can apply them as one types. */
export interface ValueRulesOf<Rules, F> {
  /** The rules of a value that need nothing but the field (the model's, or the API's view of it) and the value. */
  check(f: Rules, v: string | undefined): ValueIssue[]
  /**
   * The value the field has in a render: the given value, else the field's default in `locale`; a value the
   * field would not accept falls back too. Undefined when the field has no value (an image left empty).
   */
  effective(f: F, v: string | undefined, locale: Locale): string | undefined
}

/** What the APIs show of every field: its key, kind and label (in English, and in each language). */
export interface FieldViewBase {
  key: string
  label: string
  labels: LocalizedText
  kind: string
}

/** One problem with one property of a field, found by its kind's checks. */
export interface FieldProblem {
  property: string
  message: string
}

/**
 * Everything the model knows of one field kind. A kind is this object in its own folder and one entry of the
 * registry (`fields/index.ts`); every generic function of the model reads a field through its kind.
 */
export interface FieldPlugin<F extends PlainField, Input, Rules, View extends FieldViewBase> {
  kind: F['kind']
  /** The field's schema: a `z.object` with `kind: z.literal(kind)`, as the document's union is made of. */
  schema: z.ZodType<F, Input>
  rules: ValueRulesOf<Rules, F>
  /** What the schema cannot check of the field itself (a default among its options). */
  check(f: F): FieldProblem[]
  /**
   * The field as the APIs show it (`/api` as it is; `/v1` renames its keys), from the field and what the
   * template's layers set in type.
   */
  project(f: F, typesets: readonly Typeset[]): View
  /** Whether a caller must send a value for the field, read from its view. */
  required(view: View): boolean
  /** The value a form starts with: the template's sample in the form's language, else the field's default. */
  startValue(view: View, sample: string | undefined, locale: Locale): string
  /** The value is words a customer types: checked against the fonts, a language may be declared for it. */
  typed: boolean
  /** The most characters a value puts where a text says `{{key}}` (0 when the kind never inserts any). */
  longestText?(f: F): number
  /** The words `{{key}}` inserts for this value when they are not the value itself (a choice's label). */
  label?(f: F, value: string | undefined, locale: Locale): string | undefined
  /** The upload a value names, for a kind whose value is one of the customer's uploads. */
  upload?(value: string): string
  /** Every value the field takes, for a kind of a fixed set (a choice's options): what a map must cover. */
  values?(f: F): readonly string[]
}

/**
 * A field kind of any field, as a registry holds it. Its methods are declared as methods, so a kind of one
 * field type is one of these; the registry calls them only with a field (or view) of the kind's own `kind`.
 */
export type AnyFieldPlugin = FieldPlugin<PlainField, unknown, Pick<PlainField, 'key' | 'kind'>, FieldViewBase>

/** The field of a registry's kinds: the exact union of their fields. */
export type FieldOf<Kinds extends readonly AnyFieldPlugin[]> = z.output<Kinds[number]['schema']>
/** The view of a registry's fields, the union of each kind's. */
export type FieldViewOf<Kinds extends readonly AnyFieldPlugin[]> = ReturnType<Kinds[number]['project']>
