import { Code } from '@templet/api/contract'
import { isSampleImage, sampleImages } from '@templet/catalogue'
import type { BrandFontFile } from '@templet/render'
import { fieldKinds, type Size, type Template } from '@templet/template'
import type { TemplateRow } from '../../db/schema'
import { AppError, requestedSize } from '../../errors'
import { catalogueFixedImages, fixedImageGone, fixedImageKeys } from '../templates/template-images'
import type { ResolvedTemplate } from '../templates/templates'
import { ownUploadKey } from '../uploads/uploads'
import type { CreationDeps, CreationRequest } from './deps'
import { pixelSize } from './files'
import { checkFormats, checkValues } from './validate'

/** A creation request checked and ready to draw (see {@link prepareCreation}). */
export interface PreparedCreation {
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
}

/** The refusal of an image value naming none of the caller's uploads. */
export const uploadNotFound = (key: string) => new AppError(Code.notFound, `values.${key}: Upload not found`)

/**
 * The template, size and values checked: 404 for an unknown template, 400 naming the field otherwise. The
 * uploads the values name are read once, here, and handed to the renderer (`images`). A `draft` (the
 * editor's preview) may leave a required photo empty: the preview shows its placeholder where it goes.
 */
export async function prepareCreation(
  d: CreationDeps,
  r: CreationRequest,
  o: { draft?: boolean; resolved?: ResolvedTemplate | undefined } = {},
): Promise<PreparedCreation> {
  // A creation draws what the workspace's approvals allow (read with the template: no gap between them); a
  // preview, whatever version it names.
  const resolved =
    o.resolved ??
    (await d.templates.resolve(r.userId, r.templateId, r.templateVersion, o.draft ? 'open' : 'create'))
  const { row, version } = resolved
  const { template, brandFonts } = d.brandKit
    ? await d.brandKit.forRender(row.owner_id, resolved.template)
    : { template: resolved.template, brandFonts: [] }
  const size = requestedSize(template, r.sizeId, r.sizeField ?? 'sizeId')
  checkFormats(template, size, r.formats)
  const valueLanguages = await checkValues(template, r, {
    languagesField: r.languagesField ?? 'valueLanguages',
    draft: o.draft ?? false,
    refusalDelayMs: d.refusalDelayMs,
  })
  // An image value must be one of the caller's own uploads; anyone else's is as unknown as a missing one.
  // Checked here by its row; the file is read only if the renderer has no decoded copy (DecodedImages).
  const owned = new Map<string, { gone: () => AppError; storageKey: string }>()
  // A catalogue template's preview may draw its own sample photographs, as the gallery and the designer show it.
  const samplePhotos = o.draft && row.owner_id === null ? samplePhotosOf(template) : new Set<string>()
  const drawnSamples = new Set<string>()
  for (const f of template.fields) {
    const ref = fieldKinds.upload(f, r.values[f.key])
    if (ref === undefined || owned.has(ref)) continue
    if (samplePhotos.has(ref)) {
      drawnSamples.add(ref)
      continue
    }
    const storageKey = await ownUploadKey(d, r.userId, ref)
    const gone = () => uploadNotFound(f.key)
    if (!storageKey) throw gone()
    owned.set(ref, { gone, storageKey })
  }
  // The template's fixed images (logos) are its owner's uploads, whoever draws it.
  const fixed = await fixedImageKeys(d.db, row.owner_id, template)
  for (const [ref, f] of fixed)
    if (!owned.has(ref)) owned.set(ref, { gone: () => fixedImageGone(f.layer), storageKey: f.storageKey })
  const reads = new Map<string, Promise<Buffer | undefined>>()
  const gone: AppError[] = []
  // A catalogue template's own fixed images (a logo) ship with the renderer.
  const catalogueImages = catalogueFixedImages(row.owner_id, template)
  const images = (ref: string) => {
    if (drawnSamples.has(ref)) return sampleImages(ref)
    const upload = owned.get(ref)
    if (!upload && catalogueImages)
      return catalogueImages(ref).catch((e: AppError) => {
        gone.push(e)
        return undefined
      })
    if (!upload) return Promise.resolve(undefined)
    let read = reads.get(ref)
    if (!read) {
      read = d.storage.get(upload.storageKey).then((bytes) => {
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

/** The catalogue's photographs a template's samples name (`sample:<name>`), in any language. */
function samplePhotosOf(t: Template): Set<string> {
  const refs = new Set<string>()
  for (const values of Object.values(t.samples))
    for (const f of t.fields) {
      const ref = fieldKinds.upload(f, values[f.key])
      if (ref !== undefined && isSampleImage(ref)) refs.add(ref)
    }
  return refs
}
