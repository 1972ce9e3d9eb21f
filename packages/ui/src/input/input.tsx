import { cva, type VariantProps } from 'class-variance-authority'
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode } from 'react'
import { Field, type FieldMessages } from '../field/field'
import { cn } from '../lib'

/** The box of every typed-in control (text, multiline, native select, select trigger, hex field). */
export const inputVariants = cva(
  [
    'w-full min-w-0 rounded-md border border-input bg-background text-foreground shadow-xs outline-none',
    'transition-[border-color,box-shadow] placeholder:text-muted-foreground',
    'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
    'disabled:cursor-not-allowed disabled:opacity-50 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50',
    'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/30',
  ],
  {
    // Each property is set by one variant only: two classes for one property would be ordered by the
    // stylesheet, not by the variant.
    variants: {
      size: {
        default: 'ps-3 text-sm',
        /** Dense panels (an editor's property sheet). */
        sm: 'ps-2 text-[13px]',
      },
      /** One line, or a box of several (a textarea). */
      multiline: { false: '', true: 'min-h-16 resize-y py-2' },
      /** Room at the end for an icon drawn over the field (a native select's chevron). */
      endIcon: { false: '', true: 'pe-8' },
    },
    compoundVariants: [
      { multiline: false, size: 'default', class: 'h-9' },
      { multiline: false, size: 'sm', class: 'h-8' },
      { endIcon: false, size: 'default', class: 'pe-3' },
      { endIcon: false, size: 'sm', class: 'pe-2' },
    ],
    defaultVariants: { size: 'default', multiline: false, endIcon: false },
  },
)

type InputSize = VariantProps<typeof inputVariants>['size']

export interface InputProps extends Omit<ComponentPropsWithoutRef<'input'>, 'id' | 'size'>, FieldMessages {
  label: ReactNode
  size?: InputSize
}

/** A one-line text field with its label, hint and error. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { label, error, hint, size, className, type = 'text', ...props },
  ref,
) {
  return (
    <Field label={label} error={error} hint={hint} disabled={props.disabled}>
      {(control) => (
        <input
          ref={ref}
          data-slot="input"
          type={type}
          {...props}
          {...control}
          className={cn(inputVariants({ size }), className)}
        />
      )}
    </Field>
  )
})

export interface TextareaProps extends Omit<ComponentPropsWithoutRef<'textarea'>, 'id'>, FieldMessages {
  label: ReactNode
  size?: InputSize
}

/** A multiline text field with its label, hint and error; it grows with the user's drag, not sideways. */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { label, error, hint, size, className, rows = 3, ...props },
  ref,
) {
  return (
    <Field label={label} error={error} hint={hint} disabled={props.disabled}>
      {(control) => (
        <textarea
          ref={ref}
          data-slot="textarea"
          rows={rows}
          {...props}
          {...control}
          className={cn(inputVariants({ size, multiline: true }), className)}
        />
      )}
    </Field>
  )
})
