import { useQuery } from '@tanstack/react-query'
import type { BatchValidation, TemplateDetail, TemplateField } from '@templet/api'
import { BATCH_MAX_ROWS } from '@templet/api/limits'
import { drawnTextFields, languageColumn, optionNamed, type Template } from '@templet/template'
import { Badge } from '@templet/ui/badge'
import { Button } from '@templet/ui/button'
import { Checkbox } from '@templet/ui/checkbox'
import { inputVariants } from '@templet/ui/input'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@templet/ui/table'
import type { TFunction } from 'i18next'
import { Plus, Trash2 } from 'lucide-react'
import { type ClipboardEvent, type KeyboardEvent, memo, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { recentUploadsQuery } from '../api/upload-queries'
import { CanvasPreview } from '../editor/canvas-preview'
import { formatNumber } from '../i18n/format'
import {
  emptyRow,
  type GridColumn,
  type GridRows,
  gridCsv,
  headerColumns,
  parsePastedTable,
  pasteBlock,
  remapRows,
} from './grid'
import { rowIssues } from './row-errors'

type Locale = 'en' | 'zh-CN'

/** Rows a new grid starts with. */
const FIRST_ROWS = 5
/** The longest side of a row's picture, in CSS px. */
const THUMBNAIL_SIDE = 72
const NAME_COLUMN = 'name'
const UPLOADS_LIST = 'bulk-uploads'
const LANGUAGES_LIST = 'bulk-languages'
/** Languages offered in a language cell (any BCP 47 tag is taken): those whose Han characters differ. */
const LANGUAGE_TAGS = [
  ['ja', '日本語'],
  ['ko', '한국어'],
  ['zh-CN', '简体中文'],
  ['zh-TW', '繁體中文（台灣）'],
  ['zh-HK', '繁體中文（香港）'],
] as const
const LANGUAGE_TAG = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/

/** Upload ids by name, the newest upload of a name first (as the server picks one). */
type UploadsByName = ReadonlyMap<string, number>
const NO_UPLOADS: UploadsByName = new Map()

/** What the grid stands for: the CSV of its rows, and the grid row of each CSV row. */
export interface GridSource {
  csv: string
  gridRowOf: number[]
  /** Rows that are not blank. */
  filled: number
}

/** A refused row's problems: by field key, and those of no field. */
interface RowProblems {
  byKey: Map<string, string>
  general?: string
}

const draftKey = (templateId: number) => `templet.bulkGrid.${templateId}`

/** Forgets the grid kept for the template (its batch has started). */
export const forgetGrid = (templateId: number) => localStorage.removeItem(draftKey(templateId))

/** The grid kept in this browser for the template, when its columns are one of `choices`: which, and its rows. */
function readDraft(
  templateId: number,
  choices: readonly (readonly GridColumn[])[],
): { columns: number; rows: string[][] } | undefined {
  try {
    const saved = JSON.parse(localStorage.getItem(draftKey(templateId)) ?? 'null') as {
      headers: string[]
      rows: string[][]
    } | null
    if (!saved) return undefined
    const columns = choices.findIndex((c) => c.map((x) => x.header).join('\n') === saved.headers.join('\n'))
    if (columns < 0) return undefined
    const width = saved.headers.length
    const rows = saved.rows.filter((r) => Array.isArray(r) && r.length === width).slice(0, BATCH_MAX_ROWS)
    return { columns, rows }
  } catch {
    return undefined
  }
}

/** A column on screen: a field's value, the language of a text field's value (`language`), or the name. */
interface Slot extends GridColumn {
  field?: TemplateField
  language?: true
}

/** The grid's columns: each field (a text field in `languageKeys` followed by its language), then the name. */
const slotsOf = (
  template: TemplateDetail,
  nameLabels: string[],
  languageKeys: ReadonlySet<string>,
): Slot[] => [
  ...template.fields.flatMap((f): Slot[] => {
    const header = f.column ?? f.key
    const aliases = [f.key, f.labels.en, f.labels['zh-CN']]
    const value = { header, aliases, field: f }
    if (!languageKeys.has(f.key)) return [value]
    return [
      value,
      { header: languageColumn(header), aliases: aliases.map(languageColumn), field: f, language: true },
    ]
  }),
  { header: NAME_COLUMN, aliases: nameLabels },
]

const NO_KEYS: ReadonlySet<string> = new Set()

/**
 * Bulk create's grid: a row per image, a column per field under its column name, and the creation's name.
 * Cells are typed, or pasted from a spreadsheet (a block fills from the cell pasted into; a header row places
 * the columns it names). Each row shows its picture drawn in the browser, and the problems the check found
 * in its cells. The grid is kept in this browser per template until the batch starts.
 */
export function BulkGrid(p: {
  template: TemplateDetail
  document: Template | undefined
  checked: BatchValidation | undefined
  /** The grid rows of the rows `checked` numbers. */
  checkedRows: readonly number[]
  checking: boolean
  onChange: (source: GridSource) => void
}) {
  const { t, i18n } = useTranslation()
  const locale: Locale = i18n.language === 'zh-CN' ? 'zh-CN' : 'en'
  const { template, document } = p
  // The columns without and with each drawn text's language (a choice kept with the grid's draft).
  const choices = useMemo(() => {
    const names = [t('bulk.nameColumn', { lng: 'en' }), t('bulk.nameColumn', { lng: 'zh-CN' })]
    const texts = document ? new Set(drawnTextFields(document).map((f) => f.key)) : NO_KEYS
    return [slotsOf(template, names, NO_KEYS), slotsOf(template, names, texts)] as const
  }, [template, document, t])
  const takesLanguages = choices[1].length > choices[0].length
  const [start] = useState(() => readDraft(template.id, choices))
  const [languages, setLanguages] = useState(start?.columns === 1)
  const columns = choices[languages ? 1 : 0]
  const headers = columns.map((c) => c.header)
  const [rows, setRows] = useState<GridRows>(
    () => start?.rows ?? Array.from({ length: FIRST_ROWS }, () => emptyRow(columns.length)),
  )
  const [dropped, setDropped] = useState(0)
  const takesImages = template.fields.some((f) => f.kind === 'image')
  const uploads = useQuery({ ...recentUploadsQuery(), enabled: takesImages })
  const uploadIds = useMemo(() => {
    const byName = new Map<string, number>()
    for (const u of uploads.data ?? []) if (u.name && !byName.has(u.name)) byName.set(u.name, u.id)
    return byName.size > 0 ? byName : NO_UPLOADS
  }, [uploads.data])
  const table = useRef<HTMLTableElement>(null)
  const onChange = useRef(p.onChange)
  onChange.current = p.onChange

  const headersKey = headers.join('\n')
  useEffect(() => {
    const source = gridCsv(columns, rows)
    onChange.current({ ...source, filled: source.gridRowOf.length })
    const filled = rows.some((r) => r.some((c) => c !== ''))
    if (filled)
      localStorage.setItem(draftKey(template.id), JSON.stringify({ headers: headersKey.split('\n'), rows }))
    else localStorage.removeItem(draftKey(template.id))
  }, [columns, rows, template.id, headersKey])

  const problems = useMemo(() => {
    const byRow = new Map<number, RowProblems>()
    for (const e of p.checked?.errors ?? []) {
      const gridRow = p.checkedRows[e.row - 1]
      if (gridRow === undefined) continue
      const issues = rowIssues(t, e, template, locale)
      const byKey = new Map<string, string>()
      for (const issue of issues)
        if (issue.key)
          byKey.set(issue.language ? languageColumn(issue.key) : issue.key, issue.text ?? e.message)
      const general = issues.some((i) => i.key) ? undefined : e.message
      byRow.set(gridRow, { byKey, ...(general && { general }) })
    }
    return byRow
  }, [p.checked, p.checkedRows, template, locale, t])
  const checkedSet = useMemo(() => new Set(p.checkedRows), [p.checkedRows])

  const focusCell = (row: number, column: number) =>
    requestAnimationFrame(() =>
      table.current?.querySelector<HTMLElement>(`[data-cell="${row}:${column}"]`)?.focus(),
    )

  const setCell = (row: number, column: number, value: string) =>
    setRows((all) => all.map((r, i) => (i === row ? r.map((c, j) => (j === column ? value : c)) : r)))

  const addRow = () => {
    if (rows.length >= BATCH_MAX_ROWS) return
    setRows((all) => [...all, emptyRow(columns.length)])
    focusCell(rows.length, 0)
  }

  const removeRow = (row: number) => {
    setRows((all) => (all.length === 1 ? [emptyRow(columns.length)] : all.filter((_, i) => i !== row)))
    focusCell(Math.max(0, Math.min(row, rows.length - 2)), 0)
  }

  /** Shows or hides the language columns; the cells of the other columns stay where they are. */
  const showLanguages = (on: boolean) => {
    const to = choices[on ? 1 : 0].map((c) => c.header)
    setRows((all) => remapRows(all, headers, to))
    setLanguages(on)
  }

  const onPaste = (e: ClipboardEvent<HTMLTableElement>) => {
    const cell = (e.target as HTMLElement).dataset.cell
    const text = e.clipboardData.getData('text/plain')
    // One value pasted into one cell is the browser's to paste.
    if (!cell || !/[\t\r\n]/.test(text.replace(/\r?\n$/, ''))) return
    e.preventDefault()
    const [row = 0, column = 0] = cell.split(':').map(Number)
    const block = parsePastedTable(text)
    // A header row naming a language column shows the language columns for it.
    const wide = choices[1]
    const named = !languages && block.length > 1 && block[0] ? headerColumns(block[0], wide) : undefined
    const widen = named?.some((i) => wide[i]?.language) ?? false
    const pasted = widen
      ? pasteBlock(
          remapRows(
            rows,
            headers,
            wide.map((c) => c.header),
          ),
          block,
          { row, column },
          wide,
          BATCH_MAX_ROWS,
        )
      : pasteBlock(rows, block, { row, column }, columns, BATCH_MAX_ROWS)
    if (widen) setLanguages(true)
    setRows(pasted.rows)
    setDropped(pasted.dropped)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const target = e.target as HTMLInputElement | HTMLTextAreaElement
    const cell = target.dataset.cell
    if (!cell || e.altKey || e.ctrlKey || e.metaKey) return
    const [row = 0, column = 0] = cell.split(':').map(Number)
    // In a cell of several lines the arrows move the caret, and Shift+Enter starts a line.
    const lines = target.value.includes('\n')
    if (e.key === 'ArrowDown' && !lines) {
      if (row + 1 < rows.length) focusCell(row + 1, column)
      e.preventDefault()
    } else if (e.key === 'ArrowUp' && !lines) {
      if (row > 0) focusCell(row - 1, column)
      e.preventDefault()
    } else if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault()
      if (row + 1 < rows.length) focusCell(row + 1, column)
      else if (rows.length < BATCH_MAX_ROWS) {
        setRows((all) => [...all, emptyRow(columns.length)])
        focusCell(row + 1, column)
      }
    }
  }

  const refused = p.checked?.refusedRows ?? 0
  const filled = p.checkedRows.length
  const marked = problems.size
  return (
    <div className="flex flex-col gap-3">
      <p className="max-w-3xl text-sm text-muted-foreground">{t('bulk.gridBody')}</p>
      {takesLanguages ? (
        <Checkbox
          label={t('bulk.languages')}
          hint={t('bulk.languagesHint')}
          checked={languages}
          onCheckedChange={showLanguages}
          className="max-w-3xl"
        />
      ) : null}
      <div className="max-h-[70vh] overflow-auto rounded-md border border-border">
        <Table
          ref={table}
          aria-label={t('bulk.gridLabel')}
          data-testid="bulk-grid"
          onPaste={onPaste}
          onKeyDown={onKeyDown}
          className="text-sm"
        >
          <TableHeader className="sticky top-0 z-10 bg-background">
            <TableRow>
              <TableHead className="w-10 text-end">{t('bulk.row')}</TableHead>
              <TableHead>{t('bulk.picture')}</TableHead>
              {columns.map((c) => (
                <TableHead key={c.header} className={c.language ? 'min-w-28' : 'min-w-40'}>
                  <span className="block">{slotLabel(t, c, locale)}</span>
                  <code className="text-xs font-normal text-muted-foreground">{c.header}</code>
                </TableHead>
              ))}
              <TableHead>{t('bulk.status')}</TableHead>
              <TableHead>
                <span className="sr-only">{t('bulk.rowActions')}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((cells, i) => (
              <GridRow
                // Rows have no identity but their place: removing one moves the ones after it up.
                key={i}
                index={i}
                cells={cells}
                columns={columns}
                template={template}
                document={p.document}
                uploadIds={uploadIds}
                locale={locale}
                problems={problems.get(i)}
                checked={checkedSet.has(i) && !p.checking}
                onCell={setCell}
                onRemove={removeRow}
              />
            ))}
          </TableBody>
        </Table>
      </div>
      {languages ? (
        <datalist id={LANGUAGES_LIST}>
          {LANGUAGE_TAGS.map(([tag, name]) => (
            <option key={tag} value={tag} label={name} />
          ))}
        </datalist>
      ) : null}
      {takesImages ? (
        <datalist id={UPLOADS_LIST}>
          {[...uploadIds.keys()].map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={addRow} disabled={rows.length >= BATCH_MAX_ROWS}>
          <Plus aria-hidden="true" />
          {t('bulk.addRow')}
        </Button>
        <p
          className="text-sm text-muted-foreground tabular-nums"
          role="status"
          data-testid="bulk-grid-summary"
        >
          {p.checking
            ? t('bulk.gridChecking')
            : filled === 0
              ? t('bulk.gridEmpty')
              : t('bulk.rowsSummary', {
                  count: filled,
                  total: formatNumber(filled, i18n.language),
                  valid: formatNumber(filled - refused, i18n.language),
                  invalid: formatNumber(refused, i18n.language),
                })}
        </p>
      </div>
      {dropped > 0 ? (
        <p role="alert" className="text-sm text-destructive">
          {t('bulk.gridDropped', { count: dropped, max: BATCH_MAX_ROWS })}
        </p>
      ) : null}
      {!p.checking && refused > marked ? (
        <p className="text-sm text-muted-foreground">
          {t('bulk.gridMoreProblems', { count: refused - marked })}
        </p>
      ) : null}
    </div>
  )
}

/** What a column is called on screen: the field's label, the language of it, or the name. */
function slotLabel(t: TFunction, c: Slot, locale: Locale): string {
  if (!c.field) return t('bulk.nameColumn')
  return c.language ? t('bulk.languageTarget', { field: c.field.labels[locale] }) : c.field.labels[locale]
}

/** A cell's control: a field of several lines gets a box that keeps line breaks. */
function CellInput(p: {
  row: number
  column: number
  field: TemplateField | undefined
  value: string
  label: string
  placeholder: string
  error: string | undefined
  errorId: string
  listId: string | undefined
  onCell: (row: number, column: number, value: string) => void
}) {
  const common = {
    'data-cell': `${p.row}:${p.column}`,
    value: p.value,
    'aria-label': p.label,
    'aria-invalid': p.error ? true : undefined,
    'aria-describedby': p.error ? p.errorId : undefined,
    placeholder: p.placeholder,
    className: inputVariants({ size: 'sm', multiline: false }),
  }
  return p.field?.kind === 'text' && p.field.multiline ? (
    <textarea
      {...common}
      rows={1}
      className={`${common.className} h-auto resize-none py-1.5`}
      onChange={(e) => p.onCell(p.row, p.column, e.target.value)}
    />
  ) : (
    <input {...common} list={p.listId} onChange={(e) => p.onCell(p.row, p.column, e.target.value)} />
  )
}

const GridRow = memo(function GridRow(p: {
  index: number
  cells: readonly string[]
  columns: readonly Slot[]
  template: TemplateDetail
  document: Template | undefined
  uploadIds: UploadsByName
  locale: Locale
  problems: RowProblems | undefined
  checked: boolean
  onCell: (row: number, column: number, value: string) => void
  onRemove: (row: number) => void
}) {
  const { t } = useTranslation()
  const number = p.index + 1
  const blank = p.cells.every((c) => c.trim() === '')
  const placeholder = (c: Slot) => {
    const f = c.field
    if (!f) return ''
    if (c.language) return t('bulk.languagePlaceholder')
    return f.kind === 'text'
      ? (p.template.samples[p.locale][f.key] ?? f.defaults[p.locale])
      : f.kind === 'image'
        ? t('bulk.imagePlaceholder')
        : f.kind === 'choice'
          ? (f.options.find((o) => o.value === f.default)?.labels[p.locale] ?? '')
          : f.default
  }
  return (
    <TableRow data-invalid={p.problems ? 'true' : undefined} data-testid="bulk-grid-row">
      <TableHead scope="row" className="text-end align-top font-normal text-muted-foreground tabular-nums">
        {number}
      </TableHead>
      <TableCell className="align-top">
        <RowPicture
          document={p.document}
          uploadIds={p.uploadIds}
          columns={p.columns}
          cells={p.cells}
          locale={p.locale}
          blank={blank}
          alt={t('bulk.pictureOf', { row: number })}
        />
      </TableCell>
      {p.columns.map((c, column) => {
        const f = c.field
        const error = f ? p.problems?.byKey.get(c.language ? languageColumn(f.key) : f.key) : undefined
        const errorId = `bulk-cell-${p.index}-${column}-error`
        const label = `${slotLabel(t, c, p.locale)}, ${t('bulk.rowNumber', { row: number })}`
        return (
          <TableCell key={c.header} className="align-top">
            <CellInput
              row={p.index}
              column={column}
              field={c.language ? undefined : f}
              value={p.cells[column] ?? ''}
              label={label}
              placeholder={placeholder(c)}
              error={error}
              errorId={errorId}
              listId={
                c.language
                  ? LANGUAGES_LIST
                  : f?.kind === 'choice'
                    ? `bulk-options-${f.key}`
                    : f?.kind === 'image'
                      ? UPLOADS_LIST
                      : undefined
              }
              onCell={p.onCell}
            />
            {f?.kind === 'choice' && !c.language && p.index === 0 ? (
              <datalist id={`bulk-options-${f.key}`}>
                {f.options.map((o) => (
                  <option key={o.value} value={o.labels[p.locale]} />
                ))}
              </datalist>
            ) : null}
            {error ? (
              <p id={errorId} className="mt-1 max-w-56 text-xs text-destructive">
                {error}
              </p>
            ) : null}
          </TableCell>
        )
      })}
      <TableCell className="align-top">
        {blank ? null : p.problems ? (
          <div className="flex max-w-56 flex-col gap-1">
            <Badge variant="destructive">{t('bulk.problem')}</Badge>
            {p.problems.general ? <p className="text-xs text-destructive">{p.problems.general}</p> : null}
          </div>
        ) : p.checked ? (
          <Badge variant="secondary">{t('bulk.ready')}</Badge>
        ) : null}
      </TableCell>
      <TableCell className="align-top">
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('bulk.removeRow', { row: number })}
          onClick={() => p.onRemove(p.index)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </TableCell>
    </TableRow>
  )
})

/**
 * The row's values as the model takes them: choices by option, uploads by number or name; empty cells, and
 * images by address (the server fetches them), left out. With the languages its cells give the texts.
 */
function rowValues(
  columns: readonly Slot[],
  cells: readonly string[],
  document: Template,
  uploadIds: UploadsByName,
) {
  const values: Record<string, string> = {}
  const languages: Record<string, string> = {}
  columns.forEach(({ field: f, language }, i) => {
    const cell = (cells[i] ?? '').trim()
    if (cell === '' || !f) return
    if (language) {
      if (LANGUAGE_TAG.test(cell)) languages[f.key] = cell
    } else if (f.kind === 'choice') {
      const options = document.fields.find((d) => d.key === f.key)
      const option = options?.kind === 'choice' ? optionNamed(options.options, cell) : undefined
      if (option !== undefined) values[f.key] = option
    } else if (f.kind === 'image') {
      const id = /^[1-9]\d*$/.test(cell) ? Number(cell) : uploadIds.get(cell)
      if (id !== undefined) values[f.key] = String(id)
    } else values[f.key] = cells[i] ?? ''
  })
  return { values, languages }
}

/** The row drawn in the browser, once it scrolls into view; a blank row shows nothing. */
function RowPicture(p: {
  document: Template | undefined
  uploadIds: UploadsByName
  columns: readonly Slot[]
  cells: readonly string[]
  locale: Locale
  blank: boolean
  alt: string
}) {
  const box = useRef<HTMLDivElement>(null)
  const [seen, setSeen] = useState(false)
  useEffect(() => {
    const el = box.current
    if (!el || seen) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true)
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [seen])
  const row = useMemo(
    () => (p.document ? rowValues(p.columns, p.cells, p.document, p.uploadIds) : undefined),
    [p.document, p.columns, p.cells, p.uploadIds],
  )
  return (
    <div
      ref={box}
      className="flex size-18 items-center justify-center rounded-sm bg-muted"
      data-testid="bulk-row-picture"
    >
      {p.document && row && seen && !p.blank ? (
        <CanvasPreview
          document={p.document}
          values={row.values}
          valueLanguages={row.languages}
          sizeId={undefined}
          locale={p.locale}
          alt={p.alt}
          side={THUMBNAIL_SIDE}
        />
      ) : null}
    </div>
  )
}
