import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'

/**
 * The panels' form controls: native inputs (what a keyboard and a screen reader know best), each with its
 * visible label, styled with the shell's theme variables so they follow light and dark.
 */
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
const labelStyle: CSSProperties = {
  display: 'grid',
  gap: 2,
  fontSize: 12,
  color: 'var(--ui-muted-foreground, #52525b)',
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
  const id = useId()
  return (
    <div style={labelStyle}>
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  )
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
    <Field label={label}>
      {(id) => (
        <input
          id={id}
          type="text"
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
          style={inputStyle}
        />
      )}
    </Field>
  )
}

export interface TextInputProps {
  label: string
  value: string
  onChange: (value: string, coalesce: string) => void
  multiline?: boolean
  disabled?: boolean
}

/**
 * A text field: each change goes out as one types (one undo step per visit). What the parent refuses (an
 * empty label) stays as typed until the field loses focus, then shows the value again.
 */
export function TextInput({ label, value, onChange, multiline, disabled }: TextInputProps) {
  const [session, next] = useEditSession()
  const [draft, setDraft] = useState(value)
  const focused = useRef(false)
  useEffect(() => {
    if (!focused.current) setDraft(value)
  }, [value])
  const common = {
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
  return (
    <Field label={label}>
      {(id) =>
        multiline ? (
          <textarea
            id={id}
            rows={3}
            {...common}
            style={{ ...inputStyle, height: 'auto', padding: 8, resize: 'vertical' }}
          />
        ) : (
          <input id={id} type="text" {...common} style={inputStyle} />
        )
      }
    </Field>
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
    <Field label={label}>
      {(id) => (
        <select
          id={id}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value as T)}
          style={inputStyle}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
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
  const id = useId()
  return (
    <div style={{ display: 'flex', gap: 6, alignItems: 'center', fontSize: 13 }}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  )
}

export interface ColorInputProps {
  label: string
  /** `#rrggbb` (an alpha suffix is kept aside: the picker has none). */
  value: string
  onChange: (value: string, coalesce: string) => void
  /** Brand colours offered as swatches. */
  palette?: string[]
  paletteLabel: string
  disabled?: boolean
}

/** A colour: the browser's picker and a hex field, with the brand's colours as one-click swatches. */
export function ColorInput({ label, value, onChange, palette, paletteLabel, disabled }: ColorInputProps) {
  const [session, next] = useEditSession()
  const hex = value.slice(0, 7)
  const alpha = value.slice(7)
  const [draft, setDraft] = useState(hex)
  useEffect(() => setDraft(hex), [hex])
  return (
    <Field label={label}>
      {(id) => (
        <div style={{ display: 'grid', gap: 4 }}>
          <div style={{ display: 'flex', gap: 4 }}>
            <input
              type="color"
              aria-label={label}
              value={hex}
              disabled={disabled}
              onFocus={next}
              onChange={(e) => onChange(e.target.value + alpha, session)}
              style={{ ...inputStyle, width: 36, padding: 2 }}
            />
            <input
              id={id}
              type="text"
              value={draft}
              disabled={disabled}
              spellCheck={false}
              onFocus={next}
              onChange={(e) => {
                setDraft(e.target.value)
                if (/^#[0-9a-fA-F]{6}$/.test(e.target.value))
                  onChange(e.target.value.toLowerCase() + alpha, session)
              }}
              style={{ ...inputStyle, fontFamily: 'ui-monospace, monospace' }}
            />
          </div>
          {palette && palette.length > 0 ? (
            // biome-ignore lint/a11y/useSemanticElements: a labelled set of swatch buttons
            <div
              role="group"
              aria-label={`${label}: ${paletteLabel}`}
              style={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}
            >
              {palette.map((c) => (
                <button
                  key={c}
                  type="button"
                  aria-label={c}
                  aria-pressed={c.toLowerCase() === hex.toLowerCase()}
                  disabled={disabled}
                  onClick={() => onChange(c.toLowerCase() + alpha, `${session}:${c}`)}
                  style={{
                    width: 22,
                    height: 22,
                    borderRadius: 4,
                    background: c,
                    border:
                      c.toLowerCase() === hex.toLowerCase()
                        ? '2px solid var(--ui-ring, #2563eb)'
                        : '1px solid var(--ui-border, #d4d4d8)',
                    cursor: 'pointer',
                  }}
                />
              ))}
            </div>
          ) : null}
        </div>
      )}
    </Field>
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
