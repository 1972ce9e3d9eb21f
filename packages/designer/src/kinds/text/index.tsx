import { layerSchema, type TextLayer } from '@templet/template'
import { Type } from 'lucide-react'
import { type LayoutUpdate, TextLayoutControls } from '../../panels/layout-extras'
import { centredBox, shortSide } from '../box'
import { type PropertyControl, when } from '../controls'
import { outlineControls, scaleShadow, shadowControls } from '../effects'
import type { DesignerLayerKind, PropertyContext } from '../kind'
import { references } from '../references'
import { clamp, tenth } from '../scale'
import { fontControls, weightLabel } from './font-controls'
import { alignOptions, valignOptions } from './options'

const isField = (v: unknown): v is { field: string } =>
  typeof v === 'object' && v !== null && typeof (v as { field?: unknown }).field === 'string'

/** The texts a text layer may show (one per language when it is localised). */
const layerTexts = (l: TextLayer) => (typeof l.text === 'string' ? [l.text] : [l.text.en, l.text['zh-CN']])

/** The words: one text, or one per language (neither may be emptied). */
function wordControls(layer: TextLayer, { strings, update }: PropertyContext<TextLayer>): PropertyControl[] {
  const text = layer.text
  if (typeof text === 'string')
    return [
      {
        control: 'text',
        label: strings.text,
        multiline: true,
        value: text,
        words: layer,
        set: (v, c) => update({ text: v }, c),
      },
    ]
  return [
    {
      control: 'text',
      label: `${strings.text} (English)`,
      multiline: true,
      value: text.en,
      words: layer,
      set: (v, c) => v && update({ text: { ...text, en: v } }, c),
    },
    {
      control: 'text',
      label: `${strings.text} (中文)`,
      multiline: true,
      value: text['zh-CN'],
      words: layer,
      set: (v, c) => v && update({ text: { ...text, 'zh-CN': v } }, c),
    },
  ]
}

/**
 * An outline's first colour: black around light letters, white around dark ones (an outline the letters' own
 * colour would only thicken them). A colour bound to a field counts as dark.
 */
function contrasting(color: TextLayer['color']): string {
  const hex = typeof color === 'string' ? /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(color) : null
  if (!hex) return '#ffffff'
  const [r, g, b] = hex.slice(1).map((h) => Number.parseInt(h, 16)) as [number, number, number]
  // Perceived lightness (ITU-R BT.601 weights), 0-255.
  return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? '#000000' : '#ffffff'
}

function textProperties(layer: TextLayer, ctx: PropertyContext<TextLayer>): PropertyControl[] {
  const { t, strings, locale, update } = ctx
  const boundFont = isField(layer.font)
    ? t.fields.find((f) => f.key === (layer.font as { field: string }).field)
    : undefined
  return [
    ...wordControls(layer, ctx),
    isField(layer.font)
      ? {
          control: 'note',
          text: `${strings.font}: ${strings.boundTo.replace('{field}', boundFont?.label[locale] ?? '?')}`,
        }
      : fontControls(layer, ctx),
    {
      control: 'row',
      controls: [
        {
          control: 'number',
          label: strings.fontSize,
          value: layer.size,
          min: 1,
          max: 2000,
          set: (v, c) =>
            // The smallest size of shrink-to-fit may not exceed the size (the model refuses it).
            update(
              {
                size: v,
                shrinkToFit:
                  layer.shrinkToFit && layer.shrinkToFit.minSize > v ? { minSize: v } : layer.shrinkToFit,
              },
              c,
            ),
        },
        {
          control: 'number',
          label: strings.lineHeight,
          value: layer.lineHeight,
          min: 0.5,
          max: 4,
          step: 0.05,
          set: (v, c) => update({ lineHeight: v }, c),
        },
        {
          control: 'number',
          label: strings.letterSpacing,
          value: layer.letterSpacing,
          min: -0.5,
          max: 2,
          step: 0.01,
          set: (v, c) => update({ letterSpacing: v }, c),
        },
        ...when(!isField(layer.valign), {
          control: 'select',
          label: strings.textVAlign,
          value: String(layer.valign),
          set: (v) => update({ valign: v as TextLayer['valign'] }),
          options: valignOptions(strings),
        }),
        ...when(!isField(layer.align), {
          control: 'select',
          label: strings.textAlign,
          value: String(layer.align),
          set: (v) => update({ align: v as TextLayer['align'] }),
          options: alignOptions(strings),
        }),
      ],
    },
    // On: no property, as a text made from format 3 on draws (lines move down where their ink would touch);
    // off: every line exactly the line height below the one before, as texts saved before were drawn.
    {
      control: 'checkbox',
      label: strings.keepLinesClear,
      checked: layer.lineSpacing !== 'fixed',
      set: (v) => update({ lineSpacing: v ? undefined : 'fixed' }),
    },
    {
      control: 'colour',
      label: strings.color,
      value: layer.color,
      set: (hex, c) => update({ color: hex }, c),
    },
    // Off leaves no property behind, so the document reads as one saved before the switches existed.
    {
      control: 'row',
      controls: [
        {
          control: 'checkbox',
          label: strings.underline,
          checked: layer.underline === true,
          set: (v) => update({ underline: v ? true : undefined }),
        },
        {
          control: 'checkbox',
          label: strings.strikethrough,
          checked: layer.strikethrough === true,
          set: (v) => update({ strikethrough: v ? true : undefined }),
        },
      ],
    },
    {
      control: 'checkbox',
      label: strings.smartPunctuation,
      checked: layer.smartPunctuation === true,
      set: (v) => update({ smartPunctuation: v ? true : undefined }),
    },
    {
      control: 'row',
      controls: [
        {
          control: 'checkbox',
          label: strings.shrinkToFit,
          checked: Boolean(layer.shrinkToFit),
          set: (v) =>
            update({ shrinkToFit: v ? { minSize: Math.max(1, Math.round(layer.size / 2)) } : undefined }),
        },
        ...when(Boolean(layer.shrinkToFit), {
          control: 'number',
          label: strings.minSize,
          value: layer.shrinkToFit?.minSize,
          min: 1,
          max: layer.size,
          set: (v, c) => update({ shrinkToFit: { minSize: v } }, c),
        }),
      ],
    },
    {
      control: 'number',
      label: strings.maxLines,
      value: layer.maxLines,
      min: 1,
      max: 100,
      placeholder: '—',
      set: (v, c) => update({ maxLines: Math.round(v) }, c),
    },
    // An outline starts a twentieth of the size wide, in the colour that stands out from the letters'.
    ...outlineControls(layer.outline, ctx, {
      property: 'outline',
      fresh: { color: contrasting(layer.color), width: Math.max(1, tenth(layer.size / 20)) },
      max: 100,
      step: 0.5,
    }),
    // A text's first shadow is drawn to its size: a little below the letters, softened by a tenth of their size.
    ...shadowControls(layer, ctx, {
      color: '#00000059',
      x: 0,
      y: clamp(tenth(layer.size / 20), 1, 200),
      blur: clamp(tenth(layer.size / 10), 1, 200),
    }),
    {
      control: 'custom',
      key: 'layout',
      node: (
        <TextLayoutControls
          t={t}
          layer={layer}
          sizeId={ctx.sizeId}
          strings={strings}
          update={update as LayoutUpdate}
          disabled={ctx.disabled}
        />
      ),
    },
  ]
}

export const textKind: DesignerLayerKind<TextLayer> = {
  type: 'text',
  adds: [
    {
      id: 'text',
      label: 'addText',
      name: 'text',
      icon: <Type />,
      make(_t, size, words) {
        const fontSize = Math.max(12, Math.round(shortSide(size) / 14))
        const layer = layerSchema.parse({
          id: 'text',
          type: 'text',
          text: words.text,
          size: fontSize,
          box: centredBox(size, shortSide(size) * 0.6, fontSize * 1.6),
        })
        return { layer: layer as TextLayer }
      },
    },
  ],
  section: 'text',
  properties: textProperties,
  scale(layer, k, { sizeId, first }) {
    const override = layer.bySize?.[sizeId]
    if (!first || override?.size !== undefined) {
      const size = Math.max(1, tenth((override?.size ?? layer.size) * k))
      return { ...layer, bySize: { ...layer.bySize, [sizeId]: { ...override, size } } }
    }
    const size = Math.max(1, tenth(layer.size * k))
    const shrinkToFit = layer.shrinkToFit && {
      minSize: Math.min(size, Math.max(1, tenth(layer.shrinkToFit.minSize * k))),
    }
    const { outline, shadow } = layer
    // Letter spacing is in em and line height a multiple of the size: both scale with it already. The outline
    // and shadow the model keeps once for every size: they scale in the first size only.
    return {
      ...layer,
      size,
      ...(shrinkToFit && { shrinkToFit }),
      ...(outline && { outline: { ...outline, width: clamp(tenth(outline.width * k), 0.1, 100) } }),
      ...(shadow && { shadow: scaleShadow(shadow, k) }),
    }
  },
  words: { what: 'text', of: (layer) => layer.text, with: (layer, words) => ({ ...layer, text: words }) },
  fieldKeys: (layer) => layerTexts(layer).flatMap(references),
  colours: (layer) => ['color'].concat(layer.outline ? ['outline.color'] : []),
  choices(layer, strings, fonts) {
    const family = typeof layer.font === 'string' ? layer.font : undefined
    const weights = fonts.find((f) => f.family === family)?.weights ?? [400, 500, 600, 700, 800]
    return [
      {
        property: 'font',
        what: strings.font,
        values: fonts.map((f) => ({ value: f.family, label: f.label ?? f.family })),
      },
      {
        property: 'weight',
        what: strings.weight,
        values: weights.map((w) => ({ value: w, label: weightLabel(w, strings) })),
      },
      { property: 'align', what: strings.textAlign, values: alignOptions(strings) },
      { property: 'valign', what: strings.textVAlign, values: valignOptions(strings) },
    ]
  },
}
