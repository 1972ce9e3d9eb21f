import { createRequire } from 'node:module'
import { GlobalFonts } from '@napi-rs/canvas'
import { type BrandFamily, brandFace } from '@templet/template'
import type * as Fontkit from 'fontkit'
import { withFigureGlyphsMapped } from './mapped-glyphs'

const require = createRequire(import.meta.url)

export const FONT_FORMATS = ['ttf', 'otf', 'woff2'] as const
export type FontFormat = (typeof FONT_FORMATS)[number]

/** What a font file says of itself, read by parsing it. */
export interface FontFileFacts {
  format: FontFormat
  /** The family's name as the file gives it (the typographic family when it has one). */
  family: string
  /** 100–900, from the OS/2 table. */
  weight: number
  style: 'normal' | 'italic'
  /** How many characters it maps to a glyph. */
  characters: number
}

export type FontFileErrorCode = 'unknown_format' | 'unreadable' | 'no_family' | 'no_characters'

/** A file that is not a font this product takes; `message` says why, for the customer. */
export class FontFileError extends Error {
  override name = 'FontFileError'
  constructor(
    readonly code: FontFileErrorCode,
    message: string,
  ) {
    super(message)
  }
}

/** The container by its first bytes: TrueType (`00010000`, `true`), OpenType CFF (`OTTO`), WOFF2 (`wOF2`). */
function formatOf(bytes: Uint8Array): FontFormat | undefined {
  const tag = String.fromCharCode(...bytes.subarray(0, 4))
  if (tag === 'OTTO') return 'otf'
  if (tag === 'wOF2') return 'woff2'
  if (tag === 'true' || (bytes[0] === 0 && bytes[1] === 1 && bytes[2] === 0 && bytes[3] === 0)) return 'ttf'
  return undefined
}

/**
 * Reads a TTF, OTF or WOFF2 file with fontkit (loaded on the first upload, not when a server starts) and
 * returns its family, weight and style; throws a FontFileError naming what is wrong. Every table drawing
 * needs is read here (names, OS/2, the character map, the glyphs of a sample), so a file that parses is one
 * Skia and a browser can draw.
 */
export function inspectFont(bytes: Uint8Array): FontFileFacts {
  const format = formatOf(bytes)
  if (!format)
    throw new FontFileError(
      'unknown_format',
      'the file is not a TTF, OTF or WOFF2 font (its first bytes say so)',
    )
  const fontkit = require('fontkit') as typeof Fontkit
  let font: Fontkit.Font
  let characters: number[]
  try {
    const parsed = fontkit.create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
    if (!('characterSet' in parsed)) throw new Error('a font collection, not one font')
    font = parsed as Fontkit.Font
    characters = font.characterSet
    // Lays out a few glyphs: a cut or corrupt file fails here rather than in a render.
    for (const cp of characters.slice(0, 32)) font.glyphForCodePoint(cp).path
  } catch (e) {
    throw new FontFileError(
      'unreadable',
      `the ${format.toUpperCase()} font could not be read: ${e instanceof Error ? e.message : String(e)}`,
    )
  }
  const names = font as unknown as { getName?: (key: string) => string | null }
  const family = (names.getName?.('preferredFamily') ?? font.familyName ?? '').trim()
  if (!family) throw new FontFileError('no_family', 'the font names no family')
  if (characters.length === 0)
    throw new FontFileError('no_characters', 'the font maps no character to a glyph')
  const os2 = (
    font as unknown as { 'OS/2'?: { usWeightClass?: number; fsSelection?: { italic?: boolean } } }
  )['OS/2']
  const weight = Math.min(900, Math.max(100, Math.round((os2?.usWeightClass ?? 400) / 100) * 100))
  const italic = Boolean(os2?.fsSelection?.italic) || font.italicAngle !== 0
  return {
    format,
    family: family.slice(0, 80),
    weight,
    style: italic ? 'italic' : 'normal',
    characters: characters.length,
  }
}

/** One file of a customer's brand family, as a render receives it. */
export interface BrandFontFile {
  /** The file's id: a file is registered with Skia once per process. */
  id: number | string
  family: BrandFamily
  data: Uint8Array
}

const registered = new Set<string>()
const coverage = new Map<string, Set<number>>()
/**
 * The files each brand face was last handed, by id, for its copies with the figures' glyphs mapped: held weakly, as
 * a copy is made while the render that handed them draws, and their bytes are not kept after it (Skia holds its
 * own of each file registered).
 */
const handed = new Map<string, Map<number | string, WeakRef<BrandFontFile>>>()

/**
 * Registers brand font files with Skia under their family's face (`brandFace`), once per file, and notes
 * what each face can draw. The server hands a render only the files of its template's owner, and a
 * document can only name its owner's families (checked on save; others draw in sans), so a face registered
 * for one customer is never drawn for another.
 */
export function registerBrandFonts(files: readonly BrandFontFile[]) {
  for (const file of files) {
    const key = `${file.family}/${file.id}`
    const face = brandFace(file.family)
    const files = handed.get(face) ?? new Map<number | string, WeakRef<BrandFontFile>>()
    files.set(file.id, new WeakRef(file))
    handed.set(face, files)
    if (registered.has(key)) continue
    const data = Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength)
    if (!GlobalFonts.register(data, face)) continue
    const fontkit = require('fontkit') as typeof Fontkit
    const set = coverage.get(face) ?? new Set<number>()
    for (const cp of (fontkit.create(data) as Fontkit.Font).characterSet) set.add(cp)
    coverage.set(face, set)
    registered.add(key)
  }
}

/**
 * Registers a brand face's files, as the render drawing now handed them, with the glyphs `features` give figures
 * mapped (`withFigureGlyphsMapped`), under `name`, once per file.
 */
export function registerMappedBrandFaces(name: string, face: string, features: readonly string[]) {
  for (const [id, ref] of handed.get(face) ?? []) {
    const key = `${name}/${id}`
    const file = ref.deref()
    if (!file || registered.has(key)) continue
    // A stored brand file is TrueType or OpenType (sanitizeFont writes it so).
    const data = Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength)
    if (GlobalFonts.register(withFigureGlyphsMapped(data, features), name)) registered.add(key)
  }
}

/** What a brand face can draw (nothing before its files are registered). */
export const brandCoverage = (face: string): ReadonlySet<number> => coverage.get(face) ?? new Set()
