import { layerSchema, type ShapeLayer } from '@templet/template'
import { Circle, Minus, Square } from 'lucide-react'
import { centredBox, shortSide } from '../box'
import { when } from '../controls'
import { outlineControls, scaleShadow, shadowControls } from '../effects'
import type { AddEntry, DesignerLayerKind } from '../kind'
import { tenth } from '../scale'
import { paintControls } from './paint'

const stroke = { color: '#111111', width: 2 }

/** A rectangle or an ellipse: a grey third of the shorter side. */
const filled = (shape: 'rect' | 'ellipse', id: string): AddEntry<ShapeLayer>['make'] =>
  function make(_t, size) {
    const side = shortSide(size) * 0.3
    const layer = layerSchema.parse({
      id,
      type: 'shape',
      shape,
      fill: '#94a3b8',
      box: centredBox(size, side, side),
    })
    return { layer: layer as ShapeLayer }
  }

export const shapeKind: DesignerLayerKind<ShapeLayer> = {
  type: 'shape',
  adds: [
    {
      id: 'rect',
      label: 'addRectangle',
      name: 'rectangle',
      icon: <Square />,
      make: filled('rect', 'rectangle'),
    },
    {
      id: 'ellipse',
      label: 'addEllipse',
      name: 'ellipse',
      icon: <Circle />,
      make: filled('ellipse', 'ellipse'),
    },
    {
      id: 'line',
      label: 'addLine',
      name: 'line',
      icon: <Minus />,
      make(_t, size) {
        const short = shortSide(size)
        const layer = layerSchema.parse({
          id: 'line',
          type: 'shape',
          shape: 'line',
          stroke: { color: '#111111', width: Math.max(1, Math.round(short / 200)) },
          box: centredBox(size, short * 0.4, Math.max(2, short / 50)),
        })
        return { layer: layer as ShapeLayer }
      },
    },
  ],
  section: 'shape',
  properties: (layer, ctx) => {
    const { strings, update } = ctx
    return [
      {
        control: 'select',
        label: strings.shape,
        value: layer.shape,
        set: (v) => {
          const shape = v as ShapeLayer['shape']
          // A line is its outline: it gets one when it has none.
          update(shape === 'line' && !layer.stroke ? { shape, stroke } : { shape })
        },
        options: [
          { value: 'rect', label: strings.rectangle },
          { value: 'ellipse', label: strings.ellipse },
          { value: 'line', label: strings.line },
        ],
      },
      ...(layer.shape === 'line' ? [] : paintControls(layer.fill, strings, (fill, c) => update({ fill }, c))),
      ...when(layer.shape === 'rect', {
        control: 'number',
        label: strings.radius,
        value: layer.radius,
        min: 0,
        max: 5000,
        set: (v, c) => update({ radius: v }, c),
      }),
      ...outlineControls(layer.stroke, ctx, {
        property: 'stroke',
        fresh: stroke,
        max: 500,
        disabled: layer.shape === 'line',
      }),
      ...shadowControls(layer, ctx),
    ]
  },
  // Its radius, outline and shadow the model keeps once for every size: they scale in the first size only.
  scale(layer, k, { first }) {
    if (!first) return layer
    const { stroke, shadow } = layer
    return {
      ...layer,
      radius: tenth(layer.radius * k),
      ...(stroke && { stroke: { ...stroke, width: Math.max(0.1, tenth(stroke.width * k)) } }),
      ...(shadow && { shadow: scaleShadow(shadow, k) }),
    }
  },
  colours: (layer) => (layer.shape === 'line' ? [] : ['fill']).concat(layer.stroke ? ['stroke.color'] : []),
}
