import type { z } from 'zod'
import { classicWeights, familyWeights, fontFamilies, isBrandFamily, libraryEntry } from '../../fonts'
import type { LayerPlugin } from '../kind'
import { drawText, textBindings } from './draw'
import { fieldReferences, layerTexts, type TextLayer, textLayerSchema } from './schema'

/** A text, with `{{key}}` inserting values, laid out and drawn in the model's fonts. */
export const textLayer: LayerPlugin<TextLayer, z.input<typeof textLayerSchema>> = {
  type: 'text',
  schema: textLayerSchema,
  draw: drawText,
  bindings: textBindings,
  check(layer, fields) {
    const problems = layerTexts(layer).flatMap((text) =>
      fieldReferences(text)
        .filter((ref) => !fields.has(ref))
        .map((ref) => ({ property: 'text', message: `no field "${ref}"` })),
    )
    // A family is offered at the weights it ships (a library family's own, 400 to 800 in the others), and a
    // library family in italic only when it has a real one (a weight without its own italic draws the nearest
    // italic weight, as every surface matches faces).
    const family = typeof layer.font === 'string' ? layer.font : undefined
    const library = family ? libraryEntry(family) : undefined
    const weights: readonly number[] = family ? familyWeights(family) : classicWeights
    const named =
      typeof layer.weight === 'number'
        ? [layer.weight]
        : Object.values((layer.weight as { map?: Record<string, number> }).map ?? {})
    const name =
      library?.name ?? (family && isBrandFamily(family) ? 'a brand family' : (family ?? 'the family'))
    for (const w of new Set(named))
      if (!weights.includes(w))
        problems.push({
          property: 'weight',
          message: `${name} has no weight ${w}; its weights are ${weights.join(', ')}`,
        })
    if (library && layer.italic && library.italics.length === 0)
      problems.push({ property: 'italic', message: `${library.name} has no italic` })
    if (layer.shrinkToFit && layer.shrinkToFit.minSize > layer.size)
      problems.push({ property: 'shrinkToFit.minSize', message: 'is greater than size' })
    return problems
  },
  shadowed: (layer) => layer.shadow !== undefined,
  typeset: (layer) => ({
    texts: layerTexts(layer),
    families: typeof layer.font === 'string' ? [layer.font] : fontFamilies,
    lang: layer.lang,
    markup: layer.markup,
    ...(layer.hyphenate && { hyphenate: true }),
  }),
}
