import '../bulk/messages'
import { useQuery } from '@tanstack/react-query'
import type { Batch, BatchRowError, BatchValidation, TemplateDetail } from '@templet/api'
import { isLanguageTag } from '@templet/api/contract'
import { BATCH_CSV_MAX_BYTES, BATCH_MAX_ROWS } from '@templet/api/limits'
import { fieldKinds, languageColumn } from '@templet/template'
import { Badge } from '@templet/ui/badge'
import { Button } from '@templet/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@templet/ui/dialog'
import { Skeleton } from '@templet/ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@templet/ui/table'
import { Download, FileQuestion, FileSpreadsheet, Layers, Upload } from 'lucide-react'
import { type DragEvent, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { ApiFailureError } from '../api/client'
import { creditBalanceQuery, templateDetailQuery, templateListQuery } from '../api/queries'
import { templateDocumentQuery } from '../api/template-library-queries'
import { BulkGrid, forgetGrid, type GridSource } from '../bulk/bulk-grid'
import {
  BATCH_PAGE_SIZE,
  batchDetailQuery,
  batchListQuery,
  fetchCsvTemplate,
  useCancelBatch,
  useCreateBatch,
  useValidateBatch,
} from '../bulk/queries'
import { rowErrorText } from '../bulk/row-errors'
import { ConfirmDeleteDialog } from '../components/confirm-delete-dialog'
import { EmptyState } from '../components/empty-state'
import { LinkButton } from '../components/link-button'
import { LoadError } from '../components/load-error'
import { PageTitle } from '../components/page-title'
import { Pager } from '../components/pager'
import { RowsSkeleton } from '../components/rows-skeleton'
import { saveFile } from '../components/save-file'
import { notifySuccess, reportError } from '../feedback/notify'
import { formatDate, formatNumber } from '../i18n/format'

type Locale = 'en' | 'zh-CN'
const useLocale = (): Locale => (useTranslation().i18n.language === 'zh-CN' ? 'zh-CN' : 'en')
const idOf = (raw: string | null | undefined) =>
  raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : undefined
const kilobytes = (bytes: number) => Math.ceil(bytes / 1024)

/**
 * `/bulk` (choose a template), `/bulk?template=<id>` (download the CSV, upload it, match columns, check the
 * rows, start) and `/bulk/:batchId` (a batch's progress, cancel, its ZIP); past batches below each.
 */
export function BulkCreatePage() {
  const { t } = useTranslation()
  const batchId = idOf(useParams().batchId)
  const [search] = useSearchParams()
  const templateId = idOf(search.get('template'))
  return (
    <>
      <PageTitle title={t('bulk.title')}>{t('bulk.intro')}</PageTitle>
      <div className="flex flex-col gap-10">
        {batchId !== undefined ? (
          <BatchProgress id={batchId} />
        ) : templateId !== undefined ? (
          <BulkFlow templateId={templateId} />
        ) : (
          <ChooseTemplate />
        )}
        <History />
      </div>
    </>
  )
}

/** Without a template: pick one of the catalogue's, or go and browse them. */
function ChooseTemplate() {
  const { t } = useTranslation()
  const locale = useLocale()
  const navigate = useNavigate()
  const templates = useQuery(templateListQuery({ pageSize: 100 }))
  const selectId = useId()
  return (
    <EmptyState
      icon={<Layers className="size-6" />}
      title={t('bulk.chooseTitle')}
      action={
        <div className="flex flex-col items-center gap-3 sm:flex-row">
          {templates.data ? (
            <div className="flex flex-col items-start gap-1 text-start">
              <label htmlFor={selectId} className="text-sm font-medium">
                {t('bulk.chooseTemplate')}
              </label>
              <select
                id={selectId}
                className="h-10 rounded-md border border-input bg-background px-3"
                defaultValue=""
                onChange={(e) => void navigate(`/bulk?template=${e.target.value}`)}
              >
                <option value="" disabled>
                  {t('bulk.choosePlaceholder')}
                </option>
                {templates.data.items.map((tpl) => (
                  <option key={tpl.id} value={tpl.id}>
                    {tpl.names[locale]}
                  </option>
                ))}
              </select>
            </div>
          ) : templates.isPending ? (
            <Skeleton className="h-10 w-56" />
          ) : null}
          <LinkButton to="/templates" variant="outline">
            {t('bulk.browseTemplates')}
          </LinkButton>
        </div>
      }
    >
      {t('bulk.chooseBody')}
    </EmptyState>
  )
}

interface Loaded {
  name: string
  csv: string
}

/** Where the rows come from: typed or pasted into the grid, or a CSV file (`?from=csv`). */
type RowsFrom = 'grid' | 'csv'

/** The check's answer, and the CSV (with the grid rows of its rows) it is about. */
interface Checked {
  answer: BatchValidation
  csv: string
  gridRowOf: number[]
}

/** How long the grid waits after a change before it is checked again. */
const GRID_CHECK_MS = 400

/** The steps for one template: download, upload, match, check, start. */
function BulkFlow({ templateId }: { templateId: number }) {
  const { t, i18n } = useTranslation()
  const locale = useLocale()
  const navigate = useNavigate()
  const template = useQuery(templateDetailQuery(templateId))
  // The workspace's balance (a team's, in a team), which a batch here spends.
  const workspaceBalance = useQuery(creditBalanceQuery())
  const validate = useValidateBatch()
  const create = useCreateBatch()
  const document = useQuery({
    ...templateDocumentQuery(templateId, template.data?.version),
    enabled: template.data !== undefined,
  })
  const [search, setSearch] = useSearchParams()
  const mode: RowsFrom = search.get('from') === 'csv' ? 'csv' : 'grid'
  const [file, setFile] = useState<Loaded>()
  const [grid, setGrid] = useState<GridSource>()
  const [problem, setProblem] = useState<string>()
  const [checked, setChecked] = useState<Checked>()
  const [confirming, setConfirming] = useState(false)
  const [downloading, setDownloading] = useState(false)

  // The grid is checked a moment after its last change; the answer of older cells is never shown (a
  // mutation's own callbacks run for its newest call only).
  const gridCsvNow = mode === 'grid' && grid && grid.filled > 0 ? grid.csv : undefined
  const gridRows = useRef<number[]>([])
  gridRows.current = grid?.gridRowOf ?? []
  const checkRef =
    useRef<(loaded: Loaded, mapping?: Record<string, string | null>, rows?: number[]) => void>(undefined)
  useEffect(() => {
    if (gridCsvNow === undefined) return
    const rows = gridRows.current
    const timer = setTimeout(
      () => checkRef.current?.({ name: '', csv: gridCsvNow }, undefined, rows),
      GRID_CHECK_MS,
    )
    return () => clearTimeout(timer)
  }, [gridCsvNow])

  if (template.isPending) return <Skeleton aria-busy="true" className="h-64" />
  if (template.isError) {
    if (template.error instanceof ApiFailureError && template.error.code === 404)
      return (
        <EmptyState
          icon={<FileQuestion className="size-6" />}
          title={t('notFound.title')}
          action={<LinkButton to="/bulk">{t('bulk.changeTemplate')}</LinkButton>}
        >
          {t('media.editor.notFound')}
        </EmptyState>
      )
    return <LoadError onRetry={() => void template.refetch()} />
  }
  const tpl = template.data

  /** Words a refusal of the whole file in the reader's language. */
  function refusal(error: unknown): string {
    if (!(error instanceof ApiFailureError)) return t('app.loadFailed')
    if (error.code === 402) return t('bulk.balanceShort')
    const issue = error.issues[0]
    if (issue?.path[0] === 'rows' && issue.code === 'too_big')
      return t('bulk.tooManyRows', { max: BATCH_MAX_ROWS })
    if (issue?.path[0] === 'rows' && issue.code === 'too_small') return t('bulk.noRows')
    if (issue?.path[0] === 'csv' && issue.code === 'invalid_format')
      return t('bulk.unreadable', { reason: error.msg.replace(/^csv: /, '') })
    return error.msg
  }

  function check(loaded: Loaded, mapping?: Record<string, string | null>, gridRowOf: number[] = []) {
    setProblem(undefined)
    validate.mutate(
      { templateId, locale, csv: loaded.csv, ...(mapping ? { mapping } : {}) },
      {
        onSuccess: (answer) => setChecked({ answer, csv: loaded.csv, gridRowOf }),
        onError: (error) => {
          setChecked(undefined)
          setProblem(refusal(error))
        },
      },
    )
  }
  checkRef.current = check

  function switchTo(next: RowsFrom) {
    setSearch(
      (now) => {
        const params = new URLSearchParams(now)
        if (next === 'csv') params.set('from', 'csv')
        else params.delete('from')
        return params
      },
      { replace: true },
    )
    setChecked(undefined)
    setProblem(undefined)
    if (next === 'csv' && file) check(file)
  }

  async function take(chosen: File) {
    setChecked(undefined)
    setFile(undefined)
    const name = chosen.name
    const looksCsv = /\.csv$/i.test(name) || /csv/i.test(chosen.type)
    if (!looksCsv) return setProblem(t('bulk.notCsv', { name }))
    if (chosen.size === 0) return setProblem(t('bulk.emptyFile', { name }))
    if (chosen.size > BATCH_CSV_MAX_BYTES)
      return setProblem(
        t('bulk.tooLarge', {
          name,
          size: formatNumber(kilobytes(chosen.size), i18n.language),
          max: kilobytes(BATCH_CSV_MAX_BYTES),
          rows: BATCH_MAX_ROWS,
        }),
      )
    // File.text() decodes UTF-8 and drops a byte-order mark.
    const loaded = { name, csv: await chosen.text() }
    setFile(loaded)
    check(loaded)
  }

  async function downloadTemplate() {
    setDownloading(true)
    try {
      const { fileName, csv } = await fetchCsvTemplate(templateId, locale)
      saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName)
    } catch (error) {
      reportError(error)
    } finally {
      setDownloading(false)
    }
  }

  const answer = checked?.answer
  const balance = answer?.balance ?? workspaceBalance.data?.balance ?? 0
  const cost = answer?.cost ?? 0
  // What Start would make: the rows last checked, as long as they are still the rows on screen.
  const current = mode === 'grid' ? gridCsvNow : file?.csv
  const upToDate = checked !== undefined && checked.csv === current && !validate.isPending

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-wrap items-center gap-3">
        <FileSpreadsheet aria-hidden="true" className="size-5 text-muted-foreground" />
        <p className="font-medium">{t('bulk.forTemplate', { name: tpl.names[locale] })}</p>
        <Link to="/bulk" className="rounded-md text-sm text-primary underline-offset-4 hover:underline">
          {t('bulk.changeTemplate')}
        </Link>
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-lg font-semibold">{t('bulk.rowsFrom')}</legend>
        <div className="inline-flex w-fit rounded-md border border-border p-1" data-testid="bulk-mode">
          {(['grid', 'csv'] as const).map((m) => (
            <label
              key={m}
              className="cursor-pointer rounded-sm px-3 py-1.5 text-sm has-checked:bg-primary has-checked:text-primary-foreground has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50"
            >
              <input
                type="radio"
                name="bulk-mode"
                value={m}
                checked={mode === m}
                onChange={() => switchTo(m)}
                className="sr-only"
              />
              {m === 'grid' ? t('bulk.fromGrid') : t('bulk.fromCsv')}
            </label>
          ))}
        </div>
      </fieldset>

      {mode === 'grid' ? (
        <section aria-labelledby="bulk-grid-title" className="flex flex-col gap-3">
          <h2 id="bulk-grid-title" className="sr-only">
            {t('bulk.fromGrid')}
          </h2>
          {/* Its language columns depend on the document (which texts it draws), so it waits for it. */}
          {document.isPending ? (
            <Skeleton aria-busy="true" className="h-64" />
          ) : (
            <BulkGrid
              template={tpl}
              document={document.data?.document}
              checked={checked?.csv === gridCsvNow ? answer : undefined}
              checkedRows={checked?.csv === gridCsvNow ? (checked?.gridRowOf ?? []) : []}
              checking={gridCsvNow !== undefined && !upToDate && problem === undefined}
              onChange={setGrid}
            />
          )}
          {problem ? (
            <p role="alert" className="rounded-md border border-destructive/50 p-3 text-sm text-destructive">
              {problem}
            </p>
          ) : null}
        </section>
      ) : (
        <>
          <section aria-labelledby="bulk-download" className="flex flex-col gap-3">
            <h2 id="bulk-download" className="text-lg font-semibold">
              {t('bulk.stepDownload')}
            </h2>
            <p className="max-w-2xl text-muted-foreground">{t('bulk.stepDownloadBody')}</p>
            <div>
              <Button variant="outline" onClick={() => void downloadTemplate()} disabled={downloading}>
                <Download aria-hidden="true" />
                {downloading ? t('bulk.downloading') : t('bulk.download')}
              </Button>
            </div>
          </section>

          <section aria-labelledby="bulk-upload" className="flex flex-col gap-3">
            <h2 id="bulk-upload" className="text-lg font-semibold">
              {t('bulk.stepUpload')}
            </h2>
            <DropZone onFile={(f) => void take(f)} />
            {validate.isPending && file ? (
              <p role="status" className="text-sm text-muted-foreground">
                {t('bulk.reading', { name: file.name })}
              </p>
            ) : file ? (
              <p className="text-sm text-muted-foreground">{t('bulk.fileName', { name: file.name })}</p>
            ) : null}
            {problem ? (
              <p
                role="alert"
                className="rounded-md border border-destructive/50 p-3 text-sm text-destructive"
              >
                {problem}
              </p>
            ) : null}
          </section>

          {answer && file ? (
            <>
              <ColumnMapping
                template={tpl}
                checked={answer}
                disabled={validate.isPending}
                onChange={(mapping) => check(file, mapping)}
              />
              <RowPreview template={tpl} checked={answer} />
            </>
          ) : null}
        </>
      )}

      {answer && current !== undefined ? (
        <section aria-labelledby="bulk-start" className="flex flex-col gap-3">
          <h2 id="bulk-start" className="text-lg font-semibold">
            {mode === 'grid' ? t('bulk.startTitle') : t('bulk.stepStart')}
          </h2>
          <p className="tabular-nums" data-testid="bulk-cost">
            {t('bulk.cost', { count: cost })} · {t('bulk.balance', { count: balance })}
          </p>
          {cost === 0 ? (
            <p className="text-muted-foreground">{t('bulk.nothingToMake')}</p>
          ) : cost > balance ? (
            <p className="flex flex-wrap items-center gap-3">
              <span className="text-destructive">{t('bulk.notEnough', { count: cost - balance })}</span>
              <LinkButton to="/pricing-plans" variant="outline">
                {t('bulk.buyCredits')}
              </LinkButton>
            </p>
          ) : null}
          <div>
            <Button disabled={cost === 0 || cost > balance || !upToDate} onClick={() => setConfirming(true)}>
              {t('bulk.start', { count: cost })}
            </Button>
          </div>
        </section>
      ) : null}

      <Dialog open={confirming} onOpenChange={(open) => (open ? null : setConfirming(false))}>
        <DialogContent closeLabel={t('app.close')}>
          <DialogHeader>
            <DialogTitle>{t('bulk.confirmTitle', { count: cost })}</DialogTitle>
            <DialogDescription>
              {t('bulk.confirmBody', { count: cost, after: balance - cost })}
              {answer && answer.refusedRows > 0
                ? ` ${t('bulk.confirmSkipped', { count: answer.refusedRows })}`
                : ''}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              {t('bulk.back')}
            </Button>
            <Button
              disabled={create.isPending || !upToDate}
              onClick={() => {
                if (!checked || !upToDate) return
                const mapping = Object.fromEntries(checked.answer.columns.map((c) => [c.header, c.target]))
                create.mutate(
                  { templateId, locale, csv: checked.csv, mapping },
                  {
                    onSuccess: (batch) => {
                      setConfirming(false)
                      if (mode === 'grid') forgetGrid(templateId)
                      void navigate(`/bulk/${batch.id}`)
                    },
                    onError: (error) => {
                      setConfirming(false)
                      setProblem(refusal(error))
                    },
                  },
                )
              }}
            >
              {create.isPending ? t('bulk.starting') : t('bulk.confirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  )
}

/** Drag a CSV onto it, or choose one with the button (keyboard: the button is the control). */
function DropZone({ onFile }: { onFile: (file: File) => void }) {
  const { t } = useTranslation()
  const input = useRef<HTMLInputElement>(null)
  const [over, setOver] = useState(false)
  const drop = (e: DragEvent) => {
    e.preventDefault()
    setOver(false)
    const file = e.dataTransfer.files[0]
    if (file) onFile(file)
  }
  return (
    <section
      aria-label={t('bulk.dropHere')}
      data-testid="bulk-dropzone"
      onDragOver={(e) => {
        e.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={`flex flex-col items-center gap-2 rounded-xl border-2 border-dashed p-6 text-center sm:p-8 ${
        over ? 'border-primary bg-primary/5' : 'border-border'
      }`}
    >
      <Upload aria-hidden="true" className="size-6 text-muted-foreground" />
      <p className="font-medium">{t('bulk.dropHere')}</p>
      <p className="text-sm text-muted-foreground">{t('bulk.or')}</p>
      <Button variant="outline" onClick={() => input.current?.click()}>
        {t('bulk.chooseFile')}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="bulk-file"
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) onFile(file)
        }}
      />
      <p className="text-xs text-muted-foreground">
        {t('bulk.limits', { size: kilobytes(BATCH_CSV_MAX_BYTES), rows: BATCH_MAX_ROWS })}
      </p>
    </section>
  )
}

/** Each CSV column with the field it feeds; a change checks the file again. */
function ColumnMapping(p: {
  template: TemplateDetail
  checked: BatchValidation
  disabled: boolean
  onChange: (mapping: Record<string, string | null>) => void
}) {
  const { t } = useTranslation()
  const locale = useLocale()
  const current = Object.fromEntries(p.checked.columns.map((c) => [c.header, c.target]))
  // A language column can feed any typed field's language; one the file already has is offered in any case.
  const languageTargets = p.template.fields.filter(
    (f) =>
      fieldKinds.typed(f) &&
      p.checked.columns.some((c) => c.target === f.key || c.target === languageColumn(f.key)),
  )
  return (
    <section aria-labelledby="bulk-map" className="flex flex-col gap-3">
      <h2 id="bulk-map" className="text-lg font-semibold">
        {t('bulk.stepMap')}
      </h2>
      <p className="text-muted-foreground">{t('bulk.mapBody')}</p>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {p.checked.columns.map((c, i) => (
          <li key={`${c.header}-${i}`} className="flex flex-col gap-1">
            <label htmlFor={`bulk-col-${i}`} className="truncate text-sm font-medium">
              {t('bulk.column', { header: c.header })}
            </label>
            <select
              id={`bulk-col-${i}`}
              className="h-10 rounded-md border border-input bg-background px-3"
              value={c.target ?? ''}
              disabled={p.disabled}
              onChange={(e) => p.onChange({ ...current, [c.header]: e.target.value || null })}
            >
              <option value="">{t('bulk.leaveOut')}</option>
              {p.template.fields.map((f) => (
                <option key={f.key} value={f.key}>
                  {f.labels[locale]}
                </option>
              ))}
              {languageTargets.map((f) => (
                <option key={f.key} value={languageColumn(f.key)}>
                  {t('bulk.languageTarget', { field: f.labels[locale] })}
                </option>
              ))}
              <option value="name">{t('bulk.nameTarget')}</option>
            </select>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The first rows as they will be drawn, each marked ready or with its problem; then every refused row. */
function RowPreview({ template, checked }: { template: TemplateDetail; checked: BatchValidation }) {
  const { t } = useTranslation()
  const locale = useLocale()
  const errors = new Map(checked.errors.map((e) => [e.row, e]))
  const fields = template.fields.filter((f) => checked.columns.some((c) => c.target === f.key))
  const invalid = checked.refusedRows
  return (
    <section aria-labelledby="bulk-check" className="flex flex-col gap-3">
      <h2 id="bulk-check" className="text-lg font-semibold">
        {t('bulk.stepCheck')}
      </h2>
      <p data-testid="bulk-summary">
        {t('bulk.rowsSummary', {
          count: checked.totalRows,
          total: checked.totalRows,
          valid: checked.totalRows - invalid,
          invalid,
        })}
      </p>
      {checked.rows.length < checked.totalRows ? (
        <p className="text-sm text-muted-foreground">
          {t('bulk.previewNote', { shown: checked.rows.length, total: checked.totalRows })}
        </p>
      ) : null}
      <div className="max-h-96 overflow-auto rounded-md border border-border">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('bulk.row')}</TableHead>
              <TableHead>{t('bulk.status')}</TableHead>
              <TableHead>{t('bulk.nameColumn')}</TableHead>
              {fields.map((f) => (
                <TableHead key={f.key}>{f.labels[locale]}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {checked.rows.map((r) => {
              const error = errors.get(r.row)
              return (
                <TableRow key={r.row} data-invalid={error ? 'true' : undefined}>
                  <TableCell className="tabular-nums">{r.row}</TableCell>
                  <TableCell>
                    {error ? (
                      <Badge variant="destructive">{t('bulk.problem')}</Badge>
                    ) : (
                      <Badge variant="secondary">{t('bulk.ready')}</Badge>
                    )}
                  </TableCell>
                  <TableCell className="max-w-48 truncate">{r.name ?? ''}</TableCell>
                  {fields.map((f) => {
                    const lang = r.valueLanguages[f.key]
                    return (
                      <TableCell key={f.key} className="max-w-64 truncate">
                        {/* In the row's language, so its Chinese characters show in that language's forms. */}
                        <span lang={lang && isLanguageTag(lang) ? lang : undefined}>
                          {r.values[f.key] ?? ''}
                        </span>
                        {lang ? (
                          <Badge variant="outline" className="ms-2 font-normal">
                            {lang}
                          </Badge>
                        ) : null}
                      </TableCell>
                    )
                  })}
                </TableRow>
              )
            })}
          </TableBody>
        </Table>
      </div>
      {invalid > 0 ? (
        <RowErrors
          template={template}
          errors={checked.errors}
          omitted={checked.errorsOmitted}
          title={t('bulk.errorsTitle')}
        />
      ) : null}
    </section>
  )
}

function RowErrors({
  template,
  errors,
  omitted,
  title,
}: {
  template: TemplateDetail
  errors: BatchRowError[]
  /** Refused rows the answer left out, past those it lists. */
  omitted?: number
  title: string
}) {
  const { t } = useTranslation()
  const locale = useLocale()
  return (
    <div className="rounded-md border border-destructive/50 p-4">
      <h3 className="mb-2 font-medium">{title}</h3>
      <ul className="flex flex-col gap-1 text-sm" data-testid="bulk-errors">
        {errors.map((e) => (
          <li key={e.row}>
            {t('bulk.rowError', { row: e.row, message: rowErrorText(t, e, template, locale) })}
          </li>
        ))}
      </ul>
      {omitted ? (
        <p className="mt-2 text-sm text-muted-foreground">{t('bulk.moreErrors', { count: omitted })}</p>
      ) : null}
    </div>
  )
}

const statusVariant = { running: 'default', completed: 'secondary', canceled: 'outline' } as const

/** A batch while it runs (read every second) and once it has finished: cancel, the ZIP, the failed rows. */
function BatchProgress({ id }: { id: number }) {
  const { t } = useTranslation()
  const locale = useLocale()
  const batch = useQuery(batchDetailQuery(id))
  const template = useQuery({
    ...templateDetailQuery(batch.data?.templateId ?? 0),
    enabled: batch.data !== undefined,
  })
  const cancel = useCancelBatch()
  const [asking, setAsking] = useState(false)
  if (batch.isPending) return <Skeleton aria-busy="true" className="h-40" />
  if (batch.isError) {
    if (batch.error instanceof ApiFailureError && batch.error.code === 404)
      return (
        <EmptyState
          icon={<FileQuestion className="size-6" />}
          title={t('notFound.title')}
          action={<LinkButton to="/bulk">{t('bulk.newBatch')}</LinkButton>}
        >
          {t('bulk.notFound')}
        </EmptyState>
      )
    return <LoadError onRetry={() => void batch.refetch()} />
  }
  const b = batch.data
  // The bar and the words count the same rows: those finished, made or not; the bar shows the made ones apart.
  const settled = b.completedRows + b.failedRows + b.canceledRows
  const share = (n: number) => (b.totalRows === 0 ? 100 : Math.round((n / b.totalRows) * 100))
  const percent = share(settled)
  const progress = t('bulk.progress', { done: settled, total: b.totalRows })
  const made = t('bulk.progressMade', { count: b.completedRows })
  return (
    <section aria-labelledby="bulk-progress" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="bulk-progress" className="text-lg font-semibold">
          {t('bulk.progressTitle', { id: b.id })}
        </h2>
        <Badge variant={statusVariant[b.status]} data-testid="bulk-status">
          {t(`bulk.${b.status}`)}
        </Badge>
        <span className="text-muted-foreground">{b.templateName[locale]}</span>
      </div>
      <div className="max-w-xl">
        <div
          role="progressbar"
          aria-label={t('bulk.progressTitle', { id: b.id })}
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuetext={`${progress}, ${made}`}
          className="flex h-3 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full bg-primary transition-[width]"
            style={{ width: `${share(b.completedRows)}%` }}
          />
          <div
            className="h-full bg-muted-foreground/40 transition-[width]"
            style={{ width: `${percent - share(b.completedRows)}%` }}
          />
        </div>
        <p className="mt-2 flex flex-wrap gap-x-4 text-sm tabular-nums" aria-live="polite">
          <span data-testid="bulk-progress-text">{progress}</span>
          <span data-testid="bulk-progress-made">{made}</span>
          {b.failedRows > 0 ? (
            <span className="text-destructive">{t('bulk.progressFailed', { count: b.failedRows })}</span>
          ) : null}
          {b.canceledRows > 0 ? <span>{t('bulk.progressCanceled', { count: b.canceledRows })}</span> : null}
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        {b.status === 'running' ? (
          <Button variant="outline" onClick={() => setAsking(true)} disabled={cancel.isPending}>
            {cancel.isPending ? t('bulk.cancelling') : t('bulk.cancelBatch')}
          </Button>
        ) : b.archiveUrl ? (
          <Button asChild>
            <a href={b.archiveUrl} download data-testid="bulk-zip">
              <Download aria-hidden="true" />
              {t('bulk.downloadZip')}
            </a>
          </Button>
        ) : (
          <p className="text-muted-foreground">{t('bulk.noZip')}</p>
        )}
        {b.status !== 'running' && b.completedRows > 0 ? (
          <LinkButton to="/creation" variant="outline">
            {t('bulk.viewCreations')}
          </LinkButton>
        ) : null}
        <LinkButton to={`/bulk?template=${b.templateId}`} variant="ghost">
          {t('bulk.newBatch')}
        </LinkButton>
      </div>
      {b.errors.length > 0 && template.data ? (
        <RowErrors
          template={template.data}
          errors={b.errors}
          omitted={b.errorsOmitted}
          title={t('bulk.failedTitle')}
        />
      ) : null}
      <ConfirmDeleteDialog
        open={asking}
        onCancel={() => setAsking(false)}
        pending={cancel.isPending}
        title={t('bulk.cancelTitle')}
        description={t('bulk.cancelBody')}
        labels={{
          cancel: t('bulk.keepGoing'),
          confirm: t('bulk.cancelConfirm'),
          pending: t('bulk.cancelling'),
        }}
        onConfirm={() =>
          cancel.mutate(b.id, {
            onSuccess: () => {
              setAsking(false)
              notifySuccess(t('bulk.canceledToast'))
            },
            onError: () => setAsking(false),
          })
        }
      />
    </section>
  )
}

/** The caller's batches, newest first, in pages; each opens its progress and offers its ZIP. */
function History() {
  const { t, i18n } = useTranslation()
  const locale = useLocale()
  const [page, setPage] = useState(1)
  const list = useQuery(batchListQuery(page))
  return (
    <section aria-labelledby="bulk-history" className="flex flex-col gap-3">
      <h2 id="bulk-history" className="text-lg font-semibold">
        {t('bulk.historyTitle')}
      </h2>
      {list.isPending ? (
        <RowsSkeleton rowClassName="h-14" gap="gap-2" />
      ) : list.isError ? (
        <LoadError onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="text-muted-foreground">{t('bulk.historyEmpty')}</p>
      ) : (
        <>
          <ul
            className="flex flex-col divide-y divide-border rounded-md border border-border"
            data-testid="bulk-history"
          >
            {list.data.items.map((b: Batch) => (
              <li key={b.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3">
                <div className="min-w-0 flex-1">
                  <Link to={`/bulk/${b.id}`} className="rounded-md font-medium hover:underline">
                    #{b.id} · {b.templateName[locale]}
                  </Link>
                  <p className="text-sm text-muted-foreground tabular-nums">
                    {formatDate(new Date(b.createdAt), 'moment', i18n.language)} ·{' '}
                    {t('bulk.historyRow', { done: b.completedRows, total: b.totalRows })}
                  </p>
                </div>
                <Badge variant={statusVariant[b.status]}>{t(`bulk.${b.status}`)}</Badge>
                {b.archiveUrl ? (
                  <a
                    href={b.archiveUrl}
                    download
                    className="inline-flex items-center gap-1 rounded-md text-sm text-primary hover:underline"
                  >
                    <Download aria-hidden="true" className="size-4" />
                    {t('bulk.downloadZip')}
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
          <Pager page={page} pages={Math.ceil(list.data.total / BATCH_PAGE_SIZE)} onPage={setPage} />
        </>
      )}
    </section>
  )
}
