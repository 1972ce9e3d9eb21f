import { type LibraryFamily as LibraryFamilyEntry, libraryFamily } from '@templet/fonts'

/**
 * The font families a template names, and the faces each resolves to per writing system. The names are
 * shared by every drawing surface: the server registers the font files under them, a browser loads the same
 * files as `FontFace`s under them, so both shape the same text with the same fonts.
 */
export const fontFamilies = ['sans', 'serif', 'grotesk'] as const
export type BuiltInFamily = (typeof fontFamilies)[number]

/**
 * A customer's own font family (their brand kit): `brand-` and a random key the server gives the family on
 * its first upload. The key, not the family's name, is what a document holds: it is unguessable and one
 * account's, so two customers' families named alike never meet, and the server only ever loads the key's
 * files for its owner's templates.
 */
export type BrandFamily = `brand-${string}`
export const BRAND_KEY = /^[a-z0-9]{8,40}$/
export const isBrandFamily = (family: string): family is BrandFamily =>
  family.startsWith('brand-') && BRAND_KEY.test(family.slice('brand-'.length))
const BRAND_FACE = 'Templet Brand '
/** The face a brand family's files are loaded under, on every surface. */
export const brandFace = (family: BrandFamily) => `${BRAND_FACE}${family.slice('brand-'.length)}`
/** A face of a customer's brand family (not one of the shipped faces). */
export const isBrandFace = (face: string) => face.startsWith(BRAND_FACE)

/**
 * A family of the font library (`@templet/fonts`): `lib-` and the family's slug. Only a slug the library lists
 * is a family, so a document names no face the server cannot draw.
 */
export type LibraryFamily = `lib-${string}`
/** The library's entry for a document's family, if it is one of the library's. */
export const libraryEntry = (family: string): LibraryFamilyEntry | undefined =>
  family.startsWith('lib-') ? libraryFamily(family.slice('lib-'.length)) : undefined
export const isLibraryFamily = (family: string): family is LibraryFamily => libraryEntry(family) !== undefined
const LIBRARY_FACE = 'Templet Library '
/** The face a library family's files are loaded under, on every surface. */
export const libraryFace = (family: LibraryFamily) => `${LIBRARY_FACE}${family.slice('lib-'.length)}`
/** The library family of a face (`libraryFace`), if it is one. */
export const libraryOfFace = (face: string): LibraryFamilyEntry | undefined =>
  face.startsWith(LIBRARY_FACE) ? libraryFamily(face.slice(LIBRARY_FACE.length)) : undefined

export type FontFamily = BuiltInFamily | BrandFamily | LibraryFamily
export const isFontFamily = (family: string): family is FontFamily =>
  (fontFamilies as readonly string[]).includes(family) || isBrandFamily(family) || isLibraryFamily(family)
/** Every weight a text may name, Thin 100 to Black 900; a family offers those it ships (`familyWeights`). */
export const fontWeights = [100, 200, 300, 400, 500, 600, 700, 800, 900] as const
export type FontWeight = (typeof fontWeights)[number]
/** The weights of the built-in and brand families, as before the library offered 100 to 900. */
export const classicWeights = [400, 500, 600, 700, 800] as const

/**
 * The weights a text in this family may name: a library family's upright weights (its manifest lists what its
 * package ships), and 400 to 800 for the built-in families and a brand kit's (whose faces outside them are drawn
 * by the nearest they have).
 */
export function familyWeights(family: string): readonly FontWeight[] {
  const library = libraryEntry(family)
  return library ? library.weights : classicWeights
}

/** CSS's font matching of a weight among a face's weights (CSS Fonts 4, 5.2 step 4), or undefined when none. */
function matchWeight(weights: readonly number[], want: number): number | undefined {
  if (weights.includes(want)) return want
  const above = weights.filter((w) => w > want).sort((a, b) => a - b)
  const below = weights.filter((w) => w < want).sort((a, b) => b - a)
  if (want > 500) return above[0] ?? below[0]
  const upTo500 = above.filter((w) => w <= 500)
  return upTo500[0] ?? below[0] ?? above[0]
}

/**
 * The weight a run asks its faces for. A library family asked for a weight it lacks between 400 and 800 (the
 * bold inside a semibold text asks 800) asks instead for the face that matched among its weights from 400 to 800
 * when those were all the library offered, when that face is 600 or heavier: so a family that also ships 900
 * (Lato) still draws 700 there, as documents saved before were drawn, and every surface loads that very face
 * rather than matching on its own. A lighter match is left to the surface, which emboldens it as before.
 */
export function drawnWeight(family: string, weight: number): number {
  const library = libraryEntry(family)
  if (!library || weight < 400 || weight > 800 || (library.weights as readonly number[]).includes(weight))
    return weight
  const before = matchWeight(
    library.weights.filter((w) => w >= 400 && w <= 800),
    weight,
  )
  return before !== undefined && before >= 600 ? before : weight
}

/**
 * The writing systems a text is cut into before it is drawn; each draws in faces chosen for it. Han
 * characters are one script in Unicode but four sets of glyph forms in print: mainland (zh-Hans), Taiwan and
 * Hong Kong (zh-Hant), Japan (ja) and Korea (ko), chosen by the text's language.
 */
export const writingSystems = [
  'latin',
  'greek',
  'cyrillic',
  'zh-Hans',
  'zh-Hant',
  'ja',
  'ko',
  'arabic',
  'hebrew',
  'thai',
  'devanagari',
  'bengali',
  'tamil',
  'khmer',
  'emoji',
] as const
export type WritingSystem = (typeof writingSystems)[number]

// Family names carry a prefix so a system font of the same name never stands in for ours.
const SANS = {
  'zh-Hans': 'Templet Noto Sans SC',
  'zh-Hant': 'Templet Noto Sans TC',
  ja: 'Templet Noto Sans JP',
  ko: 'Templet Noto Sans KR',
}
const SERIF = {
  'zh-Hans': 'Templet Noto Serif SC',
  'zh-Hant': 'Templet Noto Serif TC',
  ja: 'Templet Noto Serif JP',
  ko: 'Templet Noto Serif KR',
}
/** Han in one language's forms first, then the others for the rare character the first lacks. */
const han = (faces: typeof SANS) => ({
  'zh-Hans': [faces['zh-Hans'], faces['zh-Hant']],
  'zh-Hant': [faces['zh-Hant'], faces['zh-Hans']],
  ja: [faces.ja, faces['zh-Hans'], faces['zh-Hant']],
  ko: [faces.ko, faces['zh-Hant'], faces['zh-Hans']],
})
const sansScripts = {
  arabic: ['Templet Noto Sans Arabic'],
  hebrew: ['Templet Noto Sans Hebrew'],
  thai: ['Templet Noto Sans Thai'],
  devanagari: ['Templet Noto Sans Devanagari'],
  bengali: ['Templet Noto Sans Bengali'],
  tamil: ['Templet Noto Sans Tamil'],
  khmer: ['Templet Noto Sans Khmer'],
  emoji: ['Templet Noto Color Emoji'],
}

/** The faces that give a writing system its letters in each family, before the family's own face. */
const SCRIPT_FACES: Record<BuiltInFamily, Record<WritingSystem, string[]>> = {
  // Inter has Greek and Cyrillic of its own.
  sans: {
    latin: ['Templet Inter'],
    greek: ['Templet Inter'],
    cyrillic: ['Templet Inter'],
    ...han(SANS),
    ...sansScripts,
  },
  // Playfair Display has Latin (with Vietnamese) and Cyrillic but no Greek: Noto Serif's Greek is its kin.
  // Arabic in a serif is Naskh, Thai the looped forms of print; Tamil has no serif face on npm.
  serif: {
    latin: ['Templet Playfair Display', 'Templet Noto Serif'],
    greek: ['Templet Noto Serif'],
    cyrillic: ['Templet Playfair Display', 'Templet Noto Serif'],
    ...han(SERIF),
    ...sansScripts,
    arabic: ['Templet Noto Naskh Arabic'],
    hebrew: ['Templet Noto Serif Hebrew'],
    thai: ['Templet Noto Sans Thai Looped'],
    devanagari: ['Templet Noto Serif Devanagari'],
    bengali: ['Templet Noto Serif Bengali'],
    khmer: ['Templet Noto Serif Khmer'],
  },
  // Space Grotesk is Latin only: Greek and Cyrillic take Inter, a whole word in one face.
  grotesk: {
    latin: ['Templet Space Grotesk'],
    greek: ['Templet Inter'],
    cyrillic: ['Templet Inter'],
    ...han(SANS),
    ...sansScripts,
  },
}

/** The family's own face, which draws what a script's faces lack (digits, punctuation). */
export const DESIGN_FACE: Record<BuiltInFamily, string> = {
  sans: 'Templet Inter',
  serif: 'Templet Playfair Display',
  grotesk: 'Templet Space Grotesk',
}

/** Symbols no script face has (arrows, ★, text-style ❤) end every list: Inter, then monochrome emoji. */
const LAST = ['Templet Inter', 'Templet Noto Emoji']

/**
 * The faces tried, in order, for each glyph of a run of one writing system in a template family: the
 * script's faces, the family's own face, then the last resort for symbols. An emoji run is the colour
 * emoji face alone, so no other face draws part of a sequence.
 */
export function runFaces(family: FontFamily, system: WritingSystem): string[] {
  // A brand family draws what it has; the sans stack draws what it lacks (Chinese in a Latin brand font).
  if (isBrandFamily(family))
    return system === 'emoji' ? runFaces('sans', system) : [brandFace(family), ...runFaces('sans', system)]
  // A library family draws the scripts its files have; any other is drawn as sans draws it.
  const library = libraryEntry(family)
  if (library)
    return (library.scripts as readonly string[]).includes(system)
      ? [libraryFace(family as LibraryFamily), ...runFaces('sans', system)]
      : runFaces('sans', system)
  // A family no longer known (a document not parsed) draws as sans rather than in no face.
  const builtIn: BuiltInFamily = family in SCRIPT_FACES ? (family as BuiltInFamily) : 'sans'
  const first = SCRIPT_FACES[builtIn][system]
  if (system === 'emoji') return first
  return [...new Set([...first, DESIGN_FACE[builtIn], ...LAST])]
}

/** Every face a family may draw with, across writing systems (for a surface that loads them all up front). */
export const familyFaces = (family: FontFamily): string[] => [
  ...new Set(writingSystems.flatMap((s) => runFaces(family, s))),
]

/**
 * Faces whose default figures are old-style (Playfair Display's 1 and 0 sit at x-height): prices and dates
 * take lining figures there, as a designer sets them.
 */
export const OLD_STYLE_FIGURES = new Set(['Templet Playfair Display'])

/**
 * The figures a text asks for besides its faces' own (a text layer's `tabularFigures`, `oldstyleFigures`), and the
 * faces' standard ligatures turned off (`ligatures: false`): the OpenType features a text asks of its design face.
 */
export interface Figures {
  tabular?: boolean | undefined
  oldstyle?: boolean | undefined
  /** `liga` and `clig` off: "fi" and "ffl" stay separate letters. */
  noLigatures?: boolean | undefined
}

/** Whether a text asks for figures other than its faces' defaults, or for their ligatures off. */
export const asksFigures = (f: Figures | undefined): f is Figures =>
  Boolean(f?.tabular || f?.oldstyle || f?.noLigatures)

/** The figure features a face is drawn with: lining for the faces whose own are old-style, and what a text asks. */
function figureTags(face: string, f: Figures | undefined): string[] {
  return [f?.oldstyle ? 'onum' : OLD_STYLE_FIGURES.has(face) ? 'lnum' : '', f?.tabular ? 'tnum' : ''].filter(
    Boolean,
  )
}

const NUMERIC: Record<string, string> = { onum: 'oldstyle-nums', lnum: 'lining-nums', tnum: 'tabular-nums' }

/** A face's figures as CSS's `font-variant-numeric`, for Skia, which shapes with it. */
export function figuresVariant(face: string, f: Figures | undefined): string {
  const tags = figureTags(face, f)
  return tags.length ? tags.map((t) => NUMERIC[t]).join(' ') : 'normal'
}

/** A face's ligatures as CSS's `font-variant-ligatures`, for Skia. */
export const ligaturesVariant = (f: Figures | undefined): string =>
  f?.noLigatures ? 'no-common-ligatures' : 'normal'

const FIGURES_MARK = ' +'
/** A face name with tags (`Templet Inter +tnum+onum`): the face whose files it is, and the tags. */
function faceTags(name: string): { face: string; tags: string[] } {
  const at = name.indexOf(FIGURES_MARK)
  return at < 0
    ? { face: name, tags: [] }
    : { face: name.slice(0, at), tags: name.slice(at + FIGURES_MARK.length).split('+') }
}

/** The design, brand and library faces: those that draw the Latin digits, and so a text's own figures. */
const takesFigures = (face: string) =>
  DESIGN_FACES.has(face) || isBrandFace(face) || libraryOfFace(face) !== undefined
/** The name's tag for ligatures off, and the feature settings it stands for. */
const NO_LIGATURES = 'noliga'
const NO_LIGATURES_SETTINGS = '"liga" 0, "clig" 0'

/**
 * The name a browser loads a face under with figures of a text's own (or its ligatures off): its canvas has no
 * `font-variant-numeric` nor `font-variant-ligatures`, so the features go on a `FontFace` of their own
 * (`figuresFeatures`). Only the design faces, brand and library faces, which draw the Latin digits, get one; a script's
 * faces keep their own.
 */
export function figuresFace(face: string, f: Figures | undefined): string {
  if (!asksFigures(f) || !takesFigures(face)) return face
  const tags = [f.tabular && 'tnum', f.oldstyle && 'onum', f.noLigatures && NO_LIGATURES].filter(Boolean)
  return `${face}${FIGURES_MARK}${tags.join('+')}`
}

const DESIGN_FACES: ReadonlySet<string> = new Set(Object.values(DESIGN_FACE))

/**
 * The face Skia draws a text's figures from (texts without `unmappedFigures`): the face whose character map also
 * reaches the glyphs its figure features give, named for them (`Templet Inter +tnum`, `Templet Playfair Display
 * +lnum`), which the renderer registers on first use (`withFigureGlyphsMapped`); the face itself where it needs none
 * or is a script's own. With the same features on its context, Skia then rasters those glyphs where a browser draws
 * the face loaded with the features (ADR 0212).
 */
export function mappedFiguresFace(face: string, f: Figures | undefined): string {
  if (!takesFigures(face)) return face
  const tags = figureTags(face, f)
  return tags.length ? `${face}${FIGURES_MARK}${tags.join('+')}` : face
}

/** A face name of `mappedFiguresFace`: the face whose files it is, and the features whose glyphs it maps. */
export function mappedFiguresOf(name: string): { face: string; features: string[] } {
  const { face, tags } = faceTags(name)
  return { face, features: tags }
}

/**
 * A face name as a browser loads it: the face whose files it is, and the `font-feature-settings` of its
 * `FontFace` (`"lnum"` for the faces whose default figures are old-style, plus what `figuresFace` named).
 */
export function figuresFeatures(name: string): { face: string; featureSettings?: string } {
  const { face, tags } = faceTags(name)
  if (!tags.includes('onum') && OLD_STYLE_FIGURES.has(face)) tags.unshift('lnum')
  const settings = tags.map((t) => (t === NO_LIGATURES ? NO_LIGATURES_SETTINGS : `"${t}"`))
  return settings.length ? { face, featureSettings: settings.join(', ') } : { face }
}

export interface FontRequest {
  family: FontFamily
  system: WritingSystem
  weight: number
  italic?: boolean
  /** Px. */
  size: number
  /** Figures (and ligatures) named in the faces (`figuresFace`), for a surface that cannot set them on its context. */
  figures?: Figures | undefined
  /** Figures drawn from faces that map their glyphs (`mappedFiguresFace`), for Skia; ignored with `figures`. */
  mappedFigures?: Figures | undefined
}

/** A CSS font shorthand for a canvas: a run's style, weight, size in px and its faces. */
export const cssFont = (f: FontRequest) =>
  `${f.italic ? 'italic ' : ''}${drawnWeight(f.family, f.weight)} ${f.size}px ${runFaces(f.family, f.system)
    .map(
      (face) =>
        `'${f.figures ? figuresFace(face, f.figures) : f.mappedFigures ? mappedFiguresFace(face, f.mappedFigures) : face}'`,
    )
    .join(', ')}`
