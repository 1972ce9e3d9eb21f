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
  check(f: F): FieldProblem[]
  checkValue(f: F, v: string | undefined): ValueIssue[]
  effective(f: F, v: string | undefined, locale: Locale): string | undefined
  project(f: F, typesets: readonly Typeset[]): View
  required(view: View): boolean
  startValue(view: View, samples: Values, locale: Locale): string
  typed(f: Pick<F, 'kind'>): boolean
  longestText(f: F): number
  label(f: F, value: string | undefined, locale: Locale): string | undefined
  /** The kind's values name uploads of the customer's (so a sample's value is none of theirs). */
  takesUpload(f: Pick<F, 'kind'>): boolean
  /** The upload a field's value names; undefined for a kind whose values are no uploads, or an empty value. */
  upload(f: Pick<F, 'kind'>, value: string | undefined): string | undefined
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
  }
}
