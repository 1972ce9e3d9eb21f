import { randomUUID } from 'node:crypto'
import {
  boundedKey,
  Code,
  type Creation,
  type CreationDetail,
  type CreationFormat,
  creationName,
  type DeletedCreationData,
  type FieldIssue,
  type IssuesData,
  isLanguageTag,
  MAX_ISSUES,
} from '@templet/api/contract'
import { CREATION_NAME_MAX_LENGTH } from '@templet/api/limits'
import { type BrandFontFile, type DecodedImages, validateValues } from '@templet/render'
import {
  fieldKinds,
  fieldReferences,
  type Locale,
  layerKinds,
  printPixels,
  type Size,
  sizeOf,
  type Template,
  type ValueIssue,
  type Values,
  validateLanguages,
} from '@templet/template'
import type { Kysely } from 'kysely'
import type { Limit } from '../config'
import { isForeignKeyViolation } from '../db/connection'
import {
  type CreationFilter,
  type CreationSort,
  creationDeletedAt,
  deleteOwnCreation,
  findCreation,
  findOwnCreation,
  insertCreations,
  insertCreationUploads,
  listCreations,
  type NewCreation,
  renameOwnCreation,
} from '../db/creations'
import { ledgerBalance } from '../db/ledger'
import type { CreationRow, Database, TemplateRow } from '../db/schema'
import { creationSearchText, typedValues } from '../db/search-text'
import { findOwnUpload } from '../db/uploads'
import { findUserWithCredits } from '../db/users'
import { AppError, notFound, refuseSlowly, requestedSize } from '../errors'
import type { BrandKit } from './brand-kit'
import { downloadName, sizeTag } from './download-names'
import type { FileUrls } from './file-urls'
import type { WorkBudget } from './image-work'
import { spendCredits } from './ledger'
import { notifyCreationReady } from './notifications'
import { type PdfOptions, PRINT_SHOP_PDF, pdfOptionsOf, pdfOptionsText } from './pdf-options'
import type { RateLimiter } from './rate-limit'
import type { Renderer } from './renderer'
import type { MediaStorage } from './storage'
import { catalogueFixedImages, fixedImageGone, fixedImageKeys } from './template-images'
import type { ResolvedTemplate, Templates } from './templates'
import { ownUploadKey } from './uploads'

/** The files of one creation under its storage prefix. */
export const CREATION_FILES = {
  png: { name: 'image.png', contentType: 'image/png' },
  jpeg: { name: 'image.jpg', contentType: 'image/jpeg' },
  webp: { name: 'image.webp', contentType: 'image/webp' },
  /** Only for a print size (A4, Letter, cards…): the PDF, the page trimmed to the sheet. */
  pdf: { name: 'document.pdf', contentType: 'application/pdf' },
  /** Beside it, the PDF a print shop takes: 3 mm bleed and crop marks (or what a `/v1` render asked for). */
  pdfPrint: { name: 'print.pdf', contentType: 'application/pdf' },
  /** When the template has several print sizes: one PDF with a page per size. */
  pdfSizes: { name: 'sizes.pdf', contentType: 'application/pdf' },
  thumb: { name: 'thumb.webp', contentType: 'image/webp' },
} as const
export type CreationFile = keyof typeof CREATION_FILES

const EXTENSIONS: Record<CreationFile, string> = {
  png: 'png',
  jpeg: 'jpg',
  webp: 'webp',
  pdf: 'pdf',
  pdfPrint: 'pdf',
  pdfSizes: 'pdf',
  thumb: 'webp',
}

/** The longest side of a creation's thumbnail (what `render()` makes). */
const THUMBNAIL_SIDE = 480

/** The sizes of a template printed on paper, in its order: the pages of a creation's PDF of every size. */
const printSizesOf = (t: Template) => t.sizes.filter((s) => s.print !== undefined)

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
  /** The owner's brand fonts for a render (none without it). */
  brandKit?: BrandKit
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
  /** What is asked for (`/v1`); default all a size has. PDF alone skips the raster files. */
  formats?: CreationFormat[] | undefined
  /** Field key -> the language of its text value (BCP 47; checked again here: a CSV's cells come unchecked). */
  valueLanguages?: Record<string, string> | undefined
  /** What the request calls `valueLanguages`, for its issues (`value_languages` on `/v1`). */
  languagesField?: string | undefined
  /** What the request calls `sizeId`, for its refusal of an unknown size (`size_id` on `/v1`). */
  sizeField?: string | undefined
}

/**
 * The declared languages in their canonical case (`zh-tw` -> `zh-TW`), as they are stored and drawn. JSON
 * requests bring well-formed tags (their contract checks them); a CSV's language cells come unchecked, so a
 * malformed tag is refused here with the contract's issue, which fails that row of a batch alone.
 */
function canonicalLanguages(languages: Record<string, string> = {}, field: string): Record<string, string> {
  const malformed = Object.keys(languages).filter((key) => !isLanguageTag(languages[key] ?? ''))
  if (malformed.length > 0) {
    const listed = malformed.slice(0, MAX_ISSUES)
    throw new AppError(
      Code.invalidInput,
      listed
        .slice(0, 5)
        .map((key) => `${field}.${boundedKey(key)}: Must be a language tag such as ja, zh-TW, zh-CN or ko`)
        .join('; '),
      {
        issues: listed.map(
          (key): FieldIssue => ({
            path: [field, boundedKey(key)],
            code: 'invalid_format',
            params: { format: 'language_tag' },
          }),
        ),
        ...(malformed.length > listed.length && { omitted: malformed.length - listed.length }),
      } satisfies IssuesData,
    )
  }
  return Object.fromEntries(
    Object.entries(languages).map(([key, tag]) => [key, Intl.getCanonicalLocales(tag)[0] ?? tag]),
  )
}

/** The 400 for languages declared for fields that are not the template's text fields, naming each. */
function languageRefusal(issues: ValueIssue[], field: string): AppError {
  const listed = issues.slice(0, MAX_ISSUES)
  const described = listed
    .slice(0, 5)
    .map((i) =>
      i.code === 'unknown_field'
        ? `${field}.${boundedKey(i.path)}: Unknown field`
        : `${field}.${boundedKey(i.path)}: A language is declared for text fields only`,
    )
  return new AppError(Code.invalidInput, described.join('; '), {
    issues: listed.map(
      (i): FieldIssue =>
        i.code === 'unknown_field'
          ? { path: [field, boundedKey(i.path)], code: 'unrecognized_key', params: {} }
          : { path: [field, boundedKey(i.path)], code: 'invalid', params: { reason: 'not_text_field' } },
    ),
    ...(issues.length > listed.length && { omitted: issues.length - listed.length }),
  } satisfies IssuesData)
}

/** A creation's stored languages (none before migration 0100). */
export const storedLanguages = (text: string | null): Record<string, string> =>
  text ? (JSON.parse(text) as Record<string, string>) : {}

/** The most characters an issue names that no font has: a value of 2,000 such characters is no answer of 8 kB. */
const LISTED_CHARACTERS = 20

const characters = (p: Record<string, unknown>) =>
  Array.isArray(p.characters) ? p.characters.slice(0, LISTED_CHARACTERS).join('') : ''

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
      // The options a customer may pick, so a client can say which (the values, comma-separated).
      return {
        path,
        code: 'invalid_value',
        params: Array.isArray(p.options) ? { options: p.options.join(', ') } : {},
      }
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

/** The fields shown by the text layers `layerIds` (the render's `truncated`), in the template's order. */
function truncatedFields(template: Template, layerIds: string[]): string[] {
  const cut = new Set(layerIds)
  const keys = new Set(
    template.layers.flatMap((l) =>
      cut.has(l.id) ? (layerKinds.typeset(l)?.texts.flatMap(fieldReferences) ?? []) : [],
    ),
  )
  return template.fields.filter((f) => keys.has(f.key)).map((f) => f.key)
}

/**
 * The name a creation gets when none is given: the first text the customer typed (on one line, cut to the
 * limit), so "Sunset sale" is found and told apart from the template's other creations; the template's name when
 * nothing was typed or the text is no valid name (only symbols that draw nothing, say).
 */
export function defaultCreationName(typed: readonly string[], templateName: string): string {
  const first = typed[0]?.replace(/\s+/g, ' ').trim()
  if (first) {
    const cut = [...first].slice(0, CREATION_NAME_MAX_LENGTH).join('').trim()
    const parsed = creationName.safeParse(cut)
    if (parsed.success) return parsed.data
  }
  return templateName
}

/** `data` of the 400 for the values' problems: at most the contract's number of issues, and the count of the rest. */
function valueIssuesData(issues: ValueIssue[]): IssuesData {
  const listed = issues.slice(0, MAX_ISSUES).map(fieldIssue)
  const omitted = issues.length - listed.length
  return omitted > 0 ? { issues: listed, omitted } : { issues: listed }
}

/** A creation rendered and its files written, its row not yet stored (see {@link Creations.produce}). */
export interface ProducedCreation {
  /** Where its files are (`creations/<uuid>`). */
  prefix: string
  /** Its row, made at `now`. */
  row: (now: number) => NewCreation
  /** The uploads it draws (the caller's, the template's fixed images). */
  uploadIds: number[]
  /** Its "ready" notification, unless it was made with `notify: false`. */
  notice?: { userId: number; templateId: number; typeId: number; name: string }
  /** Deletes its files (its row was not stored). */
  discard: () => Promise<void>
}

/** How {@link Creations.produce} makes a creation. */
type ProduceOptions = {
  /** Paid for already (a job's credit was reserved when it was accepted): no balance check before rendering. */
  prepaid: boolean
  /** The template as {@link Creations.resolve} read it, for many creations of it. */
  resolved?: ResolvedTemplate | undefined
  /** Raise the "creation ready" notification (default true; a batch raises one for all its rows). */
  notify?: boolean
  /** The options of the print shops' PDF of a print size (default: bleed and crop marks). */
  printPdf?: PdfOptions
}

/** The pixels of a size's raster files: its sheet at 300 dpi for a print size. */
const pixelSize = (size: Size) => (size.print ? printPixels(size.print) : size)

export class Creations {
  constructor(private readonly d: CreationDeps) {}

  /**
   * The template, size and values checked: 404 for an unknown template, 400 naming the field otherwise. The
   * uploads the values name are read once, here, and handed to the renderer (`images`). A `draft` (the
   * editor's preview) may leave a required photo empty: the preview shows its placeholder where it goes.
   */
  private async prepare(
    r: Request,
    o: { draft?: boolean; resolved?: ResolvedTemplate } = {},
  ): Promise<{
    row: TemplateRow
    template: Template
    version: number
    size: Size
    /** Pixels of the size drawn. */
    pixels: number
    /** The size is printed: its raster outputs are 300 dpi and it gets a PDF. */
    print: boolean
    /** The uploads drawn: the caller's that the values name, and the template's fixed images. */
    uploadIds: number[]
    images: (ref: string) => Promise<Buffer | undefined>
    /** Throws the 404 of an upload whose file was gone when the renderer read it. */
    checkImagesRead: () => void
    /** The files of the brand families the template may draw with (its owner's). */
    brandFonts: BrandFontFile[]
    /** The values' declared languages, canonical; `{}` when none. */
    valueLanguages: Record<string, string>
  }> {
    const resolved = o.resolved ?? (await this.d.templates.resolve(r.userId, r.templateId, r.templateVersion))
    const { row, version } = resolved
    const { template, brandFonts } = this.d.brandKit
      ? await this.d.brandKit.forRender(row.owner_id, resolved.template)
      : { template: resolved.template, brandFonts: [] }
    const size = requestedSize(template, r.sizeId, r.sizeField ?? 'sizeId')
    const pdf = r.formats?.indexOf('pdf') ?? -1
    if (pdf >= 0 && !size.print) {
      const printed = printSizesOf(template).map((s) => s.id)
      throw new AppError(
        Code.invalidInput,
        `formats: PDF is made for print sizes only, and ${size.id} is not one; ${
          printed.length > 0
            ? `ask for one of ${printed.join(', ')}`
            : 'this template has none: ask for png, jpeg or webp'
        }`,
        {
          issues: [{ path: ['formats', pdf], code: 'invalid_value', params: { options: 'png,jpeg,webp' } }],
        } satisfies IssuesData,
      )
    }
    const languagesField = r.languagesField ?? 'valueLanguages'
    const valueLanguages = canonicalLanguages(r.valueLanguages, languagesField)
    const languageIssues = validateLanguages(template, valueLanguages)
    if (languageIssues.length > 0) throw languageRefusal(languageIssues, languagesField)
    const issues = validateValues(template, r.values as Values, valueLanguages).filter(
      (i) => !(o.draft && i.code === 'required'),
    )
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
    const owned = new Map<string, { gone: () => AppError; storageKey: string }>()
    for (const f of template.fields) {
      const ref = fieldKinds.upload(f, r.values[f.key])
      if (ref === undefined || owned.has(ref)) continue
      const storageKey = await ownUploadKey(this.d, r.userId, ref)
      const gone = () => new AppError(Code.notFound, `values.${f.key}: Upload not found`)
      if (!storageKey) throw gone()
      owned.set(ref, { gone, storageKey })
    }
    // The template's fixed images (logos) are its owner's uploads, whoever draws it.
    const fixed = await fixedImageKeys(this.d.db, row.owner_id, template)
    for (const [ref, f] of fixed)
      if (!owned.has(ref)) owned.set(ref, { gone: () => fixedImageGone(f.layer), storageKey: f.storageKey })
    const reads = new Map<string, Promise<Buffer | undefined>>()
    const gone: AppError[] = []
    // A catalogue template's own fixed images (a logo) ship with the renderer.
    const catalogueImages = catalogueFixedImages(row.owner_id, template)
    const images = (ref: string) => {
      const upload = owned.get(ref)
      if (!upload && catalogueImages)
        return catalogueImages(ref).catch((e: AppError) => {
          gone.push(e)
          return undefined
        })
      if (!upload) return Promise.resolve(undefined)
      let read = reads.get(ref)
      if (!read) {
        read = this.d.storage.get(upload.storageKey).then((bytes) => {
          if (!bytes) gone.push(upload.gone())
          return bytes
        })
        reads.set(ref, read)
      }
      return read
    }
    // A row whose file is gone fails the request rather than drawing the placeholder into what was asked for.
    const checkImagesRead = () => {
      if (gone[0]) throw gone[0]
    }
    // A print size is drawn at its sheet's 300 dpi: those are the pixels a render holds.
    const drawn = pixelSize(size)
    return {
      row,
      template,
      version,
      size,
      pixels: drawn.width * drawn.height,
      print: size.print !== undefined,
      uploadIds: [...owned.keys()].map(Number),
      images,
      checkImagesRead,
      brandFonts,
      valueLanguages,
    }
  }

  /** The template (and version, default its current one) a request of `userId` draws; 404 when it is not theirs to use. */
  resolve(userId: number, templateId: number, version?: number): Promise<ResolvedTemplate> {
    return this.d.templates.resolve(userId, templateId, version)
  }

  /**
   * Checks a creation request as `create` would (template, size, values, the caller's uploads) without rendering:
   * what a job accepted now will not refuse later. Returns the size and the template's version it will draw, and
   * the declared languages in their canonical case.
   * `resolved`: the template as {@link resolve} read it, for many requests of it (a batch's rows read it once).
   */
  async check(
    r: Request,
    resolved?: ResolvedTemplate,
  ): Promise<{ sizeId: string; templateVersion: number; valueLanguages: Record<string, string> }> {
    const { size, version, valueLanguages } = await this.prepare(r, { resolved })
    return { sizeId: size.id, templateVersion: version, valueLanguages }
  }

  /**
   * Renders and stores a creation, spending one credit. Order: check, render, write the files, then in one
   * transaction spend the credit and insert the row. A failed render costs nothing; a refused spend removes the
   * files; a crash before the commit leaves files without a row, which are never served and which the sweep
   * removes.
   */
  async create(r: Request & { name?: string | undefined }): Promise<Creation & { credits: number }> {
    const made = await this.produce(r, { prepaid: false })
    let stored: { result: number; balance: number }
    try {
      const now = this.d.now()
      stored = await spendCredits(
        this.d.db,
        {
          userId: r.userId,
          amount: CREATION_COST,
          reason: 'creation',
          idempotencyKey: `creation:${made.prefix}`,
          now,
        },
        async (trx) => (await this.store(trx, [made], now))[0] as number,
      )
    } catch (err) {
      await made.discard()
      throw err
    }
    const created = await findOwnCreation(this.d.db, stored.result, r.userId)
    if (!created) throw new Error('creation vanished after insert')
    return { ...this.view(created), credits: stored.balance }
  }

  /**
   * The first half of {@link create}: checks, renders and writes the files, and returns the row to
   * {@link store} in the caller's transaction or, when that transaction does not commit, how to delete the files
   * again (`discard`). Jobs store many in one transaction.
   */
  async produce(r: Request & { name?: string | undefined }, o: ProduceOptions): Promise<ProducedCreation> {
    return (await this.draw(r, o)).write()
  }

  /**
   * {@link produce} in two steps: checks and renders, then `write` writes the files. A job renders its next row
   * while the files of this one are written, so its renderer does not wait for the disk.
   */
  async draw(
    r: Request & { name?: string | undefined },
    o: ProduceOptions,
  ): Promise<{ write: () => Promise<ProducedCreation> }> {
    const {
      row,
      template,
      version,
      size,
      pixels,
      print,
      uploadIds,
      images,
      checkImagesRead,
      brandFonts,
      valueLanguages,
    } = await this.prepare(r, { resolved: o.resolved })
    const sizeId = size.id
    if (!o.prepaid) {
      // Fail fast without rendering; the spend below is what guarantees the balance.
      const before = await ledgerBalance(this.d.db, r.userId)
      if (before < CREATION_COST)
        throw new AppError(Code.notEnoughCredits, 'Not enough credits; buy more to continue', {
          credits: before,
        })
    }
    const locale = r.locale ?? 'en'
    const typed = typedValues(template.fields, r.values)
    const name = r.name ?? defaultCreationName(typed, template.name[locale])
    const drawing = {
      sizeId,
      locale,
      images,
      decodedImages: this.d.decodedImages,
      brandFonts,
      valueLanguages,
    }
    // Asked for as a PDF alone (`/v1`): no raster files, and the thumbnail is the PDF's first page, drawn by the
    // same code at the thumbnail's size.
    const rasters = !r.formats || r.formats.some((f) => f !== 'pdf')
    const out = rasters
      ? await this.#withPixels(pixels, () =>
          this.d.renderer.render(template, r.values, { ...drawing, account: r.userId }),
        )
      : undefined
    const thumbnail =
      out?.thumbnail ??
      (
        await this.#withPixels(THUMBNAIL_SIDE * THUMBNAIL_SIDE, () =>
          this.d.renderer.renderPreview(template, r.values, {
            ...drawing,
            account: r.userId,
            maxSide: THUMBNAIL_SIDE,
            format: 'webp',
            placeholders: false,
          }),
        )
      ).data
    const printPdf = o.printPdf ?? PRINT_SHOP_PDF
    const pdfs = print
      ? await this.#withPixels(pixels, () =>
          this.#printPdfs(
            template,
            r,
            { sizeId, locale, images, title: name, brandFonts, valueLanguages },
            printPdf,
          ),
        )
      : undefined
    // The files are written by `write`, the rest of this method.
    const write = async (): Promise<ProducedCreation> => {
      checkImagesRead()
      const prefix = `creations/${randomUUID()}`
      const bytes: Partial<Record<CreationFile, Buffer>> = {
        ...(out && { png: out.png, jpeg: out.jpeg, webp: out.webp }),
        thumb: thumbnail,
        ...(pdfs && { pdf: pdfs.trimmed, pdfPrint: pdfs.printShop }),
        ...(pdfs?.sizes && { pdfSizes: pdfs.sizes.bytes }),
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
      } catch (err) {
        await this.d.storage.delete(keys).catch(() => {})
        throw err
      }
      return {
        prefix,
        discard: () => this.d.storage.delete(keys).catch(() => {}),
        row: (now) => ({
          user_id: r.userId,
          template_id: row.id,
          template_version: version,
          template_type_id: row.template_type_id,
          name,
          field_values: JSON.stringify(r.values),
          size_id: sizeId,
          locale,
          // A PDF alone is still counted in the pixels its raster files would have.
          width: out?.width ?? pixelSize(size).width,
          height: out?.height ?? pixelSize(size).height,
          storage_prefix: prefix,
          created_at: now,
          has_pdf: pdfs ? 1 : 0,
          has_raster: out ? 1 : 0,
          print_pdf: pdfs ? pdfOptionsText(printPdf) : null,
          sizes_pdf: pdfs?.sizes?.pages ?? 0,
          search_text: creationSearchText(name, typed),
          value_languages: Object.keys(valueLanguages).length > 0 ? JSON.stringify(valueLanguages) : null,
        }),
        uploadIds,
        ...(o.notify !== false && {
          notice: { userId: r.userId, templateId: row.id, typeId: row.template_type_id, name },
        }),
      }
    }
    return { write }
  }

  /**
   * Stores creations {@link produce}d, in the caller's transaction (one insert for all their rows): the rows,
   * the uploads they draw, and their notifications. A creation exists, and is told, if and only if it is paid
   * for. Their ids, in order.
   */
  async store(trx: Kysely<Database>, made: ProducedCreation[], now: number): Promise<number[]> {
    const ids = await insertCreations(
      trx,
      made.map((m) => m.row(now)),
    )
    // The uploads they draw are kept from the sweep of unused ones. One deleted meanwhile is a 404.
    await insertCreationUploads(
      trx,
      made.flatMap((m, i) => m.uploadIds.map((upload_id) => ({ creation_id: ids[i] as number, upload_id }))),
    ).catch((err) => {
      if (isForeignKeyViolation(err)) throw new AppError(Code.notFound, 'values: Upload not found')
      throw err
    })
    for (const [i, m] of made.entries()) {
      if (!m.notice) continue
      const { userId, ...params } = m.notice
      await notifyCreationReady(trx, userId, { creationId: ids[i] as number, ...params }, now)
    }
    return ids
  }

  /**
   * A print size's PDFs, each the same drawing as the PNG (text stays text, photos keep 300 dpi), authored by
   * the customer: the page trimmed to the sheet, the print shops' one (`printPdf`: bleed and crop marks), and
   * when the template has several print sizes, one with a page per size.
   */
  async #printPdfs(
    template: Template,
    r: Request,
    o: {
      sizeId: string
      locale: Locale
      images: (ref: string) => Promise<Buffer | undefined>
      title: string
      brandFonts: readonly BrandFontFile[]
      valueLanguages: Record<string, string>
    },
    printPdf: PdfOptions,
  ) {
    const author = (await findUserWithCredits(this.d.db, r.userId))?.name
    const common = { ...o, ...(author && { author }) }
    const trimmed = await this.d.renderer.renderPdf(template, [r.values], common)
    const printShop = await this.d.renderer.renderPdf(template, [r.values], { ...common, ...printPdf })
    const sizeIds = printSizesOf(template).map((s) => s.id)
    const sizes =
      sizeIds.length > 1
        ? {
            bytes: await this.d.renderer.renderPdf(template, [r.values], { ...common, sizeIds }),
            pages: sizeIds.length,
          }
        : undefined
    return { trimmed, printShop, sizes }
  }

  /**
   * One PDF with a page per row of values (a batch's completed rows), drawn like each row's own PDF, with the
   * caller's uploads the rows name. Nothing is checked or spent: every row was accepted and paid for already.
   */
  async documentOf(
    userId: number,
    r: {
      templateId: number
      templateVersion: number
      sizeId: string
      locale: Locale
      rows: Values[]
      /** Each row's value languages (its Han forms), by row. */
      rowLanguages?: Record<string, string>[]
      pdf: PdfOptions
    },
  ): Promise<Buffer> {
    const resolved = await this.d.templates.resolve(userId, r.templateId, r.templateVersion)
    const { template, brandFonts } = this.d.brandKit
      ? await this.d.brandKit.forRender(resolved.row.owner_id, resolved.template)
      : { template: resolved.template, brandFonts: [] }
    // The rows were accepted in this size of this version (the version is pinned), so it is there.
    const size = sizeOf(template, r.sizeId)
    const keys = new Map<string, string>()
    for (const [ref, f] of await fixedImageKeys(this.d.db, resolved.row.owner_id, template))
      keys.set(ref, f.storageKey)
    for (const values of r.rows)
      for (const f of template.fields) {
        const ref = fieldKinds.upload(f, values[f.key])
        if (ref === undefined || keys.has(ref)) continue
        const key = await ownUploadKey(this.d, userId, ref)
        if (key) keys.set(ref, key)
      }
    const catalogueImages = catalogueFixedImages(resolved.row.owner_id, template)
    const images = async (ref: string) => {
      const key = keys.get(ref)
      if (!key && catalogueImages) return catalogueImages(ref)
      return key ? this.d.storage.get(key) : undefined
    }
    const author = (await findUserWithCredits(this.d.db, userId))?.name
    const drawn = size ? pixelSize(size) : { width: 0, height: 0 }
    return this.#withPixels(drawn.width * drawn.height, () =>
      this.d.renderer.renderPdf(template, r.rows, {
        sizeId: r.sizeId,
        locale: r.locale,
        images,
        brandFonts,
        ...(r.rowLanguages && { rowLanguages: r.rowLanguages }),
        ...(author && { author }),
        ...r.pdf,
      }),
    )
  }

  /**
   * A small preview in one format: no credit, nothing stored, rate-limited per user. A required photo may
   * still be empty (its placeholder shows where it goes). `truncated` names the fields whose text did not fit
   * even at its layer's smallest size and was cut with "…", so the editor can say so beside them.
   */
  async preview(
    r: Request & { format: 'webp' | 'jpeg' | 'png'; maxSide: number },
  ): Promise<{ data: Buffer; contentType: string; truncated: string[] }> {
    await this.d.limiter.consume(`preview:${r.userId}`, this.d.previewLimit)
    const { template, size, pixels, images, checkImagesRead, brandFonts, valueLanguages } =
      await this.prepare(r, { draft: true })
    const out = await this.#withPixels(Math.min(pixels, r.maxSide * r.maxSide), () =>
      this.d.renderer.renderPreview(template, r.values, {
        brandFonts,
        sizeId: size.id,
        locale: r.locale ?? 'en',
        valueLanguages,
        images,
        decodedImages: this.d.decodedImages,
        maxSide: r.maxSide,
        format: r.format,
        // Customers take turns in the preview thread.
        account: r.userId,
      }),
    )
    checkImagesRead()
    return {
      data: out.data,
      contentType: out.contentType,
      truncated: truncatedFields(template, out.truncated),
    }
  }

  #withPixels<T>(pixels: number, render: () => Promise<T>): Promise<T> {
    return this.d.pixelBudget ? this.d.pixelBudget.run(pixels, render) : render()
  }

  async list(f: CreationFilter, page: { page: number; pageSize: number; sort?: CreationSort | undefined }) {
    const { rows, total } = await listCreations(this.d.db, f, page)
    return { items: rows.map((c) => this.view(c)), total }
  }

  /**
   * The 404 of a creation the caller cannot read: for one of theirs that they deleted, it says so and when
   * (a notification or a bookmark leads there); anyone else's, or an unknown id, is simply not found.
   */
  async #missing(id: number, userId: number): Promise<AppError> {
    const deletedAt = await creationDeletedAt(this.d.db, id, userId)
    if (deletedAt === undefined) return notFound('Creation')
    const data: DeletedCreationData = { deleted: true, deletedAt: new Date(deletedAt).toISOString() }
    return new AppError(Code.notFound, 'This creation was deleted', data)
  }

  /** Renames the caller's creation; search finds it by the new name at once (the same statement). */
  async rename(id: number, userId: number, name: string): Promise<Creation> {
    const row = await findOwnCreation(this.d.db, id, userId)
    if (!row) throw await this.#missing(id, userId)
    const template = await this.d.templates
      .resolve(userId, row.template_id, row.template_version ?? undefined)
      .catch(() => undefined)
    const values = JSON.parse(row.field_values) as Record<string, string>
    const searchText = creationSearchText(name, typedValues(template?.template.fields ?? [], values))
    const renamed = await renameOwnCreation(this.d.db, { id, userId, name, searchText })
    if (!renamed) throw await this.#missing(id, userId)
    return this.view(renamed)
  }

  async detail(id: number, userId: number): Promise<CreationDetail> {
    const row = await findOwnCreation(this.d.db, id, userId)
    if (!row) throw await this.#missing(id, userId)
    const values = JSON.parse(row.field_values) as Record<string, string>
    const template = await this.d.templates
      .resolve(userId, row.template_id, row.template_version ?? undefined)
      .catch(() => undefined)
    const uploads: CreationDetail['uploads'] = {}
    for (const f of template?.template.fields ?? []) {
      const ref = fieldKinds.upload(f, values[f.key]) ?? ''
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
      valueLanguages: storedLanguages(row.value_languages),
    }
  }

  /** Deletes the row first (its URLs die with it), then the files; files left by a failure go to the sweep. */
  async delete(id: number, userId: number): Promise<void> {
    const row = await deleteOwnCreation(this.d.db, id, userId, this.d.now())
    if (!row) throw await this.#missing(id, userId)
    await this.d.storage
      .delete(
        (Object.keys(CREATION_FILES) as CreationFile[]).map(
          (f) => `${row.storage_prefix}/${CREATION_FILES[f].name}`,
        ),
      )
      .catch(() => {})
  }

  /**
   * Where creation `id`'s files are kept, for its signed URLs (the signature names the creation), and with
   * `download`, the name that file is saved under: `award-certificate-a4.pdf`, `…-a4-print.pdf` for the print
   * shops' PDF, `…-a4-letter.pdf` for the one of every print size.
   */
  async files(
    id: number,
    download?: CreationFile,
  ): Promise<{ storagePrefix: string; downloadName?: string } | undefined> {
    const row = await findCreation(this.d.db, id)
    if (!row) return undefined
    if (!download) return { storagePrefix: row.storage_prefix }
    const template = await this.d.templates
      .resolve(row.user_id, row.template_id, row.template_version ?? undefined)
      .then((t) => t.template)
      .catch(() => undefined)
    // Only names the download: a creation whose template (or size) is gone since is named after its stored size id.
    const size = template?.sizes.find((s) => s.id === row.size_id) ?? { id: row.size_id }
    const tags =
      download === 'pdfSizes' && template
        ? [...new Set(printSizesOf(template).map(sizeTag))]
        : download === 'pdfPrint'
          ? [sizeTag(size), 'print']
          : [sizeTag(size)]
    return {
      storagePrefix: row.storage_prefix,
      downloadName: downloadName(row.name, tags, EXTENSIONS[download]),
    }
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
        ...(c.has_raster ? { png: url('png'), jpeg: url('jpeg'), webp: url('webp') } : {}),
        ...(c.has_pdf ? { pdf: url('pdf') } : {}),
        ...(c.print_pdf ? { pdfPrint: url('pdfPrint') } : {}),
        ...(c.sizes_pdf > 0 ? { pdfSizes: url('pdfSizes') } : {}),
      },
      ...(c.print_pdf ? { pdfPrintOptions: pdfOptionsOf(c.print_pdf) } : {}),
    }
  }
}
