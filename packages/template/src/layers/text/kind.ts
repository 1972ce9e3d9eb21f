import type { z } from 'zod'
import { fontFamilies, libraryEntry } from '../../fonts'
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
    // A library family is offered at the weights it ships, and in italic only when it has a real one (a weight
    // without its own italic draws the nearest italic weight, as every surface matches faces).
    const library = typeof layer.font === 'string' ? libraryEntry(layer.font) : undefined
    if (
      library &&
      typeof layer.weight === 'number' &&
      !(library.weights as readonly number[]).includes(layer.weight)
    )
      problems.push({ property: 'weight', message: `${library.name} has no weight ${layer.weight}` })
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
