import { type ReactNode, useId } from 'react'
import { cn } from '../lib'
import { Label } from './label'

/** What a field gives its control: the id its label points at, and its invalid state and description. */
export interface FieldControlProps {
  id: string
  'aria-invalid'?: true
  'aria-describedby'?: string
}

export interface FieldMessages {
  /** Shown under the control and read with it; the control is marked invalid while it is set. */
  error?: ReactNode
  /** A note under the control, read with it. */
  hint?: ReactNode
}

/**
 * The ids that tie a label, a control and its messages together. Keys are left out rather than set to
 * `undefined`, so the control props spread over an app's own `aria-invalid` only when there is an error.
 */
export function useFieldIds({ error, hint }: FieldMessages) {
  const id = useId()
  const labelId = `${id}-label`
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ')
  const control: FieldControlProps = { id }
  if (error) control['aria-invalid'] = true
  if (describedBy) control['aria-describedby'] = describedBy
  return { id, labelId, hintId, errorId, control }
}

/** The hint and the error under a control, with the ids `useFieldIds` gave them. */
export function FieldMessageList({
  hint,
  error,
  hintId,
  errorId,
}: FieldMessages & { hintId?: string; errorId?: string }) {
  return (
    <>
      {hint ? (
        <p id={hintId} data-slot="field-hint" className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} data-slot="field-error" className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </>
  )
}

export interface FieldProps extends FieldMessages {
  label: ReactNode
  /** Shown at the end of the label's line (a slider's value, a counter). */
  aside?: ReactNode
  disabled?: boolean
  className?: string
  /** Draws the control, given the props that tie it to the label and messages (and the label's id). */
  children: (control: FieldControlProps, labelId: string) => ReactNode
}

/**
 * A labelled control: its label above it, then its hint and error. The parts of this package draw their
 * fields with it; an app wraps a control of its own the same way.
 */
export function Field({ label, aside, error, hint, disabled, className, children }: FieldProps) {
  const { id, labelId, hintId, errorId, control } = useFieldIds({ error, hint })
  return (
    <div
      data-slot="field"
      data-disabled={disabled ? '' : undefined}
      className={cn('group/field grid min-w-0 gap-1.5', className)}
    >
      <div className="flex min-w-0 items-baseline justify-between gap-2">
        <Label id={labelId} htmlFor={id}>
          {label}
        </Label>
        {aside}
      </div>
      {children(control, labelId)}
      <FieldMessageList hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  )
}
