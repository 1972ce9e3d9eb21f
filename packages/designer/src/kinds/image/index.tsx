import {
  IMAGE_ZOOM_MAX,
  type ImageAdjust,
  type ImageLayer,
  imageAdjustSchema,
  layerSchema,
} from '@templet/template'
import { Image, ImageUp } from 'lucide-react'
import { ImageFocusControls, type LayoutUpdate } from '../../panels/layout-extras'
import { fixedImageLayer, uniqueFieldKey } from '../../state/new-layers'
import { centredBox, shortSide } from '../box'
import { type PropertyControl, when } from '../controls'
import type { DesignerLayerKind, PropertyContext } from '../kind'
import { tenth } from '../scale'

/** Under its fit, radius and focus: a fixed image's note, or the colour shown until the customer's image comes. */
function sourceControls(
  layer: ImageLayer,
  { strings, update }: PropertyContext<ImageLayer>,
): PropertyControl[] {
  if (typeof layer.src === 'object') return []
  if (layer.src !== undefined)
    return [{ control: 'note', text: strings.fixedImageNote, slot: 'fixed-image-note' }]
  return when(typeof layer.placeholder === 'string', {
    control: 'colour',
    label: strings.placeholder,
    value: layer.placeholder,
    set: (hex, c) => update({ placeholder: hex }, c),
  })
}

/** Each adjustment, its range and step; the neutral value comes from the model's defaults. */
const ADJUSTMENTS = [
  { key: 'brightness', max: 200, step: 5 },
  { key: 'contrast', max: 200, step: 5 },
  { key: 'saturation', max: 200, step: 5 },
  { key: 'grayscale', max: 100, step: 5 },
  { key: 'blur', max: 100, step: 1 },
] as const satisfies ReadonlyArray<{ key: keyof ImageAdjust; max: number; step: number }>

/** The image's adjustments, two to a row; all back at neutral, the property is left out. */
function adjustControls(
  layer: ImageLayer,
  { strings, update }: PropertyContext<ImageLayer>,
): PropertyControl[] {
  const current = layer.adjust ?? imageAdjustSchema.parse({})
  const neutral = imageAdjustSchema.parse({})
  const controls = ADJUSTMENTS.map(
    ({ key, max, step }): PropertyControl => ({
      control: 'number',
      label: strings[key],
      value: current[key],
      min: 0,
      max,
      step,
      set: (v, c) => {
        const next = { ...current, [key]: v }
        const unchanged = ADJUSTMENTS.every((a) => next[a.key] === neutral[a.key])
        update({ adjust: unchanged ? undefined : next }, c)
      },
    }),
  )
  return [0, 2, 4].map((i) => ({ control: 'row', controls: controls.slice(i, i + 2) }))
}

export const imageKind: DesignerLayerKind<ImageLayer> = {
  type: 'image',
  adds: [
    {
      id: 'image',
      label: 'addImage',
      name: 'image',
      icon: <Image />,
      make(t, size, words) {
        const key = uniqueFieldKey(t, 'image')
        const side = shortSide(size) * 0.4
        const layer = layerSchema.parse({
          id: 'image',
          type: 'image',
          field: key,
          box: centredBox(size, side, side),
        })
        return { layer: layer as ImageLayer, field: { key, kind: 'image', label: words.image } }
      },
    },
    {
      id: 'fixedImage',
      label: 'addFixedImage',
      name: 'fixedImage',
      icon: <ImageUp />,
      fromUpload: (t, sizeId, upload) =>
        fixedImageLayer(t, sizeId, upload.ref, upload.width, upload.height) as ImageLayer,
    },
  ],
  section: 'image',
  properties: (layer, ctx) => {
    const { strings, update } = ctx
    return [
      ...when(typeof layer.fit !== 'object', {
        control: 'select',
        label: strings.fit,
        value: String(layer.fit),
        set: (v) => update({ fit: v as ImageLayer['fit'] }),
        options: [
          { value: 'cover', label: strings.cover },
          { value: 'contain', label: strings.contain },
        ],
      }),
      {
        control: 'number',
        label: strings.radius,
        value: layer.radius,
        min: 0,
        max: 5000,
        set: (v, c) => update({ radius: v }, c),
      },
      {
        control: 'number',
        label: strings.imageZoom,
        value: Math.round((layer.zoom ?? 1) * 100),
        min: 100,
        max: IMAGE_ZOOM_MAX * 100,
        step: 10,
        // 100 % is no zoom: the property is left out, as documents without crops have it.
        set: (v, c) => update({ zoom: v > 100 ? v / 100 : undefined }, c),
      },
      ...adjustControls(layer, ctx),
      {
        control: 'custom',
        key: 'focus',
        node: (
          <ImageFocusControls
            t={ctx.t}
            layer={layer}
            sizeId={ctx.sizeId}
            strings={strings}
            update={update as LayoutUpdate}
            disabled={ctx.disabled}
          />
        ),
      },
      ...sourceControls(layer, ctx),
    ]
  },
  // Its radius the model keeps once for every size: it scales in the first size only.
  scale: (layer, k, { first }) =>
    first && layer.radius > 0 ? { ...layer, radius: tenth(layer.radius * k) } : layer,
  fieldKeys: (layer) => (layer.field ? [layer.field] : []),
  shownField: (layer) => layer.field,
  choices: (_layer, strings) => [
    {
      property: 'fit',
      what: strings.fit,
      values: [
        { value: 'cover', label: strings.cover },
        { value: 'contain', label: strings.contain },
      ],
    },
  ],
}
