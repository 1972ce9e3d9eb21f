import type { BrandFontFile, Rendered } from '@templet/render'
import {
  fieldKinds,
  fieldsShownBy,
  type Locale,
  pageCount,
  sizeOf,
  type Template,
  type Values,
} from '@templet/template'
import { typedValues } from '../../db/search-text'
import { invalidInput, requestedPage } from '../../errors'
import { findUserWithCredits } from '../accounts/users.queries'
import { catalogueFixedImages, fixedImageKeys } from '../templates/template-images'
import { ownUploadKey } from '../uploads/uploads'
import { type CreationDeps, type CreationRequest, withPixels } from './deps'
import { pixelSize, printSizesOf, rasterFormatsAsked } from './files'
import { defaultCreationName } from './names'
import { type PdfOptions, PRINT_SHOP_PDF } from './pdf-options'
import { type PreparedCreation, prepareCreation } from './prepare'

/** The longest side of a creation's thumbnail (what `render()` makes). */
const THUMBNAIL_SIDE = 480

/** A creation drawn in every file it gets, nothing written yet (see {@link drawCreation}). */
export interface DrawnCreation {
  prepared: PreparedCreation
  name: string
  locale: Locale
  /** The text the customer typed, in the template's field order (what search finds the creation by). */
  typed: string[]
  /** The raster files (of the first page); none when only a PDF was asked for. */
  raster: Rendered | undefined
  /** The raster files of each later page of a design of several pages (ADR 0198), in order. */
  laterPages: Rendered[]
  /** A design of several pages in a screen size: one PDF of every page (a print size's are in `pdfs`). */
  pagesPdf: Buffer | undefined
  thumbnail: Buffer
  /** A print size's PDFs (see {@link printPdfs}). */
  pdfs: Awaited<ReturnType<typeof printPdfs>> | undefined
  /** The options the print shops' PDF was drawn with. */
  printPdf: PdfOptions
}

/** Draws a prepared creation: its raster files (unless a PDF alone was asked for), its thumbnail, its PDFs. */
export async function drawCreation(
  d: CreationDeps,
  r: CreationRequest & { name?: string | undefined },
  prepared: PreparedCreation,
  printPdf: PdfOptions = PRINT_SHOP_PDF,
): Promise<DrawnCreation> {
  const { template, size, pixels, print, images, brandFonts, valueLanguages } = prepared
  const sizeId = size.id
  const locale = r.locale ?? 'en'
  const typed = typedValues(template.fields, r.values)
  const name = r.name ?? defaultCreationName(typed, template.name[locale])
  const drawing = {
    sizeId,
    locale,
    images,
    decodedImages: d.decodedImages,
    brandFonts,
    valueLanguages,
    ...(r.watermark && { watermark: true }),
  }
  // Only the raster files asked for are encoded (all three when none are named: the editor's creations). Asked
  // for as a PDF alone (`/v1`): no raster files, and the thumbnail is the PDF's first page, drawn by the same
  // code at the thumbnail's size.
  const formats = rasterFormatsAsked(r.formats)
  const raster =
    formats.length > 0
      ? await withPixels(d, pixels, () =>
          d.renderer.render(template, r.values, {
            ...drawing,
            account: r.userId,
            ...(r.formats && { formats }),
          }),
        )
      : undefined
  const pages = pageCount(template)
  const laterPages: Rendered[] = []
  if (raster)
    for (let page = 1; page < pages; page++)
      laterPages.push(
        await withPixels(d, pixels, () =>
          d.renderer.render(template, r.values, {
            ...drawing,
            account: r.userId,
            page,
            ...(r.formats && { formats }),
          }),
        ),
      )
  const thumbnail =
    raster?.thumbnail ??
    (
      await withPixels(d, THUMBNAIL_SIDE * THUMBNAIL_SIDE, () =>
        d.renderer.renderPreview(template, r.values, {
          ...drawing,
          account: r.userId,
          maxSide: THUMBNAIL_SIDE,
          format: 'webp',
          placeholders: false,
        }),
      )
    ).data
  const pdfs = print
    ? await withPixels(d, pixels, () =>
        printPdfs(
          d,
          template,
          r,
          {
            sizeId,
            locale,
            images,
            title: name,
            brandFonts,
            valueLanguages,
            ...(r.watermark && { watermark: true }),
          },
          printPdf,
        ),
      )
    : undefined
  const pagesPdf =
    !print && pages > 1
      ? await withPixels(d, pixels, async () => {
          const author = (await findUserWithCredits(d.db, r.userId))?.name
          const { decodedImages: _, ...pdfDrawing } = drawing
          return d.renderer.renderPdf(template, [r.values], {
            ...pdfDrawing,
            title: name,
            account: r.userId,
            ...(author && { author }),
          })
        })
      : undefined
  return { prepared, name, locale, typed, raster, laterPages, thumbnail, pdfs, pagesPdf, printPdf }
}

/**
 * A print size's PDFs, each the same drawing as the PNG (text stays text, photos keep 300 dpi), authored by
 * the customer: the page trimmed to the sheet, the print shops' one (`printPdf`: bleed and crop marks), and
 * when the template has several print sizes, one with a page per size.
 */
async function printPdfs(
  d: CreationDeps,
  template: Template,
  r: CreationRequest,
  o: {
    sizeId: string
    locale: Locale
    images: (ref: string) => Promise<Buffer | undefined>
    title: string
    brandFonts: readonly BrandFontFile[]
    valueLanguages: Record<string, string>
    watermark?: boolean
  },
  printPdf: PdfOptions,
) {
  const author = (await findUserWithCredits(d.db, r.userId))?.name
  const common = { ...o, ...(author && { author }) }
  const trimmed = await d.renderer.renderPdf(template, [r.values], common)
  const printShop = await d.renderer.renderPdf(template, [r.values], { ...common, ...printPdf })
  const sizeIds = printSizesOf(template).map((s) => s.id)
  const sizes =
    sizeIds.length > 1
      ? {
          bytes: await d.renderer.renderPdf(template, [r.values], { ...common, sizeIds }),
          pages: sizeIds.length,
        }
      : undefined
  return { trimmed, printShop, sizes }
}

/** The rows of one version of a template in one size, for one PDF of them. */
export interface DocumentRequest {
  templateId: number
  templateVersion: number
  sizeId: string
  locale: Locale
  rows: Values[]
  /** Each row's value languages (its Han forms), by row. */
  rowLanguages?: Record<string, string>[]
  pdf: PdfOptions
  /** Every page marked as a test (a test-mode API key's batch). */
  watermark?: boolean | undefined
}

/**
 * One PDF with a page per row of values (a batch's completed rows), drawn like each row's own PDF, with the
 * caller's uploads the rows name. Nothing is checked or spent: every row was accepted and paid for already.
 */
export async function renderDocument(d: CreationDeps, userId: number, r: DocumentRequest): Promise<Buffer> {
  const resolved = await d.templates.resolve(userId, r.templateId, r.templateVersion)
  const { template, brandFonts } = d.brandKit
    ? await d.brandKit.forRender(resolved.row.owner_id, resolved.template)
    : { template: resolved.template, brandFonts: [] }
  // The rows were accepted in this size of this version (the version is pinned), so it is there.
  const size = sizeOf(template, r.sizeId)
  const keys = new Map<string, string>()
  for (const [ref, f] of await fixedImageKeys(d.db, resolved.row.owner_id, template))
    keys.set(ref, f.storageKey)
  for (const values of r.rows)
    for (const f of template.fields) {
      const ref = fieldKinds.upload(f, values[f.key])
      if (ref === undefined || keys.has(ref)) continue
      const key = await ownUploadKey(d, userId, ref)
      if (key) keys.set(ref, key)
    }
  const catalogueImages = catalogueFixedImages(resolved.row.owner_id, template)
  const images = async (ref: string) => {
    const key = keys.get(ref)
    if (!key && catalogueImages) return catalogueImages(ref)
    return key ? d.storage.get(key) : undefined
  }
  const author = (await findUserWithCredits(d.db, userId))?.name
  const drawn = size ? pixelSize(size) : { width: 0, height: 0 }
  return withPixels(d, drawn.width * drawn.height, () =>
    d.renderer.renderPdf(template, r.rows, {
      sizeId: r.sizeId,
      locale: r.locale,
      images,
      brandFonts,
      ...(r.rowLanguages && { rowLanguages: r.rowLanguages }),
      ...(author && { author }),
      ...(r.watermark && { watermark: true }),
      ...r.pdf,
    }),
  )
}

/**
 * The longest side of a preview: `maxSide`, or the side that draws the size exactly `width` px wide (a fraction
 * of a pixel where the size's sides are not in a whole ratio), refused past 1024 px.
 */
function previewSide(
  size: { width: number; height: number },
  r: { maxSide: number; width?: number | undefined },
) {
  if (r.width === undefined) return r.maxSide
  const side = (r.width * Math.max(size.width, size.height)) / size.width
  if (side > 1024) throw invalidInput(['width'], `At this width the longest side would be over 1024 px`)
  return side
}

/**
 * A small preview in one format: no credit, nothing stored, rate-limited per user. A required photo may
 * still be empty (its placeholder shows where it goes). `truncated` names the fields whose text did not fit
 * even at its layer's smallest size and was cut with "…", so the editor can say so beside them.
 */
export async function previewCreation(
  d: CreationDeps,
  r: CreationRequest & {
    format: 'webp' | 'jpeg' | 'png'
    maxSide: number
    width?: number | undefined
    page?: number | undefined
  },
): Promise<{ data: Buffer; contentType: string; truncated: string[] }> {
  await d.limiter.consume(`preview:${r.userId}`, d.previewLimit)
  const { template, size, pixels, images, checkImagesRead, brandFonts, valueLanguages } =
    await prepareCreation(d, r, { draft: true })
  const page = requestedPage(template, r.page ?? 0, 'page')
  const maxSide = previewSide(size, r)
  const out = await withPixels(d, Math.min(pixels, maxSide * maxSide), () =>
    d.renderer.renderPreview(template, r.values, {
      brandFonts,
      sizeId: size.id,
      page,
      locale: r.locale ?? 'en',
      valueLanguages,
      images,
      decodedImages: d.decodedImages,
      maxSide,
      format: r.format,
      // Customers take turns in the preview thread.
      account: r.userId,
    }),
  )
  checkImagesRead()
  return {
    data: out.data,
    contentType: out.contentType,
    truncated: fieldsShownBy(template, out.truncated),
  }
}
