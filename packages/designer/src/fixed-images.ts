import { imageKey, layerKinds, type Template } from '@templet/template'
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
 * The decoded fixed images of a document, by the key the model draws them under (`src:<ref>`): each reference
 * is asked of `load` once; `keep` adds one already decoded (a file just uploaded).
 */
export function useFixedImages(
  t: Template,
  load: ((ref: string) => Promise<ImageBitmap | undefined>) | undefined,
): { images: Map<string, ImageBitmap>; keep: (ref: string, image: ImageBitmap) => void } {
  const [images, setImages] = useState(() => new Map<string, ImageBitmap>())
  const asked = useRef(new Set<string>())
  const refs = fixedImageRefs(t).join('\n')
  useEffect(() => {
    if (!load || !refs) return
    for (const ref of refs.split('\n')) {
      if (asked.current.has(ref)) continue
      asked.current.add(ref)
      load(ref).then(
        (image) => image && setImages((m) => new Map(m).set(imageKey({ src: ref }), image)),
        () => asked.current.delete(ref),
      )
    }
  }, [refs, load])
  const keep = (ref: string, image: ImageBitmap) => {
    asked.current.add(ref)
    setImages((m) => new Map(m).set(imageKey({ src: ref }), image))
  }
  return { images, keep }
}
