import type { Layer } from '@templet/template'
import type { ReactNode } from 'react'

/**
 * One control of a kind's properties section, as data: the generic property form draws it with the panel's
 * inputs, disables it when the designer is read-only, and shows a colour bound to a field as that field.
 */
export type PropertyControl =
  | {
      control: 'number'
      label: string
      value: number | undefined
      min?: number
      max?: number
      step?: number
      placeholder?: string
      set(value: number, coalesce: string): void
    }
  | {
      control: 'text'
      label: string
      value: string
      multiline?: boolean
      /** The text layer whose words these are: the word tools (colour, bold, italics) act on the selection. */
      words?: Layer
      set(value: string, coalesce: string): void
    }
  | {
      control: 'select'
      label: string
      value: string
      options: Array<{ value: string; label: string }>
      set(value: string): void
    }
  | { control: 'checkbox'; label: string; checked: boolean; disabled?: boolean; set(checked: boolean): void }
  /** A colour: a picker, or the field it is bound to (`value` is then not a string). */
  | { control: 'colour'; label: string; value: unknown; set(hex: string, coalesce: string): void }
  | { control: 'row'; controls: PropertyControl[] }
  | { control: 'note'; text: string; slot?: string }
  /** What no plain control is (a size's own settings), drawn as it is. */
  | { control: 'custom'; key: string; node: ReactNode }

/** The control when `show`, else none: for a kind's list of controls. */
export const when = (show: boolean, ...controls: PropertyControl[]): PropertyControl[] =>
  show ? controls : []
