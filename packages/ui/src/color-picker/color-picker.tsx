import { type FocusEventHandler, type ReactNode, useEffect, useState } from 'react'
import { Field, type FieldMessages } from '../field/field'
import { inputVariants } from '../input/input'
import { cn } from '../lib'

const HEX_COLOUR = /^#[0-9a-f]{6}$/i

/** Whether `text` is a colour the picker takes: `#rrggbb`. */
export function isHexColour(text: string): boolean {
  return HEX_COLOUR.test(text)
}

/** A palette colour; a bare `#rrggbb` is named by its code. */
export interface ColorSwatch {
  value: string
  name: string
}

/** Where a change came from: the browser's picker, the typed code or a swatch. */
export type ColorChangeSource = 'picker' | 'text' | 'swatch'

export interface ColorPickerProps extends FieldMessages {
  /** Names the code field (the visible label), the browser's picker and the palette. */
  label: string
  /** `#rrggbb`. */
  value: string
  /** With the colour in lower case, `#rrggbb`. */
  onChange: (value: string, source: ColorChangeSource) => void
  palette?: ReadonlyArray<string | ColorSwatch>
  /** The swatches' group is named "<label>: <paletteLabel>". */
  paletteLabel?: string
  /** Shown, and read with the code field, while the typed code is not a colour. */
  invalidHexMessage?: ReactNode
  /** When the picker or the code field gains focus (an editor starts one undo step there). */
  onFocus?: FocusEventHandler<HTMLInputElement>
  disabled?: boolean
  size?: 'default' | 'sm'
  className?: string
}

const swatchOf = (entry: string | ColorSwatch): ColorSwatch =>
  typeof entry === 'string' ? { value: entry, name: entry } : entry

/**
 * A colour three ways: the browser's picker, its `#rrggbb` code typed in (a code that is not one is kept as
 * typed, not applied, and said so once the field is left), and optional palette swatches.
 */
export function ColorPicker({
  label,
  value,
  onChange,
  palette,
  paletteLabel = 'Palette',
  invalidHexMessage = 'Enter a colour as # and six hex digits, such as #1d4ed8.',
  onFocus,
  disabled,
  size,
  className,
  error,
  hint,
}: ColorPickerProps) {
  const [draft, setDraft] = useState(value)
  const [left, setLeft] = useState(false)
  useEffect(() => {
    setDraft(value)
    setLeft(false)
  }, [value])
  const refused = left && !isHexColour(draft)
  const current = value.toLowerCase()
  return (
    <Field
      label={label}
      error={refused ? invalidHexMessage : error}
      hint={hint}
      disabled={disabled}
      className={className}
    >
      {(control) => (
        <div className="grid gap-2">
          <div className="flex min-w-0 gap-2">
            <input
              type="color"
              data-slot="color-picker-swatch-input"
              aria-label={label}
              value={isHexColour(value) ? current : '#000000'}
              disabled={disabled}
              onFocus={onFocus}
              onChange={(event) => onChange(event.target.value.toLowerCase(), 'picker')}
              className={cn(
                'shrink-0 cursor-pointer rounded-md border border-input bg-background p-1 shadow-xs outline-none',
                'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
                'disabled:cursor-not-allowed disabled:opacity-50',
                size === 'sm' ? 'h-8 w-9' : 'h-9 w-10',
              )}
            />
            <input
              type="text"
              data-slot="color-picker-code"
              value={draft}
              disabled={disabled}
              spellCheck={false}
              autoComplete="off"
              // A code reads left to right whatever the page's direction.
              dir="ltr"
              onFocus={onFocus}
              onBlur={() => setLeft(true)}
              onChange={(event) => {
                const text = event.target.value
                setDraft(text)
                if (isHexColour(text)) onChange(text.toLowerCase(), 'text')
              }}
              {...control}
              className={cn(inputVariants({ size }), 'font-mono rtl:text-end')}
            />
          </div>
          {palette && palette.length > 0 ? (
            // biome-ignore lint/a11y/useSemanticElements: a named set of swatch buttons, not a form's fieldset
            <div role="group" aria-label={`${label}: ${paletteLabel}`} className="flex flex-wrap gap-1.5">
              {palette.map(swatchOf).map((swatch) => {
                const chosen = swatch.value.toLowerCase() === current
                return (
                  <button
                    key={swatch.value}
                    type="button"
                    data-slot="color-picker-palette-swatch"
                    aria-label={swatch.name}
                    aria-pressed={chosen}
                    disabled={disabled}
                    onClick={() => onChange(swatch.value.toLowerCase(), 'swatch')}
                    style={{ background: swatch.value }}
                    className={cn(
                      'size-6 rounded-sm border border-border shadow-xs outline-none',
                      'focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50',
                      chosen && 'ring-2 ring-ring ring-offset-1 ring-offset-background',
                    )}
                  />
                )
              })}
            </div>
          ) : null}
        </div>
      )}
    </Field>
  )
}
