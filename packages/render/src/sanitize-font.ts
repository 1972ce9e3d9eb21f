import { createRequire } from 'node:module'
import { FontFileError, type FontFileFacts, inspectFont } from './brand-fonts'
import { checkFontLimits } from './font-limits'

const require = createRequire(import.meta.url)

/**
 * Names kept in a sanitised file: copyright, family, subfamily, unique and full name, version, PostScript name
 * and the typographic family and subfamily (a browser's FontFace and Skia read only these; the rest is prose).
 */
const NAME_IDS = [0, 1, 2, 3, 4, 5, 6, 16, 17]

/** A font file as it is stored: re-encoded from what the upload maps, with what the file says of itself. */
export interface SanitizedFont {
  facts: FontFileFacts
  data: Uint8Array
}

/**
 * Makes an uploaded font file safe to keep and draw. Its headers are checked against the font limits before
 * anything parses it (a FontLimitError), it is parsed for its family, weight and style (a FontFileError),
 * and it is then written anew by HarfBuzz's subsetter (subset-font) as a plain TrueType or OpenType file of
 * every character it maps, their glyphs and the layout rules that reach them: tables HarfBuzz does not
 * understand, glyphs nothing reaches, and any data hidden between tables are not carried over, and a file
 * HarfBuzz's sanitiser refuses is refused. The result is read once more, so what is stored is known to parse.
 *
 * Costly for a large face (0.45 s for a 10 MB CJK face): the server runs it in a render thread, under its
 * time and memory limits.
 */
export async function sanitizeFont(bytes: Uint8Array): Promise<SanitizedFont> {
  checkFontLimits(bytes)
  const facts = inspectFont(bytes)
  // Loaded with the first upload, not when a server starts (it brings HarfBuzz's WebAssembly).
  const subsetFont = require('subset-font') as typeof import('subset-font').default
  let data: Uint8Array
  try {
    data = await subsetFont(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), undefined, {
      keepAllGlyphs: true,
      targetFormat: 'truetype',
      preserveNameIds: NAME_IDS,
    })
  } catch (e) {
    throw new FontFileError(
      'unreadable',
      `the ${facts.format.toUpperCase()} font could not be rewritten: ${e instanceof Error ? e.message : String(e)}`,
    )
  }
  const written = inspectFont(data)
  if (written.characters < facts.characters)
    throw new FontFileError(
      'unreadable',
      `the font maps ${facts.characters} characters but only ${written.characters} of them could be kept`,
    )
  return { facts: { ...facts, format: written.format, characters: written.characters }, data }
}
