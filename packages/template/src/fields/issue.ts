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

export { textLength } from '../segments'
