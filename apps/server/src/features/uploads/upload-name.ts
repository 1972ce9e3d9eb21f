import { HIDDEN_CONTROL } from '@templet/api/contract'

/** The longest name an upload keeps, in characters: a file's name, not a description. */
export const UPLOAD_NAME_MAX_LENGTH = 200

const HIDDEN_CONTROLS = new RegExp(HIDDEN_CONTROL.source, 'g')

/**
 * The name an upload is stored under, from a file's name or a URL's last segment: in NFC (a Mac's file chooser
 * may give decomposed accents, a spreadsheet cell composed ones, and a cell must match), control and
 * text-direction characters left out (the name is shown and typed back), trimmed, at most
 * {@link UPLOAD_NAME_MAX_LENGTH} characters (a surrogate pair is never cut). Null when nothing is left.
 */
export function uploadName(raw: string | undefined): string | null {
  const name = Array.from(cellName(raw?.replace(HIDDEN_CONTROLS, '') ?? ''))
    .slice(0, UPLOAD_NAME_MAX_LENGTH)
    .join('')
    .trim()
  return name === '' ? null : name
}

/** A name as a cell gives it, for the lookup: as names are stored, NFC and trimmed. */
export const cellName = (cell: string) => cell.normalize('NFC').trim()

/** The name of an image fetched from `url`: its path's last segment, decoded (`a%20b.png` is `a b.png`). */
export function urlName(url: string): string | null {
  let segment: string
  try {
    segment = new URL(url).pathname.split('/').pop() ?? ''
  } catch {
    return null
  }
  try {
    return uploadName(decodeURIComponent(segment))
  } catch {
    // A malformed escape: the segment as written is still the name the customer sees in the URL.
    return uploadName(segment)
  }
}
