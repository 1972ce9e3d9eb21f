import type { BrandFont } from '@templet/api/contract'
import { libraryFamilies } from '@templet/fonts'
import {
  brandFace,
  classicWeights,
  DESIGN_FACE,
  type FontFamily,
  fontFamilies,
  isBrandFamily,
  type LibraryFamily,
  libraryFace,
} from '@templet/template'
import { brandFaces, loadFaces } from './fonts'

/** A font family as the designer offers it in its font picker. */
export interface DesignerFont {
  /** What a text layer's `font` holds: a family of the model, or a brand kit family's key. */
  family: FontFamily
  /** The name a person reads. */
  label: string
  weights: number[]
  styles: Array<'normal' | 'italic'>
  category?: string
  scripts?: string[]
  /** The face its preview is drawn in, loaded by `preview`. */
  face?: string
  preview?(): Promise<unknown>
}

const MODEL_LABELS: Record<(typeof fontFamilies)[number], string> = {
  sans: 'Inter',
  serif: 'Playfair Display',
  grotesk: 'Space Grotesk',
}

/** A face's regular (or its nearest weight) loaded for a preview in the font browser. */
const previewOf = (face: string, weight: number, brand: readonly BrandFont[]) => () =>
  loadFaces([{ face, weight, italic: false }], brandFaces(brand))

/**
 * The families the designer offers: the model's three, the customer's brand families (each with the weights and
 * styles uploaded, named by `brandLabel`: a brand family may share its name with one of the model's, as an
 * uploaded Inter does), then the font library's, in the shape of the designer's `fonts` property; each drawn in
 * its own face in the font browser, loaded when its option is first seen. Kept here, in the app, so the
 * designer package stays free of the API.
 */
export function designerFonts(
  brand: readonly BrandFont[],
  brandLabel: (family: string) => string = (family) => family,
): DesignerFont[] {
  const model = fontFamilies.map(
    (family): DesignerFont => ({
      family,
      label: MODEL_LABELS[family],
      weights: [...classicWeights],
      styles: ['normal', 'italic'],
      face: DESIGN_FACE[family],
      preview: previewOf(DESIGN_FACE[family], 400, brand),
    }),
  )
  const byKey = new Map<string, DesignerFont>()
  for (const f of brand) {
    if (!isBrandFamily(f.familyKey)) continue
    const face = brandFace(f.familyKey)
    const entry: DesignerFont = byKey.get(f.familyKey) ?? {
      family: f.familyKey,
      label: brandLabel(f.family),
      weights: [],
      styles: [],
      face,
      preview: previewOf(face, f.weight, brand),
    }
    if (!entry.weights.includes(f.weight)) entry.weights.push(f.weight)
    if (!entry.styles.includes(f.style)) entry.styles.push(f.style)
    entry.weights.sort((a, b) => a - b)
    byKey.set(f.familyKey, entry)
  }
  const library = libraryFamilies.map((l): DesignerFont => {
    const family: LibraryFamily = `lib-${l.slug}`
    const face = libraryFace(family)
    return {
      family,
      label: l.name,
      weights: [...l.weights],
      styles: l.italics.length ? ['normal', 'italic'] : ['normal'],
      category: l.category,
      scripts: [...l.scripts],
      face,
      preview: previewOf(face, l.weights.includes(400) ? 400 : (l.weights[0] ?? 400), brand),
    }
  })
  return [...model, ...byKey.values(), ...library]
}

/** The brand colours, as the designer's `palette` property takes them (`#rrggbb`). */
export const designerPalette = (colors: readonly string[] | undefined): string[] => [...(colors ?? [])]
