import type { z } from 'zod'
import type { LayerPlugin } from '../kind'
import { fieldReferences } from '../text/schema'
import { drawQr, qrBindings } from './draw'
import { type QrLayer, qrLayerSchema } from './schema'

/** A QR code of a text, `{{key}}` inserting a text field's value (a customer's own link). */
export const qrLayer: LayerPlugin<QrLayer, z.input<typeof qrLayerSchema>> = {
  type: 'qr',
  schema: qrLayerSchema,
  draw(layer, box, d) {
    drawQr(layer, box, d)
    return undefined
  },
  bindings: qrBindings,
  check: (layer, fields) =>
    fieldReferences(layer.data)
      .filter((ref) => fields.get(ref)?.kind !== 'text')
      .map((ref) => ({ property: 'data', message: `no text field "${ref}"` })),
}
