import type { BrandFont } from '@templet/api/contract'
import { libraryFaceName } from '@templet/fonts'
import {
  BOLD,
  boldWeight,
  brandFace,
  choiceLabels,
  DESIGN_FACE,
  drawnWeight,
  effectiveValues,
  figuresFace,
  figuresFeatures,
  ITALIC,
  isBrandFamily,
  isLibraryFamily,
  joinPieces,
  type Locale,
  layerPieces,
  libraryOfFace,
  prepareText,
  runFaces,
  type Template,
  textStyle,
  type Values,
} from '@templet/template'
import { API_BASE_URL } from '../api/base-url'

/** One file of a face: its weight, style and where it is. */
export interface FaceFile {
  weight: number
  italic: boolean
  url: string
}
/** Every face the server draws with, by the model's face name (`GET /api/fonts/manifest.json`). */
export type FontManifest = Record<string, FaceFile[]>

let manifest: Promise<FontManifest> | undefined
/** The server's manifest of its shipped faces, read once per page. */
export function shippedFonts(): Promise<FontManifest> {
  manifest ??= fetch(`${API_BASE_URL}/fonts/manifest.json`).then((res) => {
    if (!res.ok) throw new Error(`fonts manifest: ${res.status}`)
    return res.json() as Promise<FontManifest>
  })
  manifest.catch(() => {
    manifest = undefined
  })
  return manifest
}

/** The files of a customer's brand families, by the face each is drawn under. */
export function brandFaces(fonts: readonly BrandFont[]): FontManifest {
  const faces: FontManifest = {}
  for (const f of fonts) {
    if (!isBrandFamily(f.familyKey)) continue
    const face = brandFace(f.familyKey)
    faces[face] = [...(faces[face] ?? []), { weight: f.weight, italic: f.style === 'italic', url: f.url }]
  }
  return faces
}

/**
 * A library family's files: the manifest (bundled) names its faces, the server sends each as WOFF2. The
 * package's version is in the URL, so a face cached for good is still replaced when its package is.
 */
export function libraryFiles(face: string): FaceFile[] | undefined {
  const f = libraryOfFace(face)
  if (!f) return undefined
  const file = (weight: number, italic: boolean) => ({
    weight,
    italic,
    url: `${API_BASE_URL}/fonts/library/${f.slug}/${libraryFaceName(weight, italic)}.woff2?v=${f.version}`,
  })
  return [...f.weights.map((w) => file(w, false)), ...f.italics.map((w) => file(w, true))]
}

/** A face at one weight and style, as a text asks for it. */
interface FaceRequest {
  face: string
  weight: number
  italic: boolean
}

/**
 * The faces, weights and styles a template's texts draw with in these languages and values: each text layer's
 * text cut into writing-system runs as drawing cuts it (`prepareText`), at its weight (and the bold of
 * `**markup**`), upright or italic. Of each run's stack (`runFaces`) the first face and the family's own face
 * (digits, punctuation) are loaded: the rest of a stack is for the rare character they lack, and loading it
 * all would fetch every CJK font (10 MB each) for a Latin headline.
 */
export function facesNeeded(
  t: Template,
  sets: Array<{ locale: Locale; values: Values; valueLanguages?: Readonly<Record<string, string>> }>,
): FaceRequest[] {
  const wanted = new Map<string, FaceRequest>()
  for (const { locale, values, valueLanguages } of sets) {
    const effective = effectiveValues(t, values, locale)
    for (const size of t.sizes)
      for (const layer of t.layers) {
        if (layer.type !== 'text') continue
        const d = {
          locale,
          values: effective,
          labels: choiceLabels(t, effective, locale),
          sizeId: size.id,
          ...(valueLanguages && { valueLanguages }),
        }
        // A value of another language draws its Han characters in that language's face.
        const { text, spans } = joinPieces(layerPieces(layer, d))
        if (!text.trim()) continue
        const style = textStyle(layer, d)
        const content = prepareText(text, style, spans)
        const bold = content.emphasis.some((e) => e & BOLD)
        const italic = content.emphasis.some((e) => e & ITALIC)
        // The weights its runs ask for, as the canvas asks them (`drawnWeight`: a library family's face).
        const weights = new Set(
          [style.weight, ...(bold ? [boldWeight(style.weight)] : [])].map((w) =>
            drawnWeight(style.family, w),
          ),
        )
        const styles = new Set([Boolean(style.italic), ...(italic ? [!style.italic] : [])])
        const own =
          isBrandFamily(style.family) || isLibraryFamily(style.family)
            ? DESIGN_FACE.sans
            : DESIGN_FACE[style.family]
        // Figures of the text's own are faces of their own here (the canvas cannot set them).
        const faces = new Set(
          content.runs
            .flatMap((run) => [runFaces(style.family, run.system)[0] ?? own, own])
            .map((face) => figuresFace(face, style.figures)),
        )
        for (const face of faces)
          for (const weight of weights)
            for (const it of styles) wanted.set(`${face}/${weight}/${it}`, { face, weight, italic: it })
      }
  }
  return [...wanted.values()]
}

/** The file nearest a request: the same style if there is one, then the nearest weight (CSS's matching, roughly). */
function nearest(files: readonly FaceFile[], want: FaceRequest): FaceFile | undefined {
  const sameStyle = files.filter((f) => f.italic === want.italic)
  const pool = sameStyle.length > 0 ? sameStyle : files
  return [...pool].sort((a, b) => Math.abs(a.weight - want.weight) - Math.abs(b.weight - want.weight))[0]
}

const added = new Map<string, Promise<void>>()
const loaded = new Set<string>()

/**
 * Loads the faces a template needs as `FontFace`s under the model's face names, from the same files the
 * server draws with (and the owner's brand files), so a canvas shapes its text as the server's render does.
 * A face is fetched once per page; a face that fails to load leaves the next face of its stack to draw.
 * Resolves to whether any face was new to this page (a canvas drawn before then should draw again).
 */
export async function loadFaces(
  requests: readonly FaceRequest[],
  brand: FontManifest = {},
): Promise<boolean> {
  const shipped = await shippedFonts()
  let fresh = false
  await Promise.all(
    requests.map((want) => {
      // A canvas has no font-variant-numeric in Chromium: figures come from the face itself, loaded under a
      // name of its own for each set of features a text asks for (`figuresFace`).
      const { face: files, featureSettings } = figuresFeatures(want.face)
      const file = nearest(brand[files] ?? shipped[files] ?? libraryFiles(files) ?? [], want)
      if (!file) return Promise.resolve()
      const key = `${want.face}|${file.url}`
      // A face still on its way (asked for by a preview in the font browser) is new to the canvas too.
      if (!loaded.has(key)) fresh = true
      let loading = added.get(key)
      if (!loading) {
        const face = new FontFace(want.face, `url("${file.url}")`, {
          weight: String(file.weight),
          style: file.italic ? 'italic' : 'normal',
          ...(featureSettings && { featureSettings }),
        })
        document.fonts.add(face)
        loading = face.load().then(
          () => {
            loaded.add(key)
          },
          () => {
            document.fonts.delete(face)
            added.delete(key)
          },
        )
        added.set(key, loading)
      }
      return loading
    }),
  )
  return fresh
}

/** Loads the faces a template draws with in `locale`: its sample values, and `values` when given. */
export function loadTemplateFonts(
  t: Template,
  o: {
    locale: Locale
    values?: Values
    valueLanguages?: Readonly<Record<string, string>>
    brandFonts?: readonly BrandFont[]
  },
): Promise<boolean> {
  const sets: Parameters<typeof facesNeeded>[1] = [{ locale: o.locale, values: t.samples[o.locale] }]
  if (o.values)
    sets.push({
      locale: o.locale,
      values: o.values,
      ...(o.valueLanguages && { valueLanguages: o.valueLanguages }),
    })
  return loadFaces(facesNeeded(t, sets), brandFaces(o.brandFonts ?? []))
}
