import { useQueries, useQuery } from '@tanstack/react-query'
import type { TemplateDetail } from '@templet/api'
import { paintDocument } from '@templet/designer'
import {
  fieldKinds,
  imageKey,
  isBrandFamily,
  layerKinds,
  onPage,
  sizeOrDefault,
  type Template,
  templatePages,
  typesets,
} from '@templet/template'
import { useEffect, useRef, useState } from 'react'
import { fontListQuery } from '../api/brand-kit-queries'
import { uploadDetailQuery } from '../api/queries'
import { templateDocumentQuery } from '../api/template-library-queries'
import { catalogueImageUrl } from '../designer/fixed-images'
import { loadTemplateFonts } from '../designer/fonts'
import type { Locale } from './fields'

/** The longest side the preview is drawn at, in CSS px (as the server's preview was). */
const PREVIEW_SIDE = 640

/**
 * The template's document for drawing in the browser: the version the editor shows, as the server parsed it
 * with the model. `failed` when it cannot be had (the editor then asks the server for pictures, as before).
 */
export function useTemplateDocument(template: TemplateDetail): { document?: Template; failed: boolean } {
  const doc = useQuery(templateDocumentQuery(template.id, template.version))
  return { document: doc.data?.document, failed: doc.isError }
}

const usesBrandFonts = (t: Template) => typesets(t).some((s) => s.families.some(isBrandFamily))

/** The decoded images of the values' uploads by field key, and of the template's fixed images. */
function useValueImages(t: Template, values: Record<string, string>): Map<string, ImageBitmap> {
  const refs = [
    ...t.fields.flatMap((f) => {
      const upload = fieldKinds.upload(f, values[f.key])
      return upload === undefined ? [] : [{ key: f.key, id: Number(upload) }]
    }),
    // The template's fixed images (a logo) and every image of a set the customer picks from (so a new pick
    // draws at once): the owner's uploads, drawn under `src:<ref>`.
    ...t.layers.flatMap((l) =>
      layerKinds.authorImages(l).map(({ ref }) => ({ key: imageKey({ src: ref }), id: Number(ref) })),
    ),
  ].filter((r) => Number.isInteger(r.id) && r.id > 0)
  // A catalogue template's own fixed images are the catalogue's, at a public address.
  const catalogue = t.layers.flatMap((l) =>
    layerKinds.authorImages(l).flatMap(({ ref }) => {
      const url = catalogueImageUrl(ref)
      return url ? [[imageKey({ src: ref }), url] as const] : []
    }),
  )
  const uploads = useQueries({ queries: refs.map((r) => uploadDetailQuery(r.id)) })
  const urls = [...refs.map((r, i) => [r.key, uploads[i]?.data?.url] as const), ...catalogue]
  const urlKey = JSON.stringify(urls)
  const [images, setImages] = useState(new Map<string, ImageBitmap>())
  useEffect(() => {
    let live = true
    const wanted = JSON.parse(urlKey) as Array<[string, string | undefined]>
    void Promise.all(
      wanted.map(async ([key, url]) => {
        if (!url) return undefined
        const blob = await (await fetch(url)).blob()
        return [key, await createImageBitmap(blob)] as const
      }),
    ).then(
      (decoded) => {
        if (live)
          setImages(new Map(decoded.filter((d): d is readonly [string, ImageBitmap] => d !== undefined)))
      },
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [urlKey])
  return images
}

/**
 * The editor's preview drawn in the browser with the model's own layout and drawing code (`paintDocument`),
 * on the same font files as the server: each keystroke repaints here, without a round trip. The server still
 * renders what is bought. Faces a newly typed script needs are loaded, then the preview repaints. Each paint
 * tells which texts were cut to fit, for the notes beside their fields.
 */
export function CanvasPreview(p: {
  document: Template
  /** The page drawn, from 0 (a design of several pages; default the first). */
  page?: number
  values: Record<string, string>
  /** The language of single values (the customer's choice beside a field), for their Han forms. */
  valueLanguages: Record<string, string>
  sizeId: string | undefined
  locale: Locale
  alt: string
  /** The longest side it is drawn at, in CSS px (a thumbnail's is smaller). */
  side?: number
  /** Told after each paint which text layers were cut with "…" (their ids, in drawing order). */
  onTruncated?: (layerIds: string[]) => void
}) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const brand = useQuery({ ...fontListQuery(), enabled: usesBrandFonts(p.document) })
  const images = useValueImages(p.document, p.values)
  const [fontsLoaded, setFontsLoaded] = useState(0)
  // The newest callback, without painting again when only its identity changes.
  const onTruncated = useRef(p.onTruncated)
  onTruncated.current = p.onTruncated
  // A preview only: a size id the document lacks (stale while a newer version loads) shows the default size.
  const size = sizeOrDefault(p.document, p.sizeId)
  const sizeId = size.id
  const scale = Math.min(1, (p.side ?? PREVIEW_SIDE) / Math.max(size.width, size.height))

  // The faces these values draw with; a repaint once they are in (already loaded ones resolve at once).
  const valuesKey = JSON.stringify([p.values, p.valueLanguages])
  useEffect(() => {
    let live = true
    const [values, valueLanguages] = JSON.parse(valuesKey) as [Record<string, string>, Record<string, string>]
    void loadTemplateFonts(p.document, {
      locale: p.locale,
      values,
      valueLanguages,
      brandFonts: brand.data ?? [],
    })
      .catch(() => undefined)
      .then(() => live && setFontsLoaded((n) => n + 1))
    return () => {
      live = false
    }
  }, [p.document, p.locale, valuesKey, brand.data])

  useEffect(() => {
    const el = canvas.current
    if (!el || fontsLoaded === 0) return
    const pages = templatePages(p.document).length
    const { truncated } = paintDocument(el, onPage(p.document, Math.min(p.page ?? 0, pages - 1)), {
      sizeId,
      locale: p.locale,
      values: p.values,
      valueLanguages: p.valueLanguages,
      scale,
      images,
    })
    el.dataset.painted = String(performance.now())
    onTruncated.current?.(truncated)
  }, [p.document, p.page, p.values, p.valueLanguages, p.locale, sizeId, scale, images, fontsLoaded])

  return (
    <>
      <canvas
        ref={canvas}
        data-testid="preview"
        className="size-full object-contain"
        // Transparent until the faces are in (no stand-in font shows). Not the word for `display: none`: the
        // stylesheet is built from the words in the code.
        style={{ opacity: fontsLoaded > 0 ? 1 : 0 }}
      />
      <span className="sr-only">{p.alt}</span>
    </>
  )
}
