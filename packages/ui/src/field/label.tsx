import * as LabelPrimitive from 'radix-ui/label'
import { type ComponentPropsWithoutRef, type ComponentRef, forwardRef } from 'react'
import { cn } from '../lib'

/** A control's visible name, tied to it with `htmlFor`. Dims with the control when that is disabled. */
export const Label = forwardRef<
  ComponentRef<typeof LabelPrimitive.Root>,
  ComponentPropsWithoutRef<typeof LabelPrimitive.Root>
>(function Label({ className, ...props }, ref) {
  return (
    <LabelPrimitive.Root
      ref={ref}
      data-slot="label"
      className={cn(
        'text-sm font-medium leading-snug text-foreground select-none',
        'group-data-[disabled]/field:cursor-default group-data-[disabled]/field:opacity-50',
        className,
      )}
      {...props}
    />
  )
})
