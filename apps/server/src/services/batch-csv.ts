import { Code, type IssuesData } from '@templet/api/contract'
import type { Locale, Template } from '@templet/template'
import { parse } from 'csv-parse/sync'
import { AppError } from '../errors'
import type { BatchRequest } from './batches'

/** What a column feeds: a field's key, the creation's name, or nothing. */
export type ColumnTarget = string | null
export const NAME_COLUMN = 'name'

export interface BatchCsv {
  headers: string[]
  /** The cells of each row under the header, in order. */
  records: string[][]
}

/**
 * Reads a CSV as uploaded: UTF-8 (a byte-order mark, as spreadsheets write, is skipped), a header row, blank
 * lines ignored, cells trimmed. A malformed file is a 400 naming the line.
 */
export function readCsv(text: string, at: 'csv' | 'body' = 'csv'): BatchCsv {
  let records: string[][]
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, trim: true, relax_column_count: true })
  } catch (err) {
    const line = (err as { lines?: number }).lines
    throw new AppError(
      Code.invalidInput,
      `${at}: The CSV could not be read${line ? ` (line ${line})` : ''}: ${(err as Error).message}`,
      { issues: [{ path: [at], code: 'invalid_format', params: { format: 'csv' } }] } satisfies IssuesData,
    )
  }
  const [headers, ...rows] = records
  if (!headers || headers.every((h) => h === ''))
    throw new AppError(Code.invalidInput, `${at}: The CSV has no header row`, {
      issues: [{ path: [at], code: 'invalid_format', params: { format: 'csv' } }],
    } satisfies IssuesData)
  return { headers, records: rows }
}

const folded = (s: string) =>
  s
    .normalize('NFKC')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '')

/**
 * What each column feeds: the target `explicit` names, else the field whose key or label (in either language)
 * is the header, give or take case, spaces and dashes; `name` (or 名称) is the creation's name. A target that is
 * not a field of the template is a 400.
 */
export function columnTargets(
  headers: string[],
  template: Pick<Template, 'fields'>,
  explicit: Record<string, ColumnTarget> = {},
): ColumnTarget[] {
  const keys = new Set([...template.fields.map((f) => f.key), NAME_COLUMN])
  for (const [header, target] of Object.entries(explicit))
    if (target !== null && !keys.has(target))
      throw new AppError(Code.invalidInput, `mapping: Column "${header}" names no field of this template`, {
        issues: [
          { path: ['mapping', header], code: 'invalid_value', params: { options: [...keys].join(',') } },
        ],
      } satisfies IssuesData)
  const byHeader = new Map<string, string>()
  for (const f of template.fields)
    for (const h of [f.key, f.label.en, f.label['zh-CN']])
      if (!byHeader.has(folded(h))) byHeader.set(folded(h), f.key)
  for (const h of [NAME_COLUMN, '名称', '名字'])
    if (!byHeader.has(folded(h))) byHeader.set(folded(h), NAME_COLUMN)
  const taken = new Set<string>()
  return headers.map((h) => {
    const target = h in explicit ? (explicit[h] ?? null) : (byHeader.get(folded(h)) ?? null)
    // Two columns feeding one field: the first keeps it.
    if (target === null || taken.has(target)) return null
    taken.add(target)
    return target
  })
}

/** The rows of the CSV as a batch's rows; an empty cell leaves its field at the template's default. */
export function rowsOf(csv: BatchCsv, targets: ColumnTarget[]): BatchRequest['rows'] {
  return csv.records.map((cells) => {
    const values: Record<string, string> = {}
    let name: string | undefined
    cells.forEach((cell, i) => {
      const target = targets[i]
      if (!target || cell === '') return
      if (target === NAME_COLUMN) name = cell
      else values[target] = cell
    })
    return { values, ...(name ? { name } : {}) }
  })
}

/** One CSV cell: quoted when it holds a comma, a quote or a line break (RFC 4180). */
const cell = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s)

/**
 * The CSV a customer fills for a template: a header of its field keys and `name`, and one row of its sample
 * values in `locale` (image fields empty: their value is one of the customer's own uploads). Written with a
 * byte-order mark and CRLF, which spreadsheet programs read as UTF-8 (Chinese included).
 */
export function templateCsv(template: Template, locale: Locale): string {
  const fields = template.fields
  const samples = template.samples[locale]
  const header = [...fields.map((f) => f.key), NAME_COLUMN]
  const sample = [
    ...fields.map((f) => (f.kind === 'image' ? '' : (samples[f.key] ?? ''))),
    template.name[locale],
  ]
  return `\uFEFF${[header, sample].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`
}
