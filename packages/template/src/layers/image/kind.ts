import type { z } from 'zod'
import { resolveBound } from '../../paint'
import type { LayerPlugin, LayerProblem } from '../kind'
import { drawImage, imageBindings } from './draw'
import { type ImageLayer, imageKey, imageLayerSchema, imageSrc, srcRefs } from './schema'

/** A photo the customer fills in, or an image of the author's (fixed, or picked from a set by a choice). */
export const imageLayer: LayerPlugin<ImageLayer, z.input<typeof imageLayerSchema>> = {
  type: 'image',
  schema: imageLayerSchema,
  draw(layer, box, d) {
    drawImage(layer, box, d)
    return undefined
  },
  bindings: imageBindings,
  check(layer, fields) {
    const problems: LayerProblem[] = []
    const at = (property: string, message: string) => problems.push({ property, message })
    if ((layer.field === undefined) === (layer.src === undefined))
      at('field', 'an image layer takes either an image field (field) or a fixed image (src), not both')
    else if (layer.field !== undefined && fields.get(layer.field)?.kind !== 'image')
      at('field', `no image field "${layer.field}"`)
    if (typeof layer.src === 'object') {
      // A choice's value names an option, not an image: a set says which of the author's images each is.
      if (!layer.src.map)
        at('src.map', `an image from a set needs a map from each option of "${layer.src.field}" to an image`)
      if (layer.src.alpha !== undefined) at('src.alpha', "an image takes no alpha; set the layer's opacity")
    }
    return problems
  },
  authorImages: srcRefs,
  imageSet: (layer) =>
    typeof layer.src === 'object' && layer.src.map
      ? { field: layer.src.field, map: layer.src.map }
      : undefined,
  images: (layer, values) => [
    {
      key: imageKey(layer, values),
      src: imageSrc(layer, values),
      fit: resolveBound(layer.fit, values, 'cover'),
    },
  ],
  bleeds: () => true,
}
