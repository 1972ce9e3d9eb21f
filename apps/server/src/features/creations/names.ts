import { creationName } from '@templet/api/contract'
import { CREATION_NAME_MAX_LENGTH } from '@templet/api/limits'

/**
 * The name a creation gets when none is given: the first text the customer typed (on one line, cut to the
 * limit), so "Sunset sale" is found and told apart from the template's other creations; the template's name when
 * nothing was typed or the text is no valid name (only symbols that draw nothing, say).
 */
export function defaultCreationName(typed: readonly string[], templateName: string): string {
  const first = typed[0]?.replace(/\s+/g, ' ').trim()
  if (first) {
    const cut = [...first].slice(0, CREATION_NAME_MAX_LENGTH).join('').trim()
    const parsed = creationName.safeParse(cut)
    if (parsed.success) return parsed.data
  }
  return templateName
}
