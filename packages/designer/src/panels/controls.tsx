import type { Layer } from '@templet/template'
import { Checkbox as UiCheckbox } from '@templet/ui/checkbox'
import { ColorPicker } from '@templet/ui/color-picker'
import { Field as UiField } from '@templet/ui/field'
import { Input, Textarea } from '@templet/ui/input'
import { NativeSelect } from '@templet/ui/select'
import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { emphasisKey, type WordsEdit, WordTools } from '../canvas/word-tools'

/*
 * The panels' form controls: the shell's form parts (@templet/ui), each with its visible label, in their
 * dense size. The selects stay the browser's own: a keyboard and a screen reader know them best, and a
 * long list of fonts gets the system's picker on a phone.
 */

/** The shell's field box as inline style, for the few inputs the panels still draw themselves. */
export const inputStyle: CSSProperties = {
  boxSizing: 'border-box',
  width: '100%',
  minWidth: 0,
  height: 30,
  padding: '0 8px',
  border: '1px solid var(--ui-input, #d4d4d8)',
  borderRadius: 6,
  background: 'var(--ui-background, #ffffff)',
  color: 'var(--ui-foreground, #09090b)',
  font: 'inherit',
  fontSize: 13,
}

/**
 * A new undo-coalescing key each time a control gains focus: the changes made while it has focus (typing
 * "120", dragging a colour picker) are one undo step.
 */
export function useEditSession(): [string, () => void] {
  const base = useId()
  const [n, setN] = useState(0)
  return [`${base}:${n}`, () => setN((x) => x + 1)]
}

export function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  return <UiField label={label}>{(control) => children(control.id)}</UiField>
}

export interface NumberInputProps {
  label: string
  value: number | undefined
  /** Called with each valid number typed or stepped, and the edit's coalescing key. */
  onChange: (value: number, coalesce: string) => void
  min?: number
  max?: number
  step?: number
  disabled?: boolean
  placeholder?: string
}

/**
 * A number field: typing changes the design as one types (one undo step per visit), ArrowUp/Down step it
 * (Shift: ten steps). A value out of range or not a number is kept as typed and not applied.
 */
export function NumberInput({
  label,
  value,
  onChange,
  min,
  max,
  step = 1,
  disabled,
  placeholder,
}: NumberInputProps) {
  const [draft, setDraft] = useState(value === undefined ? '' : String(value))
  const [session, next] = useEditSession()
  const focused = useRef(false)
  useEffect(() => {
    if (!focused.current) setDraft(value === undefined ? '' : String(value))
  }, [value])
  const apply = (text: string) => {
    setDraft(text)
    const n = Number(text)
    if (text.trim() === '' || !Number.isFinite(n)) return
    if ((min !== undefined && n < min) || (max !== undefined && n > max)) return
    onChange(n, session)
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return
    e.preventDefault()
    const delta = (e.key === 'ArrowUp' ? 1 : -1) * step * (e.shiftKey ? 10 : 1)
    let n = Math.round(((Number(draft) || 0) + delta) * 1000) / 1000
    if (min !== undefined) n = Math.max(min, n)
    if (max !== undefined) n = Math.min(max, n)
    apply(String(n))
  }
  return (
    <Input
      label={label}
      size="sm"
      inputMode="decimal"
      value={draft}
      disabled={disabled}
      placeholder={placeholder}
      aria-invalid={draft !== '' && !Number.isFinite(Number(draft)) ? true : undefined}
      onFocus={() => {
        focused.current = true
        next()
      }}
      onBlur={() => {
        focused.current = false
        setDraft(value === undefined ? '' : String(value))
      }}
      onKeyDown={onKeyDown}
      onChange={(e) => apply(e.target.value)}
    />
  )
}

export interface TextInputProps {
  label: string
  value: string
  onChange: (value: string, coalesce: string) => void
  multiline?: boolean
  disabled?: boolean
  /** A text layer's words: the word tools under the box set the selected words' colour, bold and italics. */
  words?: Layer | undefined
}

/**
 * A text field: each change goes out as one types (one undo step per visit), and each use of its word tools as
 * a step of its own. What the parent refuses (an empty label) stays as typed until the field loses focus, then
 * shows the value again.
 */
export function TextInput({ label, value, onChange, multiline, disabled, words }: TextInputProps) {
  const [session, next] = useEditSession()
  const [draft, setDraft] = useState(value)
  const focused = useRef(false)
  const area = useRef<HTMLTextAreaElement>(null)
  // The selection over the same words after a word tool's edit, set once the box shows the new words.
  const selection = useRef<{ start: number; end: number } | undefined>(undefined)
  useEffect(() => {
    if (!focused.current) setDraft(value)
  }, [value])
  useLayoutEffect(() => {
    const el = area.current
    const s = selection.current
    if (!el || !s || el.value !== draft) return
    selection.current = undefined
    el.focus()
    el.setSelectionRange(s.start, s.end)
  }, [draft])
  const apply = (edit: WordsEdit) => {
    const el = area.current
    if (!el) return
    const changed = edit(el.value, el.selectionStart, el.selectionEnd)
    selection.current = { start: changed.start, end: changed.end }
    setDraft(changed.text)
    onChange(changed.text, `${session}:words`)
    next()
  }
  const common = {
    label,
    size: 'sm' as const,
    value: draft,
    disabled,
    dir: 'auto' as const,
    onFocus: () => {
      focused.current = true
      next()
    },
    onBlur: () => {
      focused.current = false
      setDraft(value)
    },
    onChange: (e: { target: { value: string } }) => {
      setDraft(e.target.value)
      onChange(e.target.value, session)
    },
  }
  if (!multiline) return <Input {...common} />
  if (!words || disabled) return <Textarea rows={3} {...common} />
  return (
    <div style={{ display: 'grid', gap: 4 }}>
      <Textarea
        ref={area}
        rows={3}
        {...common}
        onKeyDown={(e: KeyboardEvent<HTMLTextAreaElement>) => {
          const edit = emphasisKey(e)
          if (!edit) return
          e.preventDefault()
          apply(edit)
        }}
      />
      <WordTools layer={words} apply={apply} of={label} />
    </div>
  )
}

export interface SelectProps<T extends string> {
  label: string
  value: T
  options: Array<{ value: T; label: string }>
  onChange: (value: T) => void
  disabled?: boolean
}

export function Select<T extends string>({ label, value, options, onChange, disabled }: SelectProps<T>) {
  return (
    <NativeSelect
      label={label}
      size="sm"
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as T)}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </NativeSelect>
  )
}

export function Checkbox({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
}) {
  return <UiCheckbox label={label} checked={checked} onCheckedChange={onChange} disabled={disabled} />
}

export interface ColorInputProps {
  label: string
  /** `#rrggbb` (an alpha suffix is kept aside: the picker has none). */
  value: string
  onChange: (value: string, coalesce: string) => void
  /** Brand colours offered as swatches. */
  palette?: string[]
  paletteLabel: string
  /** Shown under the hex field when what was typed is no colour (in the designer's language). */
  invalidMessage: string
  disabled?: boolean
}

/** A colour: the browser's picker and a hex field, with the brand's colours as one-click swatches. */
export function ColorInput({
  label,
  value,
  onChange,
  palette,
  paletteLabel,
  invalidMessage,
  disabled,
}: ColorInputProps) {
  const [session, next] = useEditSession()
  const alpha = value.slice(7)
  return (
    <ColorPicker
      label={label}
      size="sm"
      value={value.slice(0, 7)}
      palette={palette}
      paletteLabel={paletteLabel}
      invalidHexMessage={invalidMessage}
      disabled={disabled}
      onFocus={next}
      // Each swatch click is an undo step of its own; typing or dragging in one visit is one step.
      onChange={(hex, source) => onChange(hex + alpha, source === 'swatch' ? `${session}:${hex}` : session)}
    />
  )
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} style={{ display: 'grid', gap: 8 }}>
      <h3
        id={id}
        style={{ margin: 0, fontSize: 12, fontWeight: 600, textTransform: 'uppercase', letterSpacing: 0.4 }}
      >
        {title}
      </h3>
      {children}
    </section>
  )
}

/** Two controls side by side. */
export function Row({ children }: { children: ReactNode }) {
  return <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 }}>{children}</div>
}

/** Read by screen readers, not shown. */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const
