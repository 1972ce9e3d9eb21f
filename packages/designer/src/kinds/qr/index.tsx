import { layerSchema, type QrLayer } from '@templet/template'
import { QrCode } from 'lucide-react'
import { centredBox, shortSide } from '../box'
import { when } from '../controls'
import type { DesignerLayerKind } from '../kind'
import { references } from '../references'

/** A QR code has no `scale`: its quiet zone is in modules, so it scales with the box. */
export const qrKind: DesignerLayerKind<QrLayer> = {
  type: 'qr',
  adds: [
    {
      id: 'qr',
      label: 'addQr',
      name: 'qr',
      icon: <QrCode />,
      make(_t, size, words) {
        const side = shortSide(size) * 0.25
        const layer = layerSchema.parse({
          id: 'qr',
          type: 'qr',
          data: words.link,
          background: '#ffffff',
          box: centredBox(size, side, side),
        })
        return { layer: layer as QrLayer }
      },
    },
  ],
  section: 'qr',
  properties: (layer, { strings, update }) => [
    {
      control: 'text',
      label: strings.qrData,
      value: layer.data,
      set: (v, c) => v.trim() && update({ data: v.slice(0, 1000) }, c),
    },
    {
      control: 'colour',
      label: strings.color,
      value: layer.color,
      set: (hex, c) => update({ color: hex }, c),
    },
    {
      control: 'checkbox',
      label: strings.qrBackground,
      checked: layer.background !== undefined,
      set: (v) => update({ background: v ? '#ffffff' : undefined }),
    },
    ...when(layer.background !== undefined, {
      control: 'colour',
      label: strings.qrBackground,
      value: layer.background,
      set: (hex, c) => update({ background: hex }, c),
    }),
    {
      control: 'row',
      controls: [
        {
          control: 'select',
          label: strings.qrEcc,
          value: layer.ecc,
          set: (v) => update({ ecc: v as QrLayer['ecc'] }),
          options: (['L', 'M', 'Q', 'H'] as const).map((v) => ({ value: v, label: v })),
        },
        {
          control: 'number',
          label: strings.qrMargin,
          value: layer.margin,
          min: 0,
          max: 8,
          set: (v, c) => update({ margin: Math.round(v) }, c),
        },
      ],
    },
  ],
  words: {
    what: 'qrData',
    of: (layer) => layer.data,
    // A QR code encodes one text: a localised one gives it its English words.
    with: (layer, words) => ({ ...layer, data: typeof words === 'string' ? words : words.en }),
    // Room for a link with its tracking parameters; a code that holds much more is hard to scan.
    room: 300,
  },
  fieldKeys: (layer) => references(layer.data),
}
