import { fieldKinds, imageKey, layerKinds, type Template } from '@templet/template'
import { useEffect, useRef, useState } from 'react'
import type { DesignerWords } from './strings'

/** What the designer takes as a fixed image, by content type (the server checks the bytes again). */
export const FIXED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const
/** The largest fixed image the designer sends by default, in bytes (the app's upload limit). */
export const FIXED_IMAGE_MAX_BYTES = 10 * 1024 * 1024

/** Why a chosen file cannot be a fixed image, in the designer's words; undefined when it can. */
export function fixedImageProblem(
  file: { type: string; size: number },
  maxBytes: number,
  strings: Pick<DesignerWords, 'fixedImageWrongType' | 'fixedImageTooLarge'>,
): string | undefined {
  if (!(FIXED_IMAGE_TYPES as readonly string[]).includes(file.type)) return strings.fixedImageWrongType
  if (file.size > maxBytes)
    return strings.fixedImageTooLarge.replace('{max}', String(Math.round((maxBytes / 1024 / 1024) * 10) / 10))
  return undefined
}

/** The references of a template's fixed images, and of every image of each set a customer picks from. */
export const fixedImageRefs = (t: Template): string[] => [
  ...new Set(t.layers.flatMap((l) => layerKinds.authorImages(l).map((r) => r.ref))),
]

/**
 * The photo each image field's samples name, by field key: drawn where the customer's goes, as the gallery and
 * the server's preview show the template. A field whose samples name different photos in different languages,
 * or none, keeps its placeholder.
 */
export const samplePhotoRefs = (t: Template): Array<{ field: string; ref: string }> =>
  t.fields.flatMap((f) => {
    const refs = new Set(Object.values(t.samples).map((values) => fieldKinds.upload(f, values[f.key])))
    const [ref] = refs
    return refs.size === 1 && ref !== undefined ? [{ field: f.key, ref }] : []
  })

/**
 * The decoded fixed images of a document, by the key the model draws them under (`src:<ref>`), and its
 * fields' sample photos by field key: each reference is asked of `load` once; `keep` adds one already decoded
 * (a file just uploaded).
 */
export function useFixedImages(
  t: Template,
  load: ((ref: string) => Promise<ImageBitmap | undefined>) | undefined,
): { images: Map<string, ImageBitmap>; keep: (ref: string, image: ImageBitmap) => void } {
  const [images, setImages] = useState(() => new Map<string, ImageBitmap>())
  const asked = useRef(new Set<string>())
  const refs = fixedImageRefs(t).join('\n')
  const samples = samplePhotoRefs(t)
    .map(({ field, ref }) => `${field}\t${ref}`)
    .join('\n')
  useEffect(() => {
    if (!load) return
    const wanted = [
      ...(refs ? refs.split('\n').map((ref) => ({ key: imageKey({ src: ref }), ref })) : []),
      ...(samples
        ? samples
            .split('\n')
            .map((line) => line.split('\t'))
            .map(([key = '', ref = '']) => ({ key, ref }))
        : []),
    ]
    for (const { key, ref } of wanted) {
      const asking = `${key}\n${ref}`
      if (asked.current.has(asking)) continue
      asked.current.add(asking)
      load(ref).then(
        (image) => image && setImages((m) => new Map(m).set(key, image)),
        () => asked.current.delete(asking),
      )
    }
  }, [refs, samples, load])
  const keep = (ref: string, image: ImageBitmap) => {
    asked.current.add(`${imageKey({ src: ref })}\n${ref}`)
    setImages((m) => new Map(m).set(imageKey({ src: ref }), image))
  }
  return { images, keep }
}
