import { type Locale, onPage, sizeOrDefault, type Template, templatePages } from '@templet/template'
import { Button } from '@templet/ui/button'
import { ChevronLeft, ChevronRight, Copy, Plus, Trash2 } from 'lucide-react'
import { type Dispatch, type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { paintDocument } from '../canvas/paint-document'
import type { DesignerAction, DesignerState } from '../state/designer-state'
import { pageIndex } from '../state/pages'
import type { DesignerWords } from '../strings'
import { Tool } from '../toolbar'
import { TextInput, VISUALLY_HIDDEN } from './controls'

export interface PageStripProps {
  state: DesignerState
  dispatch: Dispatch<DesignerAction>
  strings: DesignerWords
  locale: Locale
  readOnly?: boolean
  /** The design's own images, decoded (what the canvas draws). */
  images?: Map<string, ImageBitmap>
  /** Changes when fonts come in: the thumbnails paint again. */
  repaint?: number
}

/** A thumbnail's longer side, in CSS px. */
const THUMBNAIL_SIDE = 72
/** Thumbnails paint this long after the last change, never during a drag. */
const PAINT_DELAY_MS = 200

/**
 * The design's pages (ADR 0198) as thumbnails under the canvas, the page shown marked: a click (or Enter) shows a
 * page; Alt+Left and Alt+Right on a page move it (right to left, Alt+Left moves it later). Beside them: add a
 * blank page after the one shown, duplicate it,
 * move it earlier or later, delete it (never the last), and its name. Each edit is one undo step and is
 * announced.
 */
export function PageStrip({ state, dispatch, strings, locale, readOnly, images, repaint }: PageStripProps) {
  const t = state.document
  const pages = templatePages(t)
  const current = pageIndex(t, state.pageId)
  const page = pages[current] ?? pages[0]
  const [announcement, setAnnouncement] = useState('')
  const listRef = useRef<HTMLOListElement>(null)
  // Right to left, the pages run leftwards: earlier is to the right, for the arrows shown and the keys alike.
  const [rtl, setRtl] = useState(false)
  useLayoutEffect(() => {
    if (listRef.current) setRtl(getComputedStyle(listRef.current).direction === 'rtl')
  })
  const named = (name: string) => (pages.length > 1 || t.pages ? name : `${strings.pageWord} 1`)

  const move = (id: string, to: number) => {
    if (to < 0 || to >= pages.length) return
    const moved = pages.find((p) => p.id === id)
    dispatch({ type: 'movePage', pageId: id, to })
    setAnnouncement(
      strings.pageMoved.replace('{name}', named(moved?.name ?? '')).replace('{n}', String(to + 1)),
    )
    // The moved page's button keeps the focus where it lands.
    requestAnimationFrame(() =>
      listRef.current?.querySelector<HTMLElement>(`[data-page="${CSS.escape(id)}"]`)?.focus(),
    )
  }
  const onPageKey = (id: string, i: number) => (e: KeyboardEvent<HTMLButtonElement>) => {
    if (readOnly || !e.altKey) return
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault()
      e.stopPropagation()
      const leftwards = getComputedStyle(e.currentTarget).direction === 'rtl'
      move(id, (e.key === 'ArrowLeft') !== leftwards ? i - 1 : i + 1)
    }
  }

  return (
    <section
      aria-label={strings.pages}
      data-slot="page-strip"
      style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: 8, minWidth: 0 }}
    >
      <ol
        ref={listRef}
        style={{
          display: 'flex',
          gap: 8,
          listStyle: 'none',
          margin: 0,
          padding: 4,
          overflowX: 'auto',
          maxWidth: '100%',
        }}
      >
        {pages.map((p, i) => (
          <li key={p.id}>
            <button
              type="button"
              data-page={p.id}
              aria-current={i === current ? 'page' : undefined}
              aria-label={strings.pageButton.replace('{n}', String(i + 1)).replace('{name}', named(p.name))}
              title={readOnly ? undefined : strings.pageKeys}
              onClick={() => dispatch({ type: 'showPage', pageId: p.id })}
              onKeyDown={onPageKey(p.id, i)}
              style={{
                display: 'grid',
                justifyItems: 'center',
                gap: 4,
                padding: 4,
                borderRadius: 6,
                border: `2px solid ${i === current ? 'var(--ui-primary, #2563eb)' : 'var(--ui-border, #e4e4e7)'}`,
                background: 'var(--ui-background, #ffffff)',
                color: 'inherit',
                cursor: 'pointer',
                font: 'inherit',
                fontSize: 12,
              }}
            >
              <PageThumbnail
                document={t}
                index={i}
                sizeId={state.sizeId}
                locale={locale}
                images={images}
                repaint={repaint}
                paused={state.underway === true}
              />
              <span
                style={{
                  maxWidth: THUMBNAIL_SIDE + 8,
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
              >
                {named(p.name)}
              </span>
            </button>
          </li>
        ))}
      </ol>
      {readOnly ? null : (
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: 4 }}>
          <Button
            variant="outline"
            size="sm"
            data-slot="add-page"
            onClick={() => dispatch({ type: 'addPage', word: strings.pageWord })}
          >
            <Plus aria-hidden />
            {strings.addPage}
          </Button>
          <Tool
            label={strings.duplicatePage}
            onClick={() => dispatch({ type: 'addPage', word: strings.pageWord, duplicate: true })}
          >
            <Copy aria-hidden />
          </Tool>
          <Tool
            label={strings.movePageEarlier}
            disabled={current === 0}
            onClick={() => page && move(page.id, current - 1)}
          >
            {rtl ? <ChevronRight aria-hidden /> : <ChevronLeft aria-hidden />}
          </Tool>
          <Tool
            label={strings.movePageLater}
            disabled={current === pages.length - 1}
            onClick={() => page && move(page.id, current + 1)}
          >
            {rtl ? <ChevronLeft aria-hidden /> : <ChevronRight aria-hidden />}
          </Tool>
          <Tool
            label={strings.deletePage}
            disabled={pages.length < 2}
            onClick={() => {
              if (!page) return
              dispatch({ type: 'removePage', pageId: page.id })
              setAnnouncement(strings.pageDeleted.replace('{name}', named(page.name)))
            }}
          >
            <Trash2 aria-hidden />
          </Tool>
          {pages.length > 1 && page ? (
            <div style={{ width: 160 }}>
              <TextInput
                label={strings.pageName}
                value={page.name}
                onChange={(name, coalesce) =>
                  dispatch({ type: 'renamePage', pageId: page.id, name, coalesce })
                }
              />
            </div>
          ) : null}
        </div>
      )}
      {readOnly ? null : (
        <p role="status" aria-live="polite" style={VISUALLY_HIDDEN}>
          {announcement}
        </p>
      )}
    </section>
  )
}

/** One page drawn small by the model's own drawing code, a moment after the design last changed. */
function PageThumbnail({
  document,
  index,
  sizeId,
  locale,
  images,
  repaint,
  paused,
}: {
  document: Template
  index: number
  sizeId: string
  locale: Locale
  images?: Map<string, ImageBitmap> | undefined
  repaint?: number | undefined
  paused: boolean
}) {
  const ref = useRef<HTMLCanvasElement>(null)
  const size = sizeOrDefault(document, sizeId)
  const scale = THUMBNAIL_SIDE / Math.max(size.width, size.height)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `repaint` is the fonts' epoch: a new face paints again.
  useEffect(() => {
    const canvas = ref.current
    if (!canvas || paused) return
    const timer = setTimeout(() => {
      paintDocument(canvas, onPage(document, index), { sizeId, locale, scale, ...(images && { images }) })
    }, PAINT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [document, index, sizeId, locale, scale, images, repaint, paused])
  return (
    <canvas
      ref={ref}
      aria-hidden
      data-slot="page-thumbnail"
      style={{
        width: Math.round(size.width * scale),
        height: Math.round(size.height * scale),
        background: '#ffffff',
        boxShadow: '0 0 0 1px rgb(0 0 0 / 0.08)',
      }}
    />
  )
}
