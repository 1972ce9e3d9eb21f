/** One problem with one value: the field's key, a code the caller can tell apart, and what it needs to say why. */
export interface ValueIssue {
  /** The field's key. */
  path: string
  code:
    | 'unknown_field'
    | 'too_short'
    | 'too_long'
    | 'not_single_line'
    | 'unsupported_characters'
    | 'invalid_color'
    | 'invalid_choice'
    | 'required'
    | 'invalid_focus'
    /** A language declared for a field whose value is no text. */
    | 'not_text_field'
  params?: Record<string, unknown>
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })
/** Length as a person counts it: one per visible character, so an emoji or a combined accent counts once. */
export const textLength = (s: string) => {
  let n = 0
  for (const _ of graphemes.segment(s)) n++
  return n
}
