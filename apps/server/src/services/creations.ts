import { randomUUID } from 'node:crypto'
import {
  boundedKey,
  Code,
  type Creation,
  type CreationDetail,
  type FieldIssue,
  type IssuesData,
  MAX_ISSUES,
} from '@templet/api/contract'
import { type DecodedImages, validateValues } from '@templet/render'
import {
  type Locale,
  parseImageValue,
  printPixels,
  type Template,
  type ValueIssue,
  type Values,
} from '@templet/template'
import type { Kysely } from 'kysely'
import type { Limit } from '../config'
import { isForeignKeyViolation } from '../db/connection'
import {
  type CreationFilter,
  deleteOwnCreation,
  findCreation,
  findOwnCreation,
  insertCreation,
  insertCreationUploads,
  listCreations,
} from '../db/creations'
import { ledgerBalance } from '../db/ledger'
import { insertNotifications } from '../db/notifications'
import type { CreationRow, Database, TemplateRow } from '../db/schema'
import { findOwnUpload } from '../db/uploads'
import { findUserWithCredits } from '../db/users'
import { AppError, invalidInput, notFound, refuseSlowly } from '../errors'
import type { FileUrls } from './file-urls'
import type { WorkBudget } from './image-work'
import { spendCredits } from './ledger'
import { notificationRow } from './notifications'
import type { RateLimiter } from './rate-limit'
import type { Renderer } from './renderer'
import type { MediaStorage } from './storage'
import type { ResolvedTemplate, Templates } from './templates'
import { ownUploadKey } from './uploads'

/** The files of one creation under its storage prefix. */
export const CREATION_FILES = {
  png: { name: 'image.png', contentType: 'image/png' },
  jpeg: { name: 'image.jpg', contentType: 'image/jpeg' },
  webp: { name: 'image.webp', contentType: 'image/webp' },
  /** Only for a print size (A4, Letter, cards…): the PDF a print shop takes. */
  pdf: { name: 'document.pdf', contentType: 'application/pdf' },
  thumb: { name: 'thumb.webp', contentType: 'image/webp' },
} as const
export type CreationFile = keyof typeof CREATION_FILES

export const CREATION_COST = 1

export interface CreationDeps {
  db: Kysely<Database>
  templates: Templates
  storage: MediaStorage
  urls: FileUrls
  renderer: Renderer
  limiter: RateLimiter
  previewLimit: Limit
  /** Customers' photos kept decoded between renders (an upload id always names the same bytes). */
  decodedImages?: DecodedImages
  /** Pixels rendered at once in this process (a render holds its output's pixels). */
  pixelBudget?: WorkBudget
  /** How long the answer to more bad values than an answer lists waits (`ABUSIVE_REFUSAL_DELAY_MS`). */
  refusalDelayMs: number
  now: () => number
}

interface Request {
  userId: number
  templateId: number
  /** Default: the template's current version. */
  templateVersion?: number | undefined
  values: Record<string, string>
  sizeId?: string | undefined
  locale?: Locale | undefined
}

const characters = (p: Record<string, unknown>) => (Array.isArray(p.characters) ? p.characters.join('') : '')

/** A sentence per problem code of `validateValues`, for the 400's `msg`. */
function describeIssue(i: { path: string; code: string; params?: Record<string, unknown> }): string {
  const p = i.params ?? {}
  const what: Record<string, string> = {
    unknown_field: 'Unknown field',
    too_short: `Must be at least ${String(p.min)} characters`,
    too_long: `Must be at most ${String(p.max)} characters`,
    not_single_line: 'Must be a single line',
    invalid_color: 'Must be a colour like #1a2b3c',
    invalid_choice: `Must be one of ${Array.isArray(p.options) ? p.options.join(', ') : 'the options'}`,
    required: 'An image is required',
    invalid_focus: 'The focal point must be inside the image: two fractions from 0 to 1, as 17@0.25,0.6',
    unsupported_characters: `Cannot draw ${characters(p)} (${String(p.script)} script): no font of this template has them; remove them or write the text in another script`,
  }
  return `values.${boundedKey(i.path)}: ${what[i.code] ?? i.code}`
}

/** The contract's issue for each problem code of `validateValues`, at `values.<field>`. */
function fieldIssue(i: ValueIssue): FieldIssue {
  const p = i.params ?? {}
  const path = ['values', boundedKey(i.path)]
  switch (i.code) {
    case 'unknown_field':
      return { path, code: 'unrecognized_key', params: {} }
    case 'too_short':
      return { path, code: 'too_small', params: { origin: 'string', minimum: Number(p.min) } }
    case 'too_long':
      return { path, code: 'too_big', params: { origin: 'string', maximum: Number(p.max) } }
    case 'not_single_line':
      return { path, code: 'invalid_format', params: { format: 'single_line' } }
    case 'invalid_color':
      return { path, code: 'invalid_format', params: { format: 'color' } }
    case 'invalid_focus':
      return { path, code: 'invalid_format', params: { format: 'focal_point' } }
    case 'invalid_choice':
      return { path, code: 'invalid_value', params: {} }
    case 'required':
      return { path, code: 'required', params: {} }
    case 'unsupported_characters':
      return {
        path,
        code: 'unsupported_characters',
        params: { characters: characters(p), script: String(p.script) },
      }
    default:
      return { path, code: 'invalid', params: { reason: i.code } }
  }
}

/** `data` of the 400 for the values' problems: at most the contract's number of issues, and the count of the rest. */
function valueIssuesData(issues: ValueIssue[]): IssuesData {
  const listed = issues.slice(0, MAX_ISSUES).map(fieldIssue)
  const omitted = issues.length - listed.length
  return omitted > 0 ? { issues: listed, omitted } : { issues: listed }
}

/**
 * How a creation is paid for, in the transaction that stores it: by default one credit is spent; a job that
 * reserved the credit when it was accepted settles its own row instead. `store` inserts the creation.
 */
export type Settle = <T>(
  now: number,
  store: (trx: Kysely<Database>) => Promise<T>,
) => Promise<{ result: T; balance?: number | undefined }>

type CreateOptions = {
  /** Pays in the storing transaction; default: spends one credit (402 without). */
  settle?: Settle
  /** Raise the "creation ready" notification (default true; a batch raises one for all its rows). */
  notify?: boolean
}

export class Creations {
  constructor(private readonly d: CreationDeps) {}

  /**
   * The template, size and values checked: 404 for an unknown template, 400 naming the field otherwise. The
   * uploads the values name are read once, here, and handed to the renderer (`images`).
   */
  private async prepare(
    r: Request,
    resolved?: ResolvedTemplate,
  ): Promise<{
    row: TemplateRow
    template: Template
    version: number
    sizeId: string
    /** Pixels of the size drawn. */
    pixels: number
    /** The size is printed: its raster outputs are 300 dpi and it gets a PDF. */
    print: boolean
    /** The caller's uploads the values name. */
    uploadIds: number[]
    images: (ref: string) => Promise<Buffer | undefined>
    /** Throws the 404 of an upload whose file was gone when the renderer read it. */
    checkImagesRead: () => void
  }> {
    const { row, template, version } =
      resolved ?? (await this.d.templates.resolve(r.userId, r.templateId, r.templateVersion))
    const size = r.sizeId === undefined ? template.sizes[0] : template.sizes.find((s) => s.id === r.sizeId)
    if (!size)
      throw invalidInput(['sizeId'], `Must be one of ${template.sizes.map((s) => s.id).join(', ')}`, {
        code: 'invalid_value',
      })
    const issues = validateValues(template, r.values as Values)
    if (issues.length > 0) {
      const refusal = new AppError(
        Code.invalidInput,
        issues.slice(0, 5).map(describeIssue).join('; '),
        valueIssuesData(issues),
      )
      // More problems than an answer lists: the editor never sends that.
      if (issues.length > MAX_ISSUES) await refuseSlowly(refusal, this.d.refusalDelayMs)
      throw refusal
    }
    // An image value must be one of the caller's own uploads; anyone else's is as unknown as a missing one.
    // Checked here by its row; the file is read only if the renderer has no decoded copy (DecodedImages).
    const owned = new Map<string, { field: string; storageKey: string }>()
    for (const f of template.fields) {
      const v = r.values[f.key]
      if (f.kind !== 'image' || !v) continue
      const ref = parseImageValue(v).ref
      if (owned.has(ref)) continue
      const storageKey = await ownUploadKey(this.d, r.userId, ref)
      if (!storageKey) throw new AppError(Code.notFound, `values.${f.key}: Upload not found`)
      owned.set(ref, { field: f.key, storageKey })
    }
    const reads = new Map<string, Promise<Buffer | undefined>>()
    const gone: string[] = []
    const images = (ref: string) => {
      const upload = owned.get(ref)
      if (!upload) return Promise.resolve(undefined)
      let read = reads.get(ref)
      if (!read) {
        read = this.d.storage.get(upload.storageKey).then((bytes) => {
          if (!bytes) gone.push(upload.field)
          return bytes
        })
        reads.set(ref, read)
      }
      return read
    }
    // A row whose file is gone fails the request rather than drawing the placeholder into what was asked for.
    const checkImagesRead = () => {
      if (gone.length > 0) throw new AppError(Code.notFound, `values.${gone[0]}: Upload not found`)
    }
    // A print size is drawn at its sheet's 300 dpi: those are the pixels a render holds.
    const drawn = size.print ? printPixels(size.print) : size
    return {
      row,
      template,
      version,
      sizeId: size.id,
      pixels: drawn.width * drawn.height,
      print: size.print !== undefined,
      uploadIds: [...owned.keys()].map(Number),
      images,
      checkImagesRead,
    }
  }

  /**
   * Checks a creation request as `create` would (template, size, values, the caller's uploads) without rendering:
   * what a job accepted now will not refuse later. Returns the size and the template's version it will draw.
   * `resolved`: the template as {@link resolve} read it, for many requests of it (a batch's rows read it once).
   */
  /** The template (and version) a request of `userId` draws; 404 when it is not theirs to use. */
  resolve(userId: number, templateId: number): Promise<ResolvedTemplate> {
    return this.d.templates.resolve(userId, templateId)
  }

  async check(r: Request, resolved?: ResolvedTemplate): Promise<{ sizeId: string; templateVersion: number }> {
    const { sizeId, version } = await this.prepare(r, resolved)
    return { sizeId, templateVersion: version }
  }

  /**
   * Renders and stores a creation, spending one credit. Order: check, render, write the files, then in one
   * transaction spend the credit and insert the row. A failed render costs nothing; a refused spend removes the
   * files; a crash before the commit leaves files without a row, which are never served and which the sweep
   * removes.
   */
  async create(
    r: Request & { name?: string | undefined },
    o: CreateOptions = {},
  ): Promise<Creation & { credits: number }> {
    const { id, balance } = await this.make(r, o)
    const created = await findOwnCreation(this.d.db, id, r.userId)
    if (!created) throw new Error('creation vanished after insert')
    return { ...this.view(created), credits: balance ?? (await ledgerBalance(this.d.db, r.userId)) }
  }

  /**
   * `create` without reading the creation back: its id, and the balance when the settle read it. A job (a /v1
   * render, a batch row) needs no more, and skips the read and the view.
   */
  async make(
    r: Request & { name?: string | undefined },
    o: CreateOptions = {},
  ): Promise<{ id: number; balance: number | undefined }> {
    const { row, template, version, sizeId, pixels, print, uploadIds, images, checkImagesRead } =
      await this.prepare(r)
    if (!o.settle) {
      // Fail fast without rendering; the spend below is what guarantees the balance.
      const before = await ledgerBalance(this.d.db, r.userId)
      if (before < CREATION_COST)
        throw new AppError(Code.notEnoughCredits, 'Not enough credits; buy more to continue', {
          credits: before,
        })
    }
    const locale = r.locale ?? 'en'
    const name = r.name ?? template.name[locale]
    const out = await this.#withPixels(pixels, () =>
      this.d.renderer.render(template, r.values, {
        sizeId,
        locale,
        images,
        decodedImages: this.d.decodedImages,
      }),
    )
    // The same drawing as the PNG, as a vector PDF: text stays text, the photos keep 300 dpi.
    // Its metadata names the customer as the author, as a document they made.
    const author = print ? (await findUserWithCredits(this.d.db, r.userId))?.name : undefined
    const pdf = print
      ? await this.#withPixels(pixels, () =>
          this.d.renderer.renderPdf(template, [r.values], {
            sizeId,
            locale,
            images,
            title: name,
            ...(author && { author }),
          }),
        )
      : undefined
    checkImagesRead()
    const prefix = `creations/${randomUUID()}`
    const bytes: Partial<Record<CreationFile, Buffer>> = {
      png: out.png,
      jpeg: out.jpeg,
      webp: out.webp,
      thumb: out.thumbnail,
      ...(pdf && { pdf }),
    }
    const stored = (Object.keys(bytes) as CreationFile[]).map((f) => ({
      f,
      key: `${prefix}/${CREATION_FILES[f].name}`,
    }))
    const keys = stored.map((s) => s.key)
    try {
      await Promise.all(
        stored.map(({ f, key }) =>
          this.d.storage.put(key, bytes[f] as Buffer, CREATION_FILES[f].contentType),
        ),
      )
      const now = this.d.now()
      const settle: Settle =
        o.settle ??
        ((at, store) =>
          spendCredits(
            this.d.db,
            {
              userId: r.userId,
              amount: CREATION_COST,
              reason: 'creation',
              idempotencyKey: `creation:${prefix}`,
              now: at,
            },
            store,
          ))
      const { result: id, balance } = await settle(
        now,
        // The row, and the notification that it is ready, exist if and only if it is paid for.
        async (trx) => {
          const creationId = await insertCreation(trx, {
            user_id: r.userId,
            template_id: row.id,
            template_version: version,
            template_type_id: row.template_type_id,
            name,
            field_values: JSON.stringify(r.values),
            size_id: sizeId,
            locale,
            width: out.width,
            height: out.height,
            storage_prefix: prefix,
            created_at: now,
            has_pdf: pdf ? 1 : 0,
          })
          // The uploads it draws are kept from the sweep of unused ones. One deleted meanwhile is a 404.
          await insertCreationUploads(trx, creationId, uploadIds).catch((err) => {
            if (isForeignKeyViolation(err)) throw new AppError(Code.notFound, 'values: Upload not found')
            throw err
          })
          if (o.notify !== false)
            await insertNotifications(trx, [
              notificationRow(
                r.userId,
                {
                  type: 'creation_ready',
                  params: { creationId, templateId: row.id, typeId: row.template_type_id, name },
                },
                now,
              ),
            ])
          return creationId
        },
      )
      return { id, balance }
    } catch (err) {
      await this.d.storage.delete(keys).catch(() => {})
      throw err
    }
  }

  /** A small preview in one format: no credit, nothing stored, rate-limited per user. */
  async preview(
    r: Request & { format: 'webp' | 'jpeg' | 'png'; maxSide: number },
  ): Promise<{ data: Buffer; contentType: string }> {
    await this.d.limiter.consume(`preview:${r.userId}`, this.d.previewLimit)
    const { template, sizeId, pixels, images, checkImagesRead } = await this.prepare(r)
    const out = await this.#withPixels(Math.min(pixels, r.maxSide * r.maxSide), () =>
      this.d.renderer.renderPreview(template, r.values, {
        sizeId,
        locale: r.locale ?? 'en',
        images,
        decodedImages: this.d.decodedImages,
        maxSide: r.maxSide,
        format: r.format,
      }),
    )
    checkImagesRead()
    return { data: out.data, contentType: out.contentType }
  }

  #withPixels<T>(pixels: number, render: () => Promise<T>): Promise<T> {
    return this.d.pixelBudget ? this.d.pixelBudget.run(pixels, render) : render()
  }

  async list(f: CreationFilter, page: { page: number; pageSize: number }) {
    const { rows, total } = await listCreations(this.d.db, f, page)
    return { items: rows.map((c) => this.view(c)), total }
  }

  async detail(id: number, userId: number): Promise<CreationDetail> {
    const row = await findOwnCreation(this.d.db, id, userId)
    if (!row) throw notFound('Creation')
    const values = JSON.parse(row.field_values) as Record<string, string>
    const template = await this.d.templates
      .resolve(userId, row.template_id, row.template_version ?? undefined)
      .catch(() => undefined)
    const uploads: CreationDetail['uploads'] = {}
    for (const f of template?.template.fields ?? []) {
      const ref = f.kind === 'image' ? parseImageValue(values[f.key] ?? '').ref : ''
      if (!/^[1-9]\d{0,15}$/.test(ref)) continue
      const up = await findOwnUpload(this.d.db, Number(ref), userId)
      if (up)
        uploads[f.key] = {
          id: up.id,
          width: up.width,
          height: up.height,
          url: this.d.urls.url({ kind: 'upload', id: up.id, variant: 'image' }),
        }
    }
    return {
      ...this.view(row),
      values,
      uploads,
      locale: row.locale === 'zh-CN' ? 'zh-CN' : 'en',
    }
  }

  /** Deletes the row first (its URLs die with it), then the files; files left by a failure go to the sweep. */
  async delete(id: number, userId: number): Promise<void> {
    const row = await deleteOwnCreation(this.d.db, id, userId)
    if (!row) throw notFound('Creation')
    await this.d.storage
      .delete(
        (Object.keys(CREATION_FILES) as CreationFile[]).map(
          (f) => `${row.storage_prefix}/${CREATION_FILES[f].name}`,
        ),
      )
      .catch(() => {})
  }

  /** Where creation `id`'s files are kept and its name, for its signed URLs (the signature names the creation). */
  async files(id: number): Promise<{ storagePrefix: string; name: string } | undefined> {
    const row = await findCreation(this.d.db, id)
    return row && { storagePrefix: row.storage_prefix, name: row.name }
  }

  view(c: CreationRow): Creation {
    const url = (variant: CreationFile) => this.d.urls.url({ kind: 'creation', id: c.id, variant })
    return {
      id: c.id,
      templateId: c.template_id,
      templateVersion: c.template_version ?? 1,
      typeId: c.template_type_id,
      name: c.name,
      sizeId: c.size_id,
      width: c.width,
      height: c.height,
      createdAt: new Date(c.created_at).toISOString(),
      thumbnailUrl: url('thumb'),
      files: {
        png: url('png'),
        jpeg: url('jpeg'),
        webp: url('webp'),
        ...(c.has_pdf ? { pdf: url('pdf') } : {}),
      },
    }
  }
}
