import type { Layer, Locale } from '@templet/template'
import { type CSSProperties, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { designerKinds } from '../kinds'
import { emphasisKey, type WordsEdit, WordTools } from './word-tools'

/** Whether a layer's words are edited on the canvas: a text's (a QR code's link is edited in its panel). */
export const editsOnCanvas = (layer: Layer) => designerKinds.kindOf(layer).words?.what === 'text'

/** The words as shown in `locale`: a localised text's words in that language. */
function wordsIn(layer: Layer, locale: Locale): string {
  const words = designerKinds.kindOf(layer).words?.of(layer)
  return typeof words === 'string' ? words : (words?.[locale] ?? '')
}

/** The layer showing `text` in `locale` (a localised text keeps its other language's words). */
export function withWordsIn(layer: Layer, locale: Locale, text: string): Layer {
  const kind = designerKinds.kindOf(layer)
  const words = kind.words?.of(layer)
  if (!kind.words || words === undefined) return layer
  return kind.words.with(layer, typeof words === 'string' ? text : { ...words, [locale]: text })
}

/**
 * A text layer's words edited where they lie: a text area over its box, the words in the language shown, with
 * the word tools above it (bold, italics, colour of the selected words; Ctrl/Cmd+B and Ctrl/Cmd+I too). Leaving
 * both, or Ctrl/Cmd+Enter, keeps the words (Enter starts a new line), Escape drops them; empty words are never
 * kept. Keys and presses stay in it: the canvas's arrows and drags do not act meanwhile.
 */
export function OnCanvasTextEditor(p: {
  layer: Layer
  locale: Locale
  /** Its box on the canvas, in CSS px. */
  frame: CSSProperties
  label: string
  zoom: number
  onDone: (text: string | undefined) => void
}) {
  const [text, setText] = useState(() => wordsIn(p.layer, p.locale))
  const ref = useRef<HTMLTextAreaElement>(null)
  const editor = useRef<HTMLDivElement>(null)
  const done = useRef(false)
  // The selection over the same words after an edit by the tools, set once the text area shows the new text.
  const selection = useRef<{ start: number; end: number } | undefined>(undefined)
  useLayoutEffect(() => {
    const el = ref.current
    const s = selection.current
    if (!el || !s || el.value !== text) return
    selection.current = undefined
    el.focus()
    el.setSelectionRange(s.start, s.end)
  }, [text])
  const apply = (edit: WordsEdit) => {
    const el = ref.current
    if (!el) return
    const next = edit(el.value, el.selectionStart, el.selectionEnd)
    selection.current = { start: next.start, end: next.end }
    setText(next.text)
  }
  // Focus moving between the words and their tools is no leaving.
  const left = (to: EventTarget | null) => !(to instanceof Node && editor.current?.contains(to))
  const finish = (kept: string | undefined) => {
    if (done.current) return
    done.current = true
    p.onDone(kept !== undefined && kept.trim() !== '' ? kept : undefined)
  }
  useEffect(() => {
    ref.current?.focus()
    ref.current?.select()
  }, [])
  const size = (p.layer as { size?: number }).size ?? 16
  return (
    // biome-ignore lint/a11y/useSemanticElements: a box-less group of the words and their tools, not a form's fieldset
    <div
      ref={editor}
      role="group"
      style={{ display: 'contents' }}
      onPointerDown={(e) => e.stopPropagation()}
      onBlur={(e) => {
        // The window losing the focus (the colour picker's own window) is no leaving either.
        if (left(e.relatedTarget) && document.hasFocus()) finish(ref.current?.value ?? text)
      }}
      onKeyDown={(e) => {
        e.stopPropagation()
        if (e.key !== 'Escape') return
        e.preventDefault()
        finish(undefined)
      }}
    >
      <textarea
        ref={ref}
        aria-label={p.label}
        data-slot="text-editor"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          const edit = emphasisKey(e)
          if (edit) {
            e.preventDefault()
            apply(edit)
          } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault()
            finish(text)
          }
        }}
        style={{
          ...p.frame,
          minHeight: 48,
          minWidth: 120,
          boxSizing: 'border-box',
          padding: 4,
          resize: 'none',
          font: 'inherit',
          fontSize: Math.max(13, Math.min(32, size * p.zoom)),
          lineHeight: 1.2,
          color: '#09090b',
          background: 'rgba(255, 255, 255, 0.94)',
          border: '2px solid #4f46e5',
          borderRadius: 2,
          zIndex: 2,
        }}
      />
      <WordTools
        layer={p.layer}
        apply={apply}
        style={{
          position: 'absolute',
          left: p.frame.left,
          top: p.frame.top,
          transform: 'translateY(calc(-100% - 6px))',
          zIndex: 3,
        }}
      />
    </div>
  )
}
