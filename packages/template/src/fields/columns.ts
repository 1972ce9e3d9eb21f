import { COLUMN_NAME, COLUMN_NAME_MAX, type LocalizedText } from '../primitives'

/**
 * Column names: what a CSV's header and a request's `values` call a field, readable where its key is not
 * (`headline` rather than `text_2`). A field saves its own (`column`); one saved without (by an earlier release,
 * or not yet saved) gets a default here, the same for the same document every time. ADR 0186.
 */

/** What every field has that its column name is made from. */
export interface ColumnedField {
  key: string
  label: LocalizedText
  column?: string | undefined
}

/**
 * A text field's language column in a bulk CSV (`<column>.lang`): the language its value is written in (`ja`,
 * `zh-TW` …), for the forms of its Han characters. Column names and keys hold no dot, so it names no field.
 */
export const languageColumn = (column: string) => `${column}${LANGUAGE_SUFFIX}`
export const LANGUAGE_SUFFIX = '.lang'

/** The column of the creation's name in a bulk CSV: no field may take it. */
export const RESERVED_COLUMNS: readonly string[] = ['name']

/**
 * The column name a label suggests: its English words in lowercase joined by `_`, accents dropped (`Café
 * name` → `cafe_name`); the field's key in lowercase when the label gives no such word first (a Chinese label,
 * a leading digit).
 */
export function suggestedColumnName(f: Pick<ColumnedField, 'key' | 'label'>): string {
  const words = f.label.en
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .slice(0, COLUMN_NAME_MAX)
    .replace(/^_+|_+$/g, '')
  return COLUMN_NAME.test(words) ? words : f.key.toLowerCase().slice(0, COLUMN_NAME_MAX)
}

/** `base`, or `base_2`, `base_3` … the first that `free` allows, kept within the longest name. */
function firstFree(base: string, free: (name: string) => boolean): string {
  if (free(base)) return base
  for (let n = 2; ; n++) {
    const suffix = `_${n}`
    const name = `${base.slice(0, COLUMN_NAME_MAX - suffix.length)}${suffix}`
    if (free(name)) return name
  }
}

/**
 * Every field's column name, by key: its saved `column`; else `inherited`'s for its key (the previous version's,
 * so a label changed before the first save under this release keeps the column customers already use); else
 * the one its label suggests. A default never repeats another field's column, a key another field has, or
 * `name`: `_2`, `_3` … tell them apart, in the order of the fields.
 */
export function columnNames(
  fields: readonly ColumnedField[],
  inherited?: ReadonlyMap<string, string>,
): Map<string, string> {
  const names = new Map<string, string>()
  const used = new Set<string>(RESERVED_COLUMNS)
  for (const f of fields)
    if (f.column !== undefined) {
      names.set(f.key, f.column)
      used.add(f.column)
    }
  const otherKeys = (key: string) => (name: string) =>
    fields.every((g) => g.key === key || g.key.toLowerCase() !== name)
  const take = (key: string, name: string) => {
    names.set(key, name)
    used.add(name)
  }
  for (const f of fields) {
    const kept = names.has(f.key) ? undefined : inherited?.get(f.key)
    if (kept !== undefined && !used.has(kept) && otherKeys(f.key)(kept)) take(f.key, kept)
  }
  for (const f of fields) {
    if (names.has(f.key)) continue
    const free = otherKeys(f.key)
    take(
      f.key,
      firstFree(suggestedColumnName(f), (name) => !used.has(name) && free(name)),
    )
  }
  return names
}

/** The fields with every column name written down, as a save stores them (`inherited`: see {@link columnNames}). */
export function withColumnNames<F extends ColumnedField>(
  fields: readonly F[],
  inherited?: ReadonlyMap<string, string>,
): F[] {
  const names = columnNames(fields, inherited)
  return fields.map((f) => ({ ...f, column: names.get(f.key) ?? f.column }))
}

/** Why a column name cannot be a field's: its problem's code, or undefined when it can. */
export type ColumnNameProblem = 'empty' | 'format' | 'reserved' | 'taken'

/**
 * Whether `name` may be the column of the field `key`: not empty, lowercase letters, digits and `_` from a
 * letter, not `name`, and neither another field's column nor another field's key.
 */
export function columnNameProblem(
  fields: readonly ColumnedField[],
  key: string,
  name: string,
): ColumnNameProblem | undefined {
  if (name === '') return 'empty'
  if (name.length > COLUMN_NAME_MAX || !COLUMN_NAME.test(name)) return 'format'
  if (RESERVED_COLUMNS.includes(name)) return 'reserved'
  const names = columnNames(fields)
  const taken = fields.some(
    (f) => f.key !== key && (names.get(f.key) === name || f.key.toLowerCase() === name),
  )
  return taken ? 'taken' : undefined
}

/**
 * `values` keyed by field keys: a value named by a field's column name moves to its key; one named by a key stays
 * (earlier requests and CSVs name keys); anything else stays as it is, for the values' check to refuse. When a
 * column and a key both name one field, the key's value wins (it was written out in full).
 */
export function valuesByKey(
  fields: readonly ColumnedField[],
  values: Readonly<Record<string, string>>,
): Record<string, string> {
  const names = columnNames(fields)
  const keys = new Set(fields.map((f) => f.key))
  const keyOf = new Map(fields.map((f) => [names.get(f.key) as string, f.key]))
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(values)) {
    const key = keys.has(name) ? name : (keyOf.get(name) ?? name)
    if (!Object.hasOwn(out, key) || keys.has(name)) out[key] = value
  }
  return out
}

/**
 * A name as people write it in a spreadsheet, compared give or take width, case, spaces, `_` and `-`
 * (`Text 2`, `text_2` and `TEXT-2` are one name).
 */
export const foldedName = (s: string) =>
  s
    .normalize('NFKC')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '')

/**
 * The option a cell names: its value, or its label in either language as the form shows it (see
 * {@link foldedName}); undefined when it names none, for the caller to keep the cell for the check to refuse.
 */
export function optionNamed(
  options: ReadonlyArray<{ value: string; label: LocalizedText }>,
  cell: string,
): string | undefined {
  if (options.some((o) => o.value === cell)) return cell
  const wanted = foldedName(cell)
  return options.find((o) => Object.values(o.label).some((l) => foldedName(l) === wanted))?.value
}
