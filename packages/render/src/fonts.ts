import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { GlobalFonts } from '@napi-rs/canvas'
import { libraryFaceFile } from '@templet/fonts/files'
import { isBrandFace, libraryOfFace, mappedFiguresOf } from '@templet/template'
import { registerMappedBrandFaces } from './brand-fonts'
import { joinedEmojiFont } from './emoji'
import { withFigureGlyphsMapped } from './mapped-glyphs'

/** One font file shipped by an npm package, registered under a Templet-only family name. */
export interface FontFace {
  family: string
  weight: number
  italic: boolean
  file: string
  /**
   * The face is matched by `weight` whatever its file's OS/2 weight class says: Skia matches a face by the class,
   * and the Thin and ExtraLight of many Google Fonts families say 250 and 275 (for old Windows), so a text at 200
   * would draw in the Thin. Set on a library family's faces under 400 and over 800, which are matched by the
   * weight the browser loads them under too.
   */
  weightClass?: true
}

const require = createRequire(import.meta.url)
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`))

const weightNames: Record<number, string> = {
  300: '300Light',
  400: '400Regular',
  500: '500Medium',
  600: '600SemiBold',
  700: '700Bold',
  800: '800ExtraBold',
}

interface ExpoFamily {
  /** The @expo-google-fonts package. */
  pkg: string
  /** The files' prefix: `<weight dir>/<Prefix>_<weight name>[_Italic].ttf`. */
  prefix: string
  weights: number[]
  italics?: boolean
  /** Older packages keep every file at the top, without a folder per weight. */
  flat?: boolean
}

const ALL = [400, 500, 600, 700, 800]
/** The families the template model names (`runFaces`), by family name, and where their files are. */
const EXPO: Record<string, ExpoFamily> = {
  'Templet Inter': { pkg: 'inter', prefix: 'Inter', weights: ALL, italics: true },
  'Templet Playfair Display': {
    pkg: 'playfair-display',
    prefix: 'PlayfairDisplay',
    weights: ALL,
    italics: true,
  },
  'Templet Space Grotesk': { pkg: 'space-grotesk', prefix: 'SpaceGrotesk', weights: [400, 500, 600, 700] },
  'Templet Noto Serif': { pkg: 'noto-serif', prefix: 'NotoSerif', weights: ALL, italics: true },
  'Templet Noto Sans SC': { pkg: 'noto-sans-sc', prefix: 'NotoSansSC', weights: ALL },
  'Templet Noto Sans TC': { pkg: 'noto-sans-tc', prefix: 'NotoSansTC', weights: ALL },
  'Templet Noto Sans JP': { pkg: 'noto-sans-jp', prefix: 'NotoSansJP', weights: ALL },
  'Templet Noto Sans KR': { pkg: 'noto-sans-kr', prefix: 'NotoSansKR', weights: ALL },
  'Templet Noto Serif SC': { pkg: 'noto-serif-sc', prefix: 'NotoSerifSC', weights: ALL },
  'Templet Noto Serif TC': { pkg: 'noto-serif-tc', prefix: 'NotoSerifTC', weights: ALL },
  'Templet Noto Serif JP': { pkg: 'noto-serif-jp', prefix: 'NotoSerifJP', weights: ALL },
  'Templet Noto Serif KR': { pkg: 'noto-serif-kr', prefix: 'NotoSerifKR', weights: ALL },
  'Templet Noto Sans Arabic': { pkg: 'noto-sans-arabic', prefix: 'NotoSansArabic', weights: ALL },
  'Templet Noto Naskh Arabic': {
    pkg: 'noto-naskh-arabic',
    prefix: 'NotoNaskhArabic',
    weights: [400, 500, 600, 700],
  },
  'Templet Noto Serif Hebrew': { pkg: 'noto-serif-hebrew', prefix: 'NotoSerifHebrew', weights: ALL },
  'Templet Noto Sans Thai': { pkg: 'noto-sans-thai', prefix: 'NotoSansThai', weights: ALL },
  'Templet Noto Sans Thai Looped': {
    pkg: 'noto-sans-thai-looped',
    prefix: 'NotoSansThaiLooped',
    weights: ALL,
  },
  'Templet Noto Sans Devanagari': { pkg: 'noto-sans-devanagari', prefix: 'NotoSansDevanagari', weights: ALL },
  'Templet Noto Serif Devanagari': {
    pkg: 'noto-serif-devanagari',
    prefix: 'NotoSerifDevanagari',
    weights: ALL,
  },
  'Templet Noto Sans Bengali': { pkg: 'noto-sans-bengali', prefix: 'NotoSansBengali', weights: ALL },
  'Templet Noto Serif Bengali': { pkg: 'noto-serif-bengali', prefix: 'NotoSerifBengali', weights: ALL },
  'Templet Noto Sans Tamil': { pkg: 'noto-sans-tamil', prefix: 'NotoSansTamil', weights: ALL },
  'Templet Noto Sans Khmer': { pkg: 'noto-sans-khmer', prefix: 'NotoSansKhmer', weights: ALL },
  'Templet Noto Serif Khmer': { pkg: 'noto-serif-khmer', prefix: 'NotoSerifKhmer', weights: ALL, flat: true },
  'Templet Noto Emoji': { pkg: 'noto-emoji', prefix: 'NotoEmoji', weights: [400, 700] },
  'Templet Noto Color Emoji': { pkg: 'noto-color-emoji', prefix: 'NotoColorEmoji', weights: [400] },
}

function expoFaces(family: string, f: ExpoFamily): FontFace[] {
  const dir = packageDir(`@expo-google-fonts/${f.pkg}`)
  return f.weights.flatMap((weight) =>
    (f.italics ? [false, true] : [false]).map((italic) => {
      const name = `${weightNames[weight]}${italic ? '_Italic' : ''}`
      const file = `${f.prefix}_${name}.ttf`
      return { family, weight, italic, file: path.join(dir, f.flat ? file : path.join(name, file)) }
    }),
  )
}

/** Noto Sans Hebrew's package exports only its entry (dist/index.js), so its fonts are found from there. */
const hebrewFaces = (): FontFace[] =>
  (['Regular', 'Bold'] as const).map((w) => ({
    family: 'Templet Noto Sans Hebrew',
    weight: w === 'Bold' ? 700 : 400,
    italic: false,
    file: path.join(
      path.dirname(require.resolve('@embedpdf/fonts-hebrew')),
      `../fonts/NotoSansHebrew-${w}.ttf`,
    ),
  }))

/** A library family's faces, registered like a shipped family's when a text first draws with it. */
function libraryFaces(face: string): FontFace[] | undefined {
  const f = libraryOfFace(face)
  if (!f) return undefined
  return [...f.weights.map((w) => [w, false] as const), ...f.italics.map((w) => [w, true] as const)].flatMap(
    ([weight, italic]) => {
      const file = libraryFaceFile(f, weight, italic)
      // 400 to 800 are registered as they always were, so a document saved before draws with what it drew.
      const outside = weight < 400 || weight > 800
      return file
        ? [{ family: face, weight, italic, file, ...(outside && { weightClass: true as const }) }]
        : []
    },
  )
}

/** Every family shipped, by name (the library's are not listed: there are hundreds, each found by its face). */
export const FAMILIES: readonly string[] = [...Object.keys(EXPO), 'Templet Noto Sans Hebrew']

const facesByFamily = new Map<string, FontFace[]>()
/** The files of one family (paths only: nothing is read). */
export function facesOf(family: string): FontFace[] {
  let faces = facesByFamily.get(family)
  if (!faces) {
    const expo = EXPO[family]
    if (expo) faces = expoFaces(family, expo)
    else if (family === 'Templet Noto Sans Hebrew') faces = hebrewFaces()
    else faces = libraryFaces(family)
    if (!faces) throw new Error(`no font ships for the family "${family}"`)
    facesByFamily.set(family, faces)
  }
  return faces
}

/** A font file (TrueType or OpenType) with its OS/2 weight class set to `weight`; the file unchanged when it has none. */
export function weighed(font: Buffer, weight: number): Buffer {
  const tables = font.readUInt16BE(4)
  for (let i = 0; i < tables; i++) {
    const entry = 12 + i * 16
    if (font.toString('latin1', entry, entry + 4) !== 'OS/2') continue
    const at = font.readUInt32BE(entry + 8) + 4
    if (font.readUInt16BE(at) === weight) return font
    const copy = Buffer.from(font)
    copy.writeUInt16BE(weight, at)
    return copy
  }
  return font
}

export const COLOR_EMOJI_FACE = 'Templet Noto Color Emoji'
const registered = new Set<string>()
/**
 * Registers families with Skia on their first use, so a process that never draws Thai never opens the Thai
 * font. Idempotent and cheap once done.
 */
export function loadFaces(families: Iterable<string>) {
  for (const family of families) {
    if (registered.has(family)) continue
    const mapped = mappedFiguresOf(family)
    if (mapped.features.length > 0) {
      // Registered per file for a brand face, whose files come with each render; once for the others.
      if (isBrandFace(mapped.face)) registerMappedBrandFaces(family, mapped.face, mapped.features)
      else {
        for (const face of facesOf(mapped.face)) {
          const file = withFigureGlyphsMapped(readFileSync(face.file), mapped.features)
          if (!GlobalFonts.register(face.weightClass ? weighed(file, face.weight) : file, family))
            throw new Error(`font did not load: ${face.file} with ${mapped.features.join(', ')}`)
        }
        registered.add(family)
      }
      continue
    }
    // A customer's faces come with the render (registerBrandFonts), not from the files shipped.
    if (isBrandFace(family)) continue
    for (const face of facesOf(family)) {
      // The colour emoji font is registered with the sequences Skia would split mapped whole (see emoji.ts).
      const ok =
        family === COLOR_EMOJI_FACE
          ? GlobalFonts.register(joinedEmojiFont(face.file), face.family)
          : face.weightClass
            ? GlobalFonts.register(weighed(readFileSync(face.file), face.weight), face.family)
            : GlobalFonts.registerFromPath(face.file, face.family)
      if (!ok) throw new Error(`font did not load: ${face.file}`)
    }
    registered.add(family)
  }
}

/** The families registered so far in this process. */
export const registeredFamilies = (): string[] => [...registered]

/** Registers every shipped family at once (a tool that draws anything; renders register what they use). */
export const registerFonts = () => loadFaces(FAMILIES)
