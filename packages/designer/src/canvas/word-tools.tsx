import { type Layer, parseColorRuns, recolor, toggleEmphasis } from '@templet/template'
import { Bold, Italic, RemoveFormatting } from 'lucide-react'
import { type CSSProperties, createContext, type ReactNode, useContext, useMemo } from 'react'
import {
  DESIGNER_STRINGS_EN,
  DESIGNER_STRINGS_ZH_CN,
  type DesignerStrings,
  type DesignerWords,
} from '../strings'

/** What the tools over a text's words offer: the brand's colours, and the designer's words. */
export interface WordToolsOptions {
  palette: readonly string[] | undefined
  strings: Pick<
    DesignerWords,
    'wordTools' | 'colourWords' | 'textColour' | 'designColours' | 'palette' | 'boldWords' | 'italicWords'
  >
}

const WordToolsContext = createContext<WordToolsOptions | undefined>(undefined)

/** Gives the word tools of the text edited on the canvas the designer's brand colours and words. */
export function WordToolsProvider({
  palette,
  locale,
  strings,
  children,
}: {
  palette: readonly string[] | undefined
  locale: string | undefined
  strings: DesignerStrings | undefined
  children: ReactNode
}) {
  const value = useMemo(
    () => ({
      palette,
      strings: { ...(locale === 'zh-CN' ? DESIGNER_STRINGS_ZH_CN : DESIGNER_STRINGS_EN), ...strings },
    }),
    [palette, locale, strings],
  )
  return <WordToolsContext.Provider value={value}>{children}</WordToolsContext.Provider>
}

/** A text's words with a selection, and the same words changed with where the selection now is. */
export type WordsEdit = (
  text: string,
  start: number,
  end: number,
) => { text: string; start: number; end: number }

/** Ctrl/Cmd+B and Ctrl/Cmd+I on a text's words: the edit the key makes, if it is one of them. */
export function emphasisKey(e: {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
}): WordsEdit | undefined {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return undefined
  const key = e.key.toLowerCase()
  const kind = key === 'b' ? 'bold' : key === 'i' ? 'italic' : undefined
  return kind && ((text, start, end) => toggleEmphasis(text, start, end, kind))
}

/**
 * The colours of a text layer offered beside the brand's: its own colour and those of its words' runs, so a
 * colour used once is one click away for the next word.
 */
export function layerColours(layer: Layer): string[] {
  if (layer.type !== 'text') return []
  const texts = typeof layer.text === 'string' ? [layer.text] : Object.values(layer.text)
  const colours = [typeof layer.color === 'string' ? layer.color.slice(0, 7) : undefined]
  for (const text of texts) for (const run of parseColorRuns(text)) colours.push(run.color)
  return [...new Set(colours.filter((c): c is string => c !== undefined).map((c) => c.toLowerCase()))]
}

const button: CSSProperties = {
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: 28,
  height: 28,
  padding: 0,
  border: '1px solid var(--ui-border, #e4e4e7)',
  borderRadius: 4,
  background: 'var(--ui-background, #ffffff)',
  color: 'var(--ui-foreground, #09090b)',
  cursor: 'pointer',
}

/**
 * Bold, italics and colour for the selected words of a text being edited (the text's markup, ADR 0199): the
 * brand's colours, the layer's own, any colour from the browser's picker, and the text's colour back. A press
 * keeps the focus and the selection in the words; from the keyboard each is a button in the Tab order after
 * them. `apply` makes the edit on the words' current selection.
 */
export function WordTools({
  layer,
  apply,
  of,
  style,
}: {
  layer: Layer
  apply: (edit: WordsEdit) => void
  /** The box the words are in, when it is not the one on the canvas (the properties' "Text"). */
  of?: string
  style?: CSSProperties
}) {
  const options = useContext(WordToolsContext)
  if (!options) return null
  const { strings } = options
  const brand = (options.palette ?? []).map((c) => c.toLowerCase())
  const own = layerColours(layer).filter((c) => !brand.includes(c))
  const colour = (c: string) => (text: string, start: number, end: number) => recolor(text, start, end, c)
  const keep = (e: { preventDefault: () => void }) => e.preventDefault()
  const swatches = (label: string, colours: string[]): ReactNode =>
    colours.length ? (
      // biome-ignore lint/a11y/useSemanticElements: a named set of swatch buttons, not a form's fieldset
      <div role="group" aria-label={label} style={{ display: 'flex', gap: 4 }}>
        {colours.map((c) => (
          <button
            key={c}
            type="button"
            data-colour={c}
            aria-label={strings.colourWords.replace('{colour}', c)}
            title={strings.colourWords.replace('{colour}', c)}
            onMouseDown={keep}
            onClick={() => apply(colour(c))}
            style={{ ...button, minWidth: 24, width: 24, height: 24, background: c }}
          />
        ))}
      </div>
    ) : null
  return (
    <div
      role="toolbar"
      aria-label={of ? `${strings.wordTools}: ${of}` : strings.wordTools}
      data-slot="word-tools"
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 6,
        padding: 4,
        background: 'var(--ui-popover, #ffffff)',
        border: '1px solid var(--ui-border, #e4e4e7)',
        borderRadius: 6,
        boxShadow: '0 2px 6px rgba(0, 0, 0, 0.12)',
        ...style,
      }}
    >
      <button
        type="button"
        aria-label={strings.boldWords}
        title={strings.boldWords}
        onMouseDown={keep}
        onClick={() => apply((text, start, end) => toggleEmphasis(text, start, end, 'bold'))}
        style={button}
      >
        <Bold size={14} aria-hidden />
      </button>
      <button
        type="button"
        aria-label={strings.italicWords}
        title={strings.italicWords}
        onMouseDown={keep}
        onClick={() => apply((text, start, end) => toggleEmphasis(text, start, end, 'italic'))}
        style={button}
      >
        <Italic size={14} aria-hidden />
      </button>
      {swatches(strings.palette, brand)}
      {swatches(strings.designColours, own)}
      <input
        type="color"
        aria-label={strings.colourWords.replace(' {colour}', '').replace('{colour}', '')}
        data-slot="word-colour"
        defaultValue={own[0] ?? '#000000'}
        onChange={(e) => apply(colour(e.target.value.toLowerCase()))}
        style={{ ...button, width: 32, padding: 2 }}
      />
      <button
        type="button"
        aria-label={strings.textColour}
        title={strings.textColour}
        onMouseDown={keep}
        onClick={() => apply((text, start, end) => recolor(text, start, end, undefined))}
        style={button}
      >
        <RemoveFormatting size={14} aria-hidden />
      </button>
    </div>
  )
}
