import { Code, type IssuesData } from '@templet/api/contract'
import { BATCH_MAX_COLUMNS, BATCH_MAX_ROWS } from '@templet/api/limits'
import {
  columnNames,
  drawnTextFields,
  fieldKinds,
  foldedName,
  LANGUAGE_SUFFIX,
  type Locale,
  languageColumn,
  optionNamed,
  type Template,
  valuesByKey,
} from '@templet/template'
import { parse } from 'csv-parse/sync'
import { AppError } from '../../errors'
import { csvFile } from '../../services/csv'
import { type BatchRequest, tooManyRows } from './batches'

/** What a column feeds: a field's key, the language of a text field's value (`<key>.lang`), the creation's name, or nothing. */
export type ColumnTarget = string | null
export const NAME_COLUMN = 'name'

/** The field key of a language column's target (`<key>.lang`, see `languageColumn`), else undefined. */
const languageOf = (target: string) =>
  target.endsWith(LANGUAGE_SUFFIX) ? target.slice(0, -LANGUAGE_SUFFIX.length) : undefined

export interface BatchCsv {
  headers: string[]
  /** The cells of each row under the header, in order. */
  records: string[][]
}

/** The refusal of a CSV that cannot be read, naming the line when the parser knows it. */
function unreadable(at: 'csv' | 'body', reason: string, line?: number): AppError {
  return new AppError(
    Code.invalidInput,
    `${at}: The CSV could not be read${line ? ` (line ${line})` : ''}: ${reason}`,
    { issues: [{ path: [at], code: 'invalid_format', params: { format: 'csv' } }] } satisfies IssuesData,
  )
}

const tooManyColumns = (at: 'csv' | 'body') =>
  new AppError(
    Code.invalidInput,
    `${at}: At most ${BATCH_MAX_COLUMNS} columns in a batch CSV; leave out the columns no field takes`,
    {
      issues: [{ path: [at], code: 'too_big', params: { maximum: BATCH_MAX_COLUMNS, origin: 'columns' } }],
    } satisfies IssuesData,
  )

/**
 * Reads a CSV as uploaded: UTF-8 (a byte-order mark, as spreadsheets write, is skipped), a header row, blank
 * lines ignored, cells trimmed. A malformed file is a 400 naming the line; so is a NUL character, which no
 * field takes and PostgreSQL cannot store. The row and column caps are checked cell by cell as the parser
 * goes, and the first one passed ends the parse: a 500 kB file of 250,000 short rows, or of one row of
 * commas, costs milliseconds, not the seconds of reading it whole.
 */
export function readCsv(text: string, at: 'csv' | 'body' = 'csv'): BatchCsv {
  if (text.includes('\u0000'))
    throw new AppError(Code.invalidInput, `${at}: Must not contain NUL characters`, {
      issues: [{ path: [at], code: 'invalid', params: {} }],
    } satisfies IssuesData)
  let records: string[][]
  try {
    records = parse(text, {
      bom: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      // Thrown from the parser's hooks, a refusal stops it where it is.
      cast: (cell: string, { index }) => {
        if (index >= BATCH_MAX_COLUMNS) throw tooManyColumns(at)
        return cell
      },
      on_record: (record: string[], { records: read }) => {
        if (read > BATCH_MAX_ROWS + 1) throw tooManyRows()
        return record
      },
    })
  } catch (err) {
    if (err instanceof AppError) throw err
    throw unreadable(at, (err as Error).message, (err as { lines?: number }).lines)
  }
  const [headers, ...rows] = records
  if (!headers || headers.every((h) => h === ''))
    throw new AppError(Code.invalidInput, `${at}: The CSV has no header row`, {
      issues: [{ path: [at], code: 'invalid_format', params: { format: 'csv' } }],
    } satisfies IssuesData)
  return { headers, records: rows }
}

/**
 * What each column feeds: the target `explicit` names, else the field whose column name, key or label (in
 * either language) is the header, in that order, give or take case, spaces and dashes; `name` (or 名称) is the
 * creation's name; a text field's column name, key or label followed by `.lang` is the language of its value.
 * A target that is not a field of the template (or the language of one of its text fields) is a 400.
 */
export function columnTargets(
  headers: string[],
  template: Pick<Template, 'fields' | 'layers'>,
  explicit: Record<string, ColumnTarget> = {},
): ColumnTarget[] {
  const keys = new Set([
    ...template.fields.map((f) => f.key),
    ...drawnTextFields(template).map((f) => languageColumn(f.key)),
    NAME_COLUMN,
  ])
  for (const [header, target] of Object.entries(explicit))
    if (target !== null && !keys.has(target))
      throw new AppError(Code.invalidInput, `mapping: Column "${header}" names no field of this template`, {
        issues: [
          { path: ['mapping', header], code: 'invalid_value', params: { options: [...keys].join(',') } },
        ],
      } satisfies IssuesData)
  const names = columnNames(template.fields)
  const headersOf = (f: Template['fields'][number]) => [f.label.en, f.label['zh-CN']]
  const byHeader = new Map<string, string>()
  const claim = (header: string, target: string) => {
    if (!byHeader.has(foldedName(header))) byHeader.set(foldedName(header), target)
  }
  // A column name first, then a key (what earlier CSVs are headed by), then a label.
  for (const f of template.fields) claim(names.get(f.key) ?? f.key, f.key)
  for (const f of template.fields) claim(f.key, f.key)
  for (const f of template.fields) for (const h of headersOf(f)) claim(h, f.key)
  const texts = drawnTextFields(template)
  for (const f of texts) claim(languageColumn(names.get(f.key) ?? f.key), languageColumn(f.key))
  for (const f of texts) claim(languageColumn(f.key), languageColumn(f.key))
  for (const f of texts) for (const h of headersOf(f)) claim(languageColumn(h), languageColumn(f.key))
  for (const h of [NAME_COLUMN, '名称', '名字']) claim(h, NAME_COLUMN)
  const taken = new Set<string>()
  return headers.map((h) => {
    const target = h in explicit ? (explicit[h] ?? null) : (byHeader.get(foldedName(h)) ?? null)
    // Two columns feeding one field: the first keeps it.
    if (target === null || taken.has(target)) return null
    taken.add(target)
    return target
  })
}

/** A choice cell as the option it names (see `optionNamed`); anything else as written, for the row's check to refuse. */
const choiceValue = (options: Parameters<typeof optionNamed>[0], cell: string) =>
  optionNamed(options, cell) ?? cell

const choicesOf = (fields: Template['fields']) =>
  new Map(fields.flatMap((f) => (f.kind === 'choice' ? [[f.key, f.options] as const] : [])))

/**
 * A batch request as its rows name fields by key: values and languages given under a field's column name (a
 * `/v1` CSV's header, a JSON row's `values`) move to its key, the CSV's columns too (one the template has no
 * use for stays, for the batch to refuse by name); with `choiceLabels` (a CSV's cells), a choice cell may name
 * its option by label. Keys stay accepted: requests written before column names existed keep working.
 */
export function keyedByColumnName(
  request: BatchRequest,
  fields: Template['fields'],
  o: { choiceLabels: boolean },
): BatchRequest {
  const names = columnNames(fields)
  const keyOf = new Map(fields.map((f) => [names.get(f.key) ?? f.key, f.key]))
  const keys = new Set(fields.map((f) => f.key))
  const columnKey = (column: string) => {
    const language = languageOf(column)
    const bare = language ?? column
    const key = keys.has(bare) ? bare : (keyOf.get(bare) ?? bare)
    return language === undefined ? key : languageColumn(key)
  }
  const choices = o.choiceLabels ? choicesOf(fields) : new Map()
  return {
    ...request,
    ...(request.columns && { columns: request.columns.map(columnKey) }),
    rows: request.rows.map((row) => {
      const values = valuesByKey(fields, row.values)
      for (const [key, options] of choices)
        if (values[key] !== undefined) values[key] = choiceValue(options, values[key])
      return {
        ...row,
        values,
        ...(row.valueLanguages && { valueLanguages: valuesByKey(fields, row.valueLanguages) }),
      }
    }),
  }
}

/**
 * The rows of the CSV as a batch's rows; an empty cell leaves its field at the template's default (an empty
 * language, the language its text shows). A language is passed on as written: the row's check refuses a
 * malformed one, that row alone. With the template's `fields`, a choice cell may name its option by label.
 */
export function rowsOf(
  csv: BatchCsv,
  targets: ColumnTarget[],
  fields: Template['fields'] = [],
): BatchRequest['rows'] {
  const choices = choicesOf(fields)
  return csv.records.map((cells) => {
    const values: Record<string, string> = {}
    const valueLanguages: Record<string, string> = {}
    let name: string | undefined
    cells.forEach((cell, i) => {
      const target = targets[i]
      if (!target || cell === '') return
      const languageFor = languageOf(target)
      if (target === NAME_COLUMN) name = cell
      else if (languageFor !== undefined) valueLanguages[languageFor] = cell
      else {
        const options = choices.get(target)
        values[target] = options ? choiceValue(options, cell) : cell
      }
    })
    return {
      values,
      ...(name ? { name } : {}),
      ...(Object.keys(valueLanguages).length > 0 ? { valueLanguages } : {}),
    }
  })
}

/**
 * The CSV a customer fills for a template: a header of its fields' column names, each text field followed by
 * its optional language column (`<column>.lang`), and `name`; one row of its sample values in `locale` (image
 * fields empty: their value is one of the customer's own uploads, by its name or id, or an image's https:// URL; a choice as its option's label in `locale`;
 * languages empty: each text's Han characters take the forms its text shows, else the template's). Written with
 * a byte-order mark and CRLF, which spreadsheet programs read as UTF-8 (Chinese included).
 */
export function templateCsv(template: Template, locale: Locale): string {
  const samples = template.samples[locale]
  const names = columnNames(template.fields)
  const withLanguage = new Set(drawnTextFields(template).map((f) => f.key))
  const columns = template.fields.flatMap((f) => {
    const header = names.get(f.key) ?? f.key
    const sample = fieldKinds.takesUpload(f)
      ? ''
      : f.kind === 'choice'
        ? (fieldKinds.label(f, samples[f.key] ?? f.default, locale) ?? '')
        : (samples[f.key] ?? '')
    const value = { header, sample }
    return withLanguage.has(f.key) ? [value, { header: languageColumn(header), sample: '' }] : [value]
  })
  const header = [...columns.map((c) => c.header), NAME_COLUMN]
  const sample = [...columns.map((c) => c.sample), template.name[locale]]
  return csvFile([header, sample])
}
