import { NativeSelect } from '@templet/ui/select'
import { Popover } from 'radix-ui'
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react'
import type { DesignerWords } from '../../strings'
import type { DesignerFont } from '../kind'

/** The words of a category or a writing system of the library, by its name there. */
const WORDS: Record<string, keyof DesignerWords> = {
  'sans-serif': 'sansSerifFonts',
  serif: 'serifFonts',
  display: 'displayFonts',
  handwriting: 'handwritingFonts',
  monospace: 'monospaceFonts',
  latin: 'latinScript',
  greek: 'greekScript',
  cyrillic: 'cyrillicScript',
  arabic: 'arabicScript',
  hebrew: 'hebrewScript',
  thai: 'thaiScript',
  devanagari: 'devanagariScript',
  bengali: 'bengaliScript',
  tamil: 'tamilScript',
  khmer: 'khmerScript',
}
const word = (strings: DesignerWords, name: string) => {
  const key = WORDS[name]
  return key ? strings[key] : name
}

export interface FontPickerProps {
  value: string
  fonts: DesignerFont[]
  onChange(family: string): void
  strings: DesignerWords
  disabled?: boolean | undefined
}

const matches = (f: DesignerFont, query: string, category: string, script: string) =>
  (!query || (f.label ?? f.family).toLowerCase().includes(query)) &&
  (!category || f.category === category) &&
  (!script || !f.scripts || f.scripts.includes(script))

/**
 * One option, drawn in its own face once it scrolls into the list's view: a list of hundreds of families loads
 * only the faces a person sees.
 */
function FontOption({
  font,
  id,
  selected,
  active,
  choose,
  root,
}: {
  font: DesignerFont
  id: string
  selected: boolean
  active: boolean
  choose(): void
  root: HTMLElement | null
}) {
  const ref = useRef<HTMLDivElement>(null)
  const [shown, setShown] = useState(!font.preview)
  useEffect(() => {
    const el = ref.current
    if (shown || !el || !font.preview) return
    const seen = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return
        seen.disconnect()
        font.preview?.().then(
          () => setShown(true),
          () => undefined,
        )
      },
      { root },
    )
    seen.observe(el)
    return () => seen.disconnect()
  }, [font, shown, root])
  useEffect(() => {
    if (active) ref.current?.scrollIntoView({ block: 'nearest' })
  }, [active])
  return (
    // The list's keys are handled by the search box (the combobox pattern); a click chooses.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input owns the keyboard
    <div
      ref={ref}
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={selected}
      onClick={choose}
      data-active={active || undefined}
      style={{
        display: 'flex',
        alignItems: 'baseline',
        justifyContent: 'space-between',
        gap: 8,
        padding: '6px 8px',
        borderRadius: 4,
        cursor: 'pointer',
        background: active ? 'var(--ui-accent, #f4f4f5)' : undefined,
        fontWeight: selected ? 600 : undefined,
      }}
    >
      <span
        style={{
          fontSize: 16,
          fontFamily: shown && font.face ? `'${font.face}', system-ui` : 'inherit',
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
      >
        {font.label ?? font.family}
      </span>
    </div>
  )
}

/**
 * The font browser beside the family's select: a button (Aa, in the family's face) opening a searchable list (the WAI-ARIA
 * combobox pattern: the search box keeps focus, the arrows move through the options, Enter chooses, Escape
 * closes), filtered by category and script, with the brand kit's families first.
 */
export function FontPicker({ value, fonts, onChange, strings, disabled }: FontPickerProps) {
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const [category, setCategory] = useState('')
  const [script, setScript] = useState('')
  const [active, setActive] = useState(0)
  const [list, setList] = useState<HTMLDivElement | null>(null)
  const base = useId()
  const current = fonts.find((f) => f.family === value)
  const shown = useMemo(
    () => fonts.filter((f) => matches(f, query.trim().toLowerCase(), category, script)),
    [fonts, query, category, script],
  )
  const categories = useMemo(() => [...new Set(fonts.flatMap((f) => f.category ?? []))], [fonts])
  const scripts = useMemo(() => [...new Set(fonts.flatMap((f) => f.scripts ?? []))], [fonts])
  useEffect(() => {
    if (current?.preview) current.preview().catch(() => undefined)
  }, [current])
  const choose = (f: DesignerFont) => {
    onChange(f.family)
    setOpen(false)
  }
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    const last = shown.length - 1
    if (e.key === 'ArrowDown') setActive((a) => Math.min(last, a + 1))
    else if (e.key === 'ArrowUp') setActive((a) => Math.max(0, a - 1))
    else if (e.key === 'Home') setActive(0)
    else if (e.key === 'End') setActive(last)
    else if (e.key === 'Enter') {
      const f = shown[active]
      if (f) choose(f)
    } else return
    e.preventDefault()
  }
  const optionId = (i: number) => `${base}-option-${i}`
  const listId = `${base}-list`
  return (
    <Popover.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o)
        if (!o) return
        // Each visit starts from the family set, with the filters kept and the search cleared.
        setQuery('')
        const listed = fonts.filter((f) => matches(f, '', category, script))
        setActive(
          Math.max(
            0,
            listed.findIndex((f) => f.family === value),
          ),
        )
      }}
    >
      <Popover.Trigger
        disabled={disabled}
        aria-label={strings.browseFonts}
        title={strings.browseFonts}
        style={{
          alignSelf: 'end',
          height: 30,
          padding: '0 8px',
          border: '1px solid var(--ui-input, #d4d4d8)',
          borderRadius: 6,
          background: 'var(--ui-background, #ffffff)',
          color: 'inherit',
          font: 'inherit',
          fontSize: 13,
          whiteSpace: 'nowrap',
        }}
      >
        <span aria-hidden style={current?.face ? { fontFamily: `'${current.face}', system-ui` } : {}}>
          Aa
        </span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          aria-label={strings.font}
          style={{
            zIndex: 50,
            width: 300,
            display: 'grid',
            gap: 6,
            padding: 8,
            border: '1px solid var(--ui-border, #e4e4e7)',
            borderRadius: 8,
            background: 'var(--ui-popover, #ffffff)',
            color: 'var(--ui-popover-foreground, #09090b)',
            boxShadow: '0 8px 24px rgb(0 0 0 / 0.12)',
            fontSize: 13,
          }}
        >
          <input
            role="combobox"
            aria-expanded
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={shown[active] ? optionId(active) : undefined}
            aria-label={strings.searchFonts}
            placeholder={strings.searchFonts}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value)
              setActive(0)
            }}
            onKeyDown={onKey}
            style={{
              height: 30,
              padding: '0 8px',
              border: '1px solid var(--ui-input, #d4d4d8)',
              borderRadius: 6,
              font: 'inherit',
            }}
          />
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 6 }}>
            <NativeSelect
              size="sm"
              label={strings.allCategories}
              value={category}
              onChange={(e) => {
                setCategory(e.target.value)
                setActive(0)
              }}
            >
              <option value="">{strings.allCategories}</option>
              {categories.map((c) => (
                <option key={c} value={c}>
                  {word(strings, c)}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect
              size="sm"
              label={strings.allScripts}
              value={script}
              onChange={(e) => {
                setScript(e.target.value)
                setActive(0)
              }}
            >
              <option value="">{strings.allScripts}</option>
              {scripts.map((s) => (
                <option key={s} value={s}>
                  {word(strings, s)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div
            ref={setList}
            id={listId}
            role="listbox"
            aria-label={strings.font}
            style={{ maxHeight: 280, overflowY: 'auto' }}
          >
            {shown.map((f, i) => (
              <FontOption
                key={f.family}
                font={f}
                id={optionId(i)}
                selected={f.family === value}
                active={i === active}
                choose={() => choose(f)}
                root={list}
              />
            ))}
          </div>
          {shown.length === 0 && <p style={{ margin: 0, padding: 8 }}>{strings.noFontMatches}</p>}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
