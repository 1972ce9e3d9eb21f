import type { DesignerWords } from '../../strings'

/** A text's alignments in its box, named for the menus. */
export const alignOptions = (strings: DesignerWords) => [
  { value: 'start' as const, label: strings.alignStart },
  { value: 'left' as const, label: strings.alignLeft },
  { value: 'center' as const, label: strings.alignCenter },
  { value: 'right' as const, label: strings.alignRight },
  { value: 'end' as const, label: strings.alignEnd },
]

/** A text's vertical alignments in its box, named for the menus. */
export const valignOptions = (strings: DesignerWords) => [
  { value: 'top' as const, label: strings.valignTop },
  { value: 'middle' as const, label: strings.valignMiddle },
  { value: 'bottom' as const, label: strings.valignBottom },
]
