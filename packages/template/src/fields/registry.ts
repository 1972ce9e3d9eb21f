import { z } from 'zod'
import type { Typeset } from '../layers/kind'
import type { Locale, Values } from '../primitives'
import type { ValueIssue } from './issue'
import type { AnyFieldPlugin, FieldOf, FieldProblem, FieldViewOf } from './kind'

/** The field kinds a document may hold, and every reading of a field made from them. */
export interface FieldRegistry<
  Kinds extends readonly AnyFieldPlugin[],
  F extends FieldOf<Kinds> = FieldOf<Kinds>,
  View extends FieldViewOf<Kinds> = FieldViewOf<Kinds>,
> {
  readonly kinds: Kinds
  /** The schema of a field: the union of the kinds' schemas, discriminated on `kind`. */
  readonly schema: z.ZodType<F, z.input<Kinds[number]['schema']>>
  /** What the schema cannot check of a field, each problem's property relative to the field. */
  check(f: F): FieldProblem[]
  /** The rules of a value that need nothing but the field and the value. */
  checkValue(f: F, v: string | undefined): ValueIssue[]
  /** The value a field has in a render (see `ValueRulesOf.effective`). */
  effective(f: F, v: string | undefined, locale: Locale): string | undefined
  /** The field as `/api` shows it, from what the template's layers set in type (`typesets`). */
  project(f: F, typesets: readonly Typeset[]): View
  /** Whether a caller must send a value (what `/v1` says as `required`). */
  required(view: View): boolean
  /** The value a form starts with: the template's sample in `locale`, else the field's default. */
  startValue(view: View, samples: Values, locale: Locale): string
  /** The field's value is words a customer types. */
  typed(f: Pick<F, 'kind'>): boolean
  /** The most characters a value puts where a text says `{{key}}`. */
  longestText(f: F): number
  /** The words `{{key}}` inserts for a value, when they are not the value itself (a choice's label). */
  label(f: F, value: string | undefined, locale: Locale): string | undefined
  /** The kind's values name uploads of the customer's (so a sample's value is none of theirs). */
  takesUpload(f: Pick<F, 'kind'>): boolean
  /** The upload a field's value names; undefined for a kind whose values are no uploads, or an empty value. */
  upload(f: Pick<F, 'kind'>, value: string | undefined): string | undefined
  /** Every value a field of a fixed set takes (a choice's options); undefined for a kind of open values. */
  values(f: F): readonly string[] | undefined
}

/**
 * A registry of field kinds: the product's is `fieldKinds` (`fields/index.ts`); a test makes its own with a
 * kind of its own, so no module's state changes. The kinds' `kind`s must differ.
 */
export function createFieldRegistry<const Kinds extends readonly [AnyFieldPlugin, ...AnyFieldPlugin[]]>(
  kinds: Kinds,
): FieldRegistry<Kinds> {
  type F = FieldOf<Kinds>
  const byKind = new Map<string, AnyFieldPlugin>()
  for (const k of kinds) {
    if (byKind.has(k.kind)) throw new Error(`two field kinds "${k.kind}"`)
    byKind.set(k.kind, k)
  }
  // Each kind's schema is a z.object with its literal `kind`, which the union is discriminated on.
  const schemas = kinds.map((k) => k.schema) as unknown as [z.ZodObject, ...z.ZodObject[]]
  const schema = z.discriminatedUnion('kind', schemas) as unknown as z.ZodType<
    F,
    z.input<Kinds[number]['schema']>
  >
  const of = (f: { kind: string }): AnyFieldPlugin => {
    const kind = byKind.get(f.kind)
    if (!kind) throw new Error(`no field kind "${f.kind}"`)
    return kind
  }
  return {
    kinds,
    schema,
    check: (f) => of(f).check(f),
    checkValue: (f, v) => of(f).rules.check(f, v),
    effective: (f, v, locale) => of(f).rules.effective(f, v, locale),
    // The field's own kind projects it, so the view is that kind's, one of the union.
    project: (f, typesets) => of(f).project(f, typesets) as FieldViewOf<Kinds>,
    required: (view) => of(view).required(view),
    startValue: (view, samples, locale) => of(view).startValue(view, samples[view.key], locale),
    typed: (f) => of(f).typed,
    longestText: (f) => of(f).longestText?.(f) ?? 0,
    label: (f, value, locale) => of(f).label?.(f, value, locale),
    takesUpload: (f) => of(f).upload !== undefined,
    upload: (f, value) => {
      const upload = of(f).upload
      return upload && value ? upload(value) : undefined
    },
    values: (f) => of(f).values?.(f),
  }
}
