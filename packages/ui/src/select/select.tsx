import * as SelectPrimitive from 'radix-ui/select'
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode } from 'react'
import { Field, type FieldMessages } from '../field/field'
import { CheckIcon, ChevronDownIcon } from '../icons/icons'
import { inputVariants } from '../input/input'
import { cn } from '../lib'

export interface SelectOption<T extends string = string> {
  value: T
  label: ReactNode
  disabled?: boolean
}

export interface SelectProps<T extends string = string> extends FieldMessages {
  label: ReactNode
  options: ReadonlyArray<SelectOption<T>>
  value?: T
  defaultValue?: T
  onValueChange?: (value: T) => void
  /** Shown while nothing is chosen. */
  placeholder?: ReactNode
  disabled?: boolean
  required?: boolean
  /** Submitted with a form under this name. */
  name?: string
  size?: 'default' | 'sm'
  className?: string
}

/**
 * A choice from a list, drawn by the shell: a `combobox` button opening a listbox. Keyboard: Enter, Space
 * or the arrows open it, arrows and typing move, Enter chooses, Escape closes. Right to left with the
 * page's direction (`DirectionProvider`).
 */
export function Select<T extends string = string>({
  label,
  options,
  value,
  defaultValue,
  onValueChange,
  placeholder,
  disabled,
  required,
  name,
  size,
  className,
  error,
  hint,
}: SelectProps<T>) {
  return (
    <Field label={label} error={error} hint={hint} disabled={disabled}>
      {(control) => (
        <SelectPrimitive.Root
          value={value}
          defaultValue={defaultValue}
          // Radix types the value as a string; the options are the only values it can give back.
          onValueChange={onValueChange as ((value: string) => void) | undefined}
          disabled={disabled}
          required={required}
          name={name}
        >
          <SelectPrimitive.Trigger
            data-slot="select-trigger"
            {...control}
            className={cn(
              inputVariants({ size }),
              'flex items-center justify-between gap-2 text-start data-[placeholder]:text-muted-foreground',
              className,
            )}
          >
            <span className="min-w-0 truncate">
              <SelectPrimitive.Value placeholder={placeholder} />
            </span>
            <SelectPrimitive.Icon asChild>
              <ChevronDownIcon className="size-4 shrink-0 opacity-60" />
            </SelectPrimitive.Icon>
          </SelectPrimitive.Trigger>
          <SelectPrimitive.Portal>
            <SelectPrimitive.Content
              data-slot="select-content"
              position="popper"
              sideOffset={4}
              className={cn(
                'z-50 max-h-(--radix-select-content-available-height) min-w-(--radix-select-trigger-width)',
                'overflow-hidden rounded-lg border border-border bg-popover p-1 text-popover-foreground',
                'shadow-popover data-[state=open]:animate-ui-pop-in',
              )}
            >
              <SelectPrimitive.Viewport>
                {options.map((option) => (
                  <SelectPrimitive.Item
                    key={option.value}
                    value={option.value}
                    disabled={option.disabled}
                    data-slot="select-item"
                    className={cn(
                      'relative flex min-h-8 w-full cursor-default items-center rounded-md py-1.5 ps-8 pe-2',
                      'text-sm outline-none select-none data-[highlighted]:bg-accent',
                      'data-[highlighted]:text-accent-foreground data-[disabled]:opacity-50',
                    )}
                  >
                    <span className="absolute start-2 flex size-4 items-center justify-center">
                      <SelectPrimitive.ItemIndicator>
                        <CheckIcon className="size-4" />
                      </SelectPrimitive.ItemIndicator>
                    </span>
                    <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                  </SelectPrimitive.Item>
                ))}
              </SelectPrimitive.Viewport>
            </SelectPrimitive.Content>
          </SelectPrimitive.Portal>
        </SelectPrimitive.Root>
      )}
    </Field>
  )
}

export interface NativeSelectProps
  extends Omit<ComponentPropsWithoutRef<'select'>, 'id' | 'size'>,
    FieldMessages {
  label: ReactNode
  size?: 'default' | 'sm'
}

/**
 * The browser's own `<select>` in the shell's box, with its label and messages: for long lists on phones
 * (the system picker), for forms read without script, and where tests drive a native select.
 */
export const NativeSelect = forwardRef<HTMLSelectElement, NativeSelectProps>(function NativeSelect(
  { label, error, hint, size, className, children, ...props },
  ref,
) {
  return (
    <Field label={label} error={error} hint={hint} disabled={props.disabled}>
      {(control) => (
        <div className="relative min-w-0">
          <select
            ref={ref}
            data-slot="native-select"
            {...props}
            {...control}
            className={cn(inputVariants({ size, endIcon: true }), 'appearance-none', className)}
          >
            {children}
          </select>
          <ChevronDownIcon className="pointer-events-none absolute end-2.5 top-1/2 size-4 -translate-y-1/2 opacity-60" />
        </div>
      )}
    </Field>
  )
})
