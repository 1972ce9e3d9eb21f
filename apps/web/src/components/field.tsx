import { Eye, EyeOff } from 'lucide-react'
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { cx } from './cx'

interface FieldProps extends Omit<ComponentPropsWithoutRef<'input'>, 'id'> {
  label: ReactNode
  /** The validation or server message shown beside the field. */
  error?: string | undefined
  hint?: ReactNode
  /** Shown inside the input at its end (a card's brand). */
  end?: ReactNode
}

const inputClass =
  'block h-11 w-full rounded-md border bg-background px-3 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring aria-[invalid=true]:border-destructive'

/** What the input inside a field needs to be named by its label and described by its hint or error. */
interface FieldA11y {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

/** The label above, the hint or the error below, and the ids that tie them to the input. */
function FieldFrame({
  label,
  error,
  hint,
  className,
  children,
}: Pick<FieldProps, 'label' | 'error' | 'hint' | 'className'> & {
  children: (a11y: FieldA11y) => ReactNode
}) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && !error ? (
        <p id={hintId} className="mt-1.5 text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** A labelled input; its error is announced (aria-invalid, aria-describedby) and shown below it. */
export const TextField = forwardRef<HTMLInputElement, FieldProps>(function TextField(
  { label, error, hint, end, className, ...props },
  ref,
) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(a11y) =>
        end ? (
          <div className="relative">
            <input ref={ref} {...a11y} className={cx(inputClass, 'border-input pe-28')} {...props} />
            <span className="pointer-events-none absolute inset-y-0 end-3 flex items-center">{end}</span>
          </div>
        ) : (
          <input ref={ref} {...a11y} className={cx(inputClass, 'border-input')} {...props} />
        )
      }
    </FieldFrame>
  )
})

/** An email input with the attributes password managers and phone keyboards expect. */
export const EmailField = forwardRef<HTMLInputElement, FieldProps>(function EmailField(props, ref) {
  return (
    <TextField
      ref={ref}
      name="email"
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      required
      {...props}
    />
  )
})

/** A password input with a show/hide toggle (a real button with a name and `aria-pressed`). */
export const PasswordField = forwardRef<HTMLInputElement, FieldProps>(function PasswordField(
  { label, error, hint, className, ...props },
  ref,
) {
  const { t } = useTranslation()
  const [visible, setVisible] = useState(false)
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(a11y) => (
        <div className="relative">
          <input
            ref={ref}
            {...a11y}
            type={visible ? 'text' : 'password'}
            className={cx(inputClass, 'border-input pe-12')}
            {...props}
          />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-pressed={visible}
            aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
            className="absolute inset-y-0 end-0 grid w-11 place-items-center rounded-e-md text-muted-foreground hover:text-foreground"
          >
            {visible ? (
              <EyeOff aria-hidden="true" className="size-5" />
            ) : (
              <Eye aria-hidden="true" className="size-5" />
            )}
          </button>
        </div>
      )}
    </FieldFrame>
  )
})
