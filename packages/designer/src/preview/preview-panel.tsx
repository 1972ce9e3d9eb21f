import { sizeOrDefault, type Template } from '@templet/template'
import { useEffect, useId, useRef } from 'react'
import { paintDocument } from '../canvas/paint-document'
import type { DesignerWords } from '../strings'
import { PREVIEW_STATES, type PreviewState, previewValues } from './preview-values'

/** How wide each preview is drawn, in CSS px. */
const PREVIEW_WIDTH = 160
const PREVIEW_DELAY_MS = 150

const captions = (s: DesignerWords): Record<PreviewState, string> => ({
  longText: s.previewLongText,
  chinese: s.previewChinese,
  arabic: s.previewArabic,
  missingImage: s.previewMissingImage,
})

/** The design drawn with the values that break designs: long text, Chinese, Arabic, a missing image. */
export function PreviewPanel({
  document,
  sizeId,
  strings,
  images,
  paused = false,
}: {
  document: Template
  sizeId: string
  strings: DesignerWords
  /** Decoded fixed images (a logo is part of the design in every state). */
  images?: Map<string, ImageBitmap>
  /** A gesture is under way: the previews keep what they show and draw once it ends. */
  paused?: boolean
}) {
  const id = useId()
  const names = captions(strings)
  return (
    <section aria-labelledby={id} data-slot="designer-previews" style={{ display: 'grid', gap: 8 }}>
      <h2 id={id} style={{ margin: 0, fontSize: 13, fontWeight: 600 }}>
        {strings.preview}
      </h2>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        {PREVIEW_STATES.map((s) => (
          <Preview
            key={s}
            document={document}
            sizeId={sizeId}
            state={s}
            caption={names[s]}
            images={images}
            paused={paused}
          />
        ))}
      </div>
    </section>
  )
}

function Preview({
  document,
  sizeId,
  state,
  caption,
  images,
  paused,
}: {
  document: Template
  sizeId: string
  state: PreviewState
  caption: string
  images: Map<string, ImageBitmap> | undefined
  paused: boolean
}) {
  const ref = useRef<HTMLCanvasElement>(null)
  const size = sizeOrDefault(document, sizeId)
  const scale = PREVIEW_WIDTH / size.width
  useEffect(() => {
    // Drawn once the design settles (a drag's last step, a pause in a slow drag never counts), so four more
    // paints never slow a drag's frames.
    if (paused) return
    const handle = setTimeout(() => {
      const canvas = ref.current
      if (canvas)
        paintDocument(canvas, document, { sizeId, scale, images, ...previewValues(document, state) })
    }, PREVIEW_DELAY_MS)
    return () => clearTimeout(handle)
  }, [document, sizeId, scale, state, images, paused])
  return (
    <figure data-preview={state} style={{ margin: 0, display: 'grid', gap: 4, fontSize: 12 }}>
      <canvas
        ref={ref}
        role="img"
        aria-label={caption}
        style={{ width: PREVIEW_WIDTH, height: size.height * scale, boxShadow: '0 0 0 1px rgba(0,0,0,0.12)' }}
      />
      <figcaption>{caption}</figcaption>
    </figure>
  )
}
