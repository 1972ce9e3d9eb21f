import {
  type Template,
  type ValueIssue,
  type Values,
  validateValues as validateWith,
} from '@templet/template'
import { uncoveredCharacters } from './coverage'

/**
 * validateValues of the model, with the characters checked against the fonts this renderer ships: a value
 * with a character no face of its layer's family can draw is refused before it is drawn without it.
 * `languages` (field key -> BCP 47) are the values' declared languages, whose Han forms are checked.
 */
export const validateValues = (
  t: Template,
  values: Values,
  languages: Readonly<Record<string, string>> = {},
): ValueIssue[] => validateWith(t, values, { uncoveredCharacters }, languages)
