import type { BrandFont } from '@templet/api/contract'
import { type FontFamily, fontFamilies, fontWeights } from '@templet/template'

/** A font family as the designer offers it in its font picker. */
export interface DesignerFont {
  /** What a text layer's `font` holds: a family of the model, or a brand kit family's key. */
  family: FontFamily
  /** The name a person reads. */
  label: string
  weights: number[]
  styles: Array<'normal' | 'italic'>
}

const MODEL_LABELS: Record<(typeof fontFamilies)[number], string> = {
  sans: 'Inter',
  serif: 'Playfair Display',
  grotesk: 'Space Grotesk',
}

/**
 * The families the designer offers: the model's three, then the customer's brand families (each with the
 * weights and styles uploaded, named by `brandLabel`: a brand family may share its name with one of the
 * model's, as an uploaded Inter does), in the shape of the designer's `fonts` property. Kept here, in the app,
 * so the designer package stays free of the API.
 */
export function designerFonts(
  brand: readonly BrandFont[],
  brandLabel: (family: string) => string = (family) => family,
): DesignerFont[] {
  const model = fontFamilies.map((family) => ({
    family,
    label: MODEL_LABELS[family],
    weights: [...fontWeights],
    styles: ['normal', 'italic'] as Array<'normal' | 'italic'>,
  }))
  const byKey = new Map<string, DesignerFont>()
  for (const f of brand) {
    const entry = byKey.get(f.familyKey) ?? {
      family: f.familyKey as FontFamily,
      label: brandLabel(f.family),
      weights: [],
      styles: [],
    }
    if (!entry.weights.includes(f.weight)) entry.weights.push(f.weight)
    if (!entry.styles.includes(f.style)) entry.styles.push(f.style)
    entry.weights.sort((a, b) => a - b)
    byKey.set(f.familyKey, entry)
  }
  return [...model, ...byKey.values()]
}

/** The brand colours, as the designer's `palette` property takes them (`#rrggbb`). */
export const designerPalette = (colors: readonly string[] | undefined): string[] => [...(colors ?? [])]
