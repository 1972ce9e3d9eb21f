import { Code, type FieldIssue, type IssuesData, MAX_ISSUES, truncated } from '@templet/api/contract'
import { columnNames, parseImageValue, type Template } from '@templet/template'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { AppError } from '../../errors'
import type { RenderError } from '../developer/renders'
import { isUrl, MAX_IMAGE_URLS } from '../uploads/image-urls'
import { cellName } from '../uploads/upload-name'
import { isUploadId, type Uploads } from '../uploads/uploads'
import { findOwnUploadsNamed } from '../uploads/uploads.queries'
import type { BatchRequest } from './batches'

type Rows = BatchRequest['rows']

/** The rows with their image cells resolved, and which of each row's fields hold an image URL still to fetch. */
export interface ImageCellRows {
  rows: Rows
  urlKeys: string[][]
}

/** What is wrong with one cell: the row's issue, and its sentence (the column first). */
interface CellProblem {
  issue: FieldIssue
  message: string
}

/** The references a cell may give: the whole cell, and without its focal point (`cat.jpg@0.5,0.2`). */
function refsOf(cell: string): string[] {
  const { ref, focus } = parseImageValue(cell)
  return focus ? [cell, ref] : [cell]
}

/** The caller's uploads the rows' cells name, by id and by name (the newest of those sharing a name): one query. */
async function uploadsNamed(db: Kysely<Database>, userId: number, cells: string[]) {
  const refs = cells.flatMap(refsOf)
  const found = await findOwnUploadsNamed(db, userId, {
    ids: [...new Set(refs.filter(isUploadId).map(Number))],
    names: [...new Set(refs.map(cellName))],
  })
  const owned = new Set(found.map((u) => u.id))
  const byName = new Map<string, number>()
  for (const u of found) if (u.name !== null && !byName.has(u.name)) byName.set(u.name, u.id)
  const idOf = (ref: string) =>
    isUploadId(ref) && owned.has(Number(ref)) ? Number(ref) : byName.get(cellName(ref))
  /** The cell as an upload's id (its focal point kept), or undefined when it names none of the caller's. */
  return (cell: string): string | undefined => {
    const whole = idOf(cell)
    if (whole !== undefined) return String(whole)
    const { ref, focus } = parseImageValue(cell)
    const id = focus ? idOf(ref) : undefined
    return id === undefined ? undefined : `${id}${cell.slice(ref.length)}`
  }
}

const unknownUpload = (path: FieldIssue['path'], column: string, cell: string): CellProblem => ({
  issue: { path, code: 'invalid_value', params: { reason: 'unknown_upload' } },
  message: `${column}: ${
    isUploadId(cell)
      ? `No upload of yours has the id ${cell}`
      : `No upload of yours is named "${truncated(cell, 64)}"`
  }; My uploads shows each upload's name and id`,
})

const tooManyUrls = (path: FieldIssue['path'], column: string): CellProblem => ({
  issue: { path, code: 'too_big', params: { maximum: MAX_IMAGE_URLS, origin: 'image_urls' } },
  message: `${column}: At most ${MAX_IMAGE_URLS} different image URLs in one bulk create; give the others as uploads' names, or split the rows into several files`,
})

/** A URL refused by its form (not https, a private address) as the cell's problem, its sentence by column. */
function urlProblem(uploads: Uploads, url: string, path: FieldIssue['path'], column: string) {
  try {
    uploads.checkUrl(url, path)
    return undefined
  } catch (err) {
    if (!(err instanceof AppError)) throw err
    const [issue] = (err.data as IssuesData).issues
    return {
      issue: issue ?? { path, code: 'invalid', params: {} },
      message: `${column}: ${err.message.replace(/^[^:]*: /, '')}`,
    }
  }
}

const refusal = (problems: CellProblem[]): RenderError => ({
  code: Code.invalidInput,
  message: problems.map((p) => p.message).join('; '),
  issues: problems.slice(0, MAX_ISSUES).map((p) => p.issue),
  ...(problems.length > MAX_ISSUES && { omitted: problems.length - MAX_ISSUES }),
})

/**
 * Bulk create's image cells as a batch takes them (docs/adr/0189): an upload's id stays; an upload's name (the
 * caller's own, exact after trimming, the newest of several with the name) becomes its id; an image URL stays,
 * for `create` to fetch, and nothing is fetched here. A row is refused, an issue at each bad cell's field, when a
 * cell names none of the caller's uploads, when a URL could not be fetched by its form, or when its URLs would
 * pass the {@link MAX_IMAGE_URLS} different ones a request may fetch (the rows before it keep theirs). Every
 * name and id of the rows is looked up in one query.
 */
export async function imageCells(
  d: { db: Kysely<Database>; uploads: Uploads },
  userId: number,
  fields: Template['fields'],
  rows: Rows,
): Promise<ImageCellRows> {
  const keys = fields.filter((f) => f.kind === 'image').map((f) => f.key)
  const columns = columnNames(fields)
  const cells = rows.flatMap((row) => keys.flatMap((k) => row.values[k] || []))
  const resolve = await uploadsNamed(
    d.db,
    userId,
    cells.filter((c) => !isUrl(c)),
  )
  const fetched = new Set<string>()
  const resolved = rows.map((row) => {
    const values = { ...row.values }
    const problems: CellProblem[] = []
    const urls: { key: string; url: string; problem: CellProblem }[] = []
    for (const key of keys) {
      const cell = values[key]
      if (!cell) continue
      const path = ['values', key]
      const column = columns.get(key) ?? key
      if (isUrl(cell)) {
        const problem = urlProblem(d.uploads, cell, path, column)
        if (problem) problems.push(problem)
        else urls.push({ key, url: cell, problem: tooManyUrls(path, column) })
        continue
      }
      const id = resolve(cell)
      if (id === undefined) problems.push(unknownUpload(path, column, cell))
      else values[key] = id
    }
    // Only the URLs of rows that will be made count: a refused row's are never fetched.
    if (problems.length === 0) {
      const added = new Set(urls.map((u) => u.url).filter((u) => !fetched.has(u)))
      if (fetched.size + added.size > MAX_IMAGE_URLS)
        problems.push(...urls.filter((u) => added.has(u.url)).map((u) => u.problem))
      else for (const url of added) fetched.add(url)
    }
    return {
      row: { ...row, values, ...(problems.length > 0 && { refused: refusal(problems) }) },
      urlKeys: problems.length > 0 ? [] : urls.map((u) => u.key),
    }
  })
  return { rows: resolved.map((r) => r.row), urlKeys: resolved.map((r) => r.urlKeys) }
}
