import * as CheckboxPrimitive from 'radix-ui/checkbox'
import { forwardRef, type ReactNode } from 'react'
import { FieldMessageList, type FieldMessages, useFieldIds } from '../field/field'
import { Label } from '../field/label'
import { CheckIcon } from '../icons/icons'
import { cn } from '../lib'

export interface CheckboxProps extends FieldMessages {
  label: ReactNode
  checked?: boolean
  defaultChecked?: boolean
  onCheckedChange?: (checked: boolean) => void
  disabled?: boolean
  required?: boolean
  /** Submitted with a form under this name (as `on` while checked, or `value`). */
  name?: string
  value?: string
  className?: string
}

/** A yes/no choice: the box, then its label (clicking either toggles it), then its hint and error. */
export const Checkbox = forwardRef<HTMLButtonElement, CheckboxProps>(function Checkbox(
  { label, error, hint, onCheckedChange, disabled, className, ...props },
  ref,
) {
  const { id, hintId, errorId, control } = useFieldIds({ error, hint })
  return (
    <div
      data-slot="checkbox-field"
      data-disabled={disabled ? '' : undefined}
      className={cn('group/field grid min-w-0 gap-1', className)}
    >
      <div className="flex min-w-0 items-center gap-2">
        <CheckboxPrimitive.Root
          ref={ref}
          data-slot="checkbox"
          disabled={disabled}
          // Radix also reports "indeterminate", which this box never is.
          onCheckedChange={(checked) => onCheckedChange?.(checked === true)}
          {...props}
          {...control}
          className={cn(
            'inline-flex size-4 shrink-0 items-center justify-center rounded-[4px] border border-input',
            'bg-background shadow-xs outline-none transition-[background-color,border-color,box-shadow]',
            'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
            'data-[state=checked]:border-primary data-[state=checked]:bg-primary',
            'data-[state=checked]:text-primary-foreground disabled:cursor-not-allowed disabled:opacity-50',
            'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/30',
          )}
        >
          <CheckboxPrimitive.Indicator className="flex items-center justify-center">
            <CheckIcon className="size-3.5" strokeWidth={3} />
          </CheckboxPrimitive.Indicator>
        </CheckboxPrimitive.Root>
        <Label htmlFor={id} className="font-normal">
          {label}
        </Label>
      </div>
      <FieldMessageList hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  )
})
