import * as SliderPrimitive from 'radix-ui/slider'
import { type ReactNode, useState } from 'react'
import { Field, type FieldMessages } from '../field/field'
import { cn } from '../lib'

export interface SliderProps extends FieldMessages {
  label: ReactNode
  value?: number
  defaultValue?: number
  /** Each step of a drag or key press. */
  onValueChange?: (value: number) => void
  /** Once the drag or key press ends: the place to save. */
  onValueCommit?: (value: number) => void
  min?: number
  max?: number
  step?: number
  disabled?: boolean
  /** The value as shown beside the label and read by screen readers ("40 %"); the number by default. */
  formatValue?: (value: number) => string
  name?: string
  className?: string
}

/**
 * A number chosen on a track, its value shown at the end of the label's line. Arrow keys move it one step
 * (Page Up/Down ten, Home/End to the ends), the other way round right to left.
 */
export function Slider({
  label,
  value,
  defaultValue,
  onValueChange,
  onValueCommit,
  min = 0,
  max = 100,
  step = 1,
  disabled,
  formatValue = String,
  name,
  className,
  error,
  hint,
}: SliderProps) {
  // Kept here too so an uncontrolled slider can still show its value.
  const [uncontrolled, setUncontrolled] = useState(defaultValue ?? min)
  const current = value ?? uncontrolled
  const text = formatValue(current)
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      disabled={disabled}
      className={className}
      aside={
        <span data-slot="slider-value" className="text-sm tabular-nums text-muted-foreground">
          {text}
        </span>
      }
    >
      {({ id, ...control }, labelId) => (
        <SliderPrimitive.Root
          data-slot="slider"
          value={[current]}
          onValueChange={([next]) => {
            if (next === undefined) return
            setUncontrolled(next)
            onValueChange?.(next)
          }}
          onValueCommit={([next]) => {
            if (next !== undefined) onValueCommit?.(next)
          }}
          min={min}
          max={max}
          step={step}
          disabled={disabled}
          name={name}
          className="relative flex h-5 w-full touch-none items-center select-none data-[disabled]:opacity-50"
        >
          <SliderPrimitive.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-muted">
            <SliderPrimitive.Range className="absolute h-full bg-primary" />
          </SliderPrimitive.Track>
          <SliderPrimitive.Thumb
            id={id}
            aria-labelledby={labelId}
            aria-valuetext={text}
            {...control}
            className={cn(
              'block size-4 rounded-full border-2 border-primary bg-background shadow-sm outline-none',
              'transition-[box-shadow] focus-visible:ring-[3px] focus-visible:ring-ring/50',
              'aria-invalid:border-destructive data-[disabled]:cursor-not-allowed',
            )}
          />
        </SliderPrimitive.Root>
      )}
    </Field>
  )
}
