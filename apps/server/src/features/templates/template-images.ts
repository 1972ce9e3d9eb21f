import { Code, type IssuesData } from '@templet/api/contract'
import { isSampleImage, sampleImages } from '@templet/catalogue'
import { layerKinds, type Template } from '@templet/template'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { AppError } from '../../errors'
import { findOwnUpload } from '../uploads/uploads.queries'

/** An upload id as a template's fixed image names it. */
const UPLOAD_ID = /^[1-9]\d{0,15}$/

/**
 * The author's images of a template: each fixed image (a logo) and each image of a set the customer picks
 * from, with the layer's id, the property naming it (`src`, `src.map.dark`) and the upload it names.
 */
export function fixedImages(t: Template): Array<{ layer: string; property: string; ref: string }> {
  return t.layers.flatMap((l) =>
    layerKinds.authorImages(l).map(({ property, ref }) => ({ layer: l.id, property, ref })),
  )
}

/** The save's refusal of an author's image that is not one of the saver's uploads, naming its layer. */
export function notYourUpload(layer: string, ref: string, property = 'src'): AppError {
  return new AppError(
    Code.invalidInput,
    `document: layer "${layer}", property "${property}": image ${ref} is not one of your uploads; upload the image again in the designer`,
    {
      issues: [
        {
          path: ['document', 'layers', layer, ...property.split('.')],
          code: 'invalid',
          params: { layer, property, message: 'not one of your uploads' },
        },
      ],
    } satisfies IssuesData,
  )
}

/**
 * The save's refusal of one of the catalogue's own images (`sample:<name>`) in a customer's template: only the
 * catalogue's templates draw them (a duplicate of one makes its images the customer's uploads).
 */
export function catalogueImageRefused(layer: string, ref: string, property = 'src'): AppError {
  return new AppError(
    Code.invalidInput,
    `document: layer "${layer}", property "${property}": ${ref} is an image of the catalogue's own templates; place your own image (upload it) in the designer`,
    {
      issues: [
        {
          path: ['document', 'layers', layer, ...property.split('.')],
          code: 'invalid',
          params: { layer, property, message: "the catalogue's own image" },
        },
      ],
    } satisfies IssuesData,
  )
}

/**
 * The uploads `userId` may save in a template's fixed images: every one must be theirs (anyone else's, or a
 * reference that is no upload, is refused naming the layer). The save links them in its own transaction.
 */
export async function ownFixedImageIds(db: Kysely<Database>, userId: number, t: Template): Promise<number[]> {
  const ids = new Set<number>()
  for (const { layer, property, ref } of fixedImages(t)) {
    if (isSampleImage(ref)) throw catalogueImageRefused(layer, ref, property)
    if (!UPLOAD_ID.test(ref) || !(await findOwnUpload(db, Number(ref), userId)))
      throw notYourUpload(layer, ref, property)
    ids.add(Number(ref))
  }
  return [...ids]
}

/**
 * The storage keys of the fixed images a render of `ownerId`'s template draws, by reference. A catalogue
 * template (no owner) draws the catalogue's own images, which `catalogueFixedImages` reads; a fixed image
 * whose upload is gone fails the render naming the layer, rather than leaving a paid picture without its logo.
 */
export async function fixedImageKeys(
  db: Kysely<Database>,
  ownerId: number | null,
  t: Template,
): Promise<Map<string, { layer: string; storageKey: string }>> {
  const keys = new Map<string, { layer: string; storageKey: string }>()
  for (const { layer, ref } of fixedImages(t)) {
    if (keys.has(ref) || (ownerId === null && isSampleImage(ref))) continue
    const upload =
      ownerId !== null && UPLOAD_ID.test(ref) ? await findOwnUpload(db, Number(ref), ownerId) : undefined
    if (!upload) throw fixedImageGone(layer)
    keys.set(ref, { layer, storageKey: upload.storage_key })
  }
  return keys
}

export const fixedImageGone = (layer: string) =>
  new AppError(
    Code.notFound,
    `template layer "${layer}": its image is no longer in the owner's uploads; open the template in the designer and place the image again`,
  )

/**
 * The catalogue's own images a catalogue template (no owner) draws as fixed images, read from the render
 * package: an ImageSource that answers those references only (never a customer's value), or undefined for a
 * customer's template. A catalogue image that is missing fails the render naming the layer.
 */
export function catalogueFixedImages(
  ownerId: number | null,
  t: Template,
): ((ref: string) => Promise<Buffer | undefined>) | undefined {
  if (ownerId !== null) return undefined
  const layers = new Map(
    fixedImages(t)
      .filter((f) => isSampleImage(f.ref))
      .map((f) => [f.ref, f.layer]),
  )
  if (layers.size === 0) return undefined
  return async (ref) => {
    const layer = layers.get(ref)
    if (layer === undefined) return undefined
    const bytes = await sampleImages(ref)
    if (!bytes) throw fixedImageGone(layer)
    return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes)
  }
}
