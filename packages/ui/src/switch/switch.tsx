import * as SwitchPrimitive from 'radix-ui/switch'
import { forwardRef, type ReactNode } from 'react'
import { FieldMessageList, type FieldMessages, useFieldIds } from '../field/field'
import { Label } from '../field/label'
import { cn } from '../lib'

export interface SwitchProps extends Omit<FieldMessages, 'error'> {
  label: ReactNode
  checked?: boolean
  defaultChecked?: boolean
  onCheckedChange?: (checked: boolean) => void
  disabled?: boolean
  /** Submitted with a form under this name (as `on` while on, or `value`). */
  name?: string
  value?: string
  className?: string
}

/**
 * A setting that is on or off and takes effect at once (a checkbox is for a choice sent with a form): its label
 * and hint, then the switch at the row's end. Role `switch`; Space and Enter toggle it, as a click on the label does.
 */
export const Switch = forwardRef<HTMLButtonElement, SwitchProps>(function Switch(
  { label, hint, onCheckedChange, disabled, className, ...props },
  ref,
) {
  const { id, hintId, control } = useFieldIds({ hint })
  return (
    <div
      data-slot="switch-field"
      data-disabled={disabled ? '' : undefined}
      className={cn('group/field flex min-w-0 items-start justify-between gap-4', className)}
    >
      <div className="grid min-w-0 gap-1">
        <Label htmlFor={id} className="leading-snug">
          {label}
        </Label>
        <FieldMessageList hint={hint} hintId={hintId} />
      </div>
      <SwitchPrimitive.Root
        ref={ref}
        data-slot="switch"
        disabled={disabled}
        onCheckedChange={onCheckedChange}
        {...props}
        {...control}
        className={cn(
          // The touch target is 44 px tall around the 24 px track.
          'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent',
          // Its track is told from the page at 3:1 either way (WCAG 1.4.11), not only by its colour.
          'bg-muted-foreground/55 outline-none transition-colors before:absolute before:-inset-y-2.5 before:inset-x-0',
          'focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=checked]:bg-primary',
          'disabled:cursor-not-allowed disabled:opacity-50',
        )}
      >
        <SwitchPrimitive.Thumb
          data-slot="switch-thumb"
          className={cn(
            'pointer-events-none block size-5 rounded-full bg-background shadow-sm ring-0 transition-transform',
            'data-[state=checked]:translate-x-5 rtl:data-[state=checked]:-translate-x-5',
          )}
        />
      </SwitchPrimitive.Root>
    </div>
  )
})
