import type { DesignerFieldKind } from './kind'

/**
 * The designer's field kinds, looked up by a field's `kind`: the fields panel and the previews read a field
 * through it.
 */
export function createFieldRegistry<F extends { kind: string }>(kinds: readonly DesignerFieldKind<F>[]) {
  const byKind = new Map(kinds.map((k) => [k.kind, k]))
  if (byKind.size !== kinds.length) throw new Error('Two designer field kinds have one kind')
  return {
    kinds,
    /** The kind of a field; every field of a document is of a kind of the registry. */
    kindOf(field: { kind: string }): DesignerFieldKind<F> {
      const kind = byKind.get(field.kind)
      if (!kind) throw new Error(`The designer has no kind of field "${field.kind}"`)
      return kind
    },
    /** The field when it is of the kind `kind`, narrowed to it; else undefined. */
    ofKind<K extends F['kind']>(field: F | undefined, kind: K): Extract<F, { kind: K }> | undefined {
      return field && byKind.get(field.kind)?.kind === kind ? (field as Extract<F, { kind: K }>) : undefined
    },
  }
}
