import type { TextField } from '@templet/template'
import type { PropertyControl } from '../../controls'
import type { DesignerFieldKind, FieldContext } from '../kind'
import { previewText } from './preview'

/** What the text holds when the customer leaves it as it is: one value for every language, or one per language. */
function defaultControls(field: TextField, { strings, set }: FieldContext<TextField>): PropertyControl[] {
  const given = field.default
  if (typeof given === 'string')
    return [
      { control: 'text', label: strings.defaultValue, value: given, set: (v, c) => set({ default: v }, c) },
    ]
  return [
    {
      control: 'row',
      controls: [
        {
          control: 'text',
          label: strings.defaultEn,
          value: given.en,
          set: (v, c) => set({ default: { ...given, en: v } }, c),
        },
        {
          control: 'text',
          label: strings.defaultZh,
          value: given['zh-CN'],
          set: (v, c) => set({ default: { ...given, 'zh-CN': v } }, c),
        },
      ],
    },
  ]
}

/** A text the customer types: its length limits, one line or several, its samples and its default. */
export const textFieldKind: DesignerFieldKind<TextField> = {
  kind: 'text',
  settings: (field, ctx) => {
    const { t, strings, set, setSample } = ctx
    return [
      {
        control: 'row',
        controls: [
          {
            control: 'number',
            label: strings.maxLength,
            value: field.maxLength,
            min: 1,
            max: 2000,
            set: (v, c) => set({ maxLength: Math.round(v) }, c),
          },
          {
            control: 'checkbox',
            label: strings.multiline,
            checked: Boolean(field.multiline),
            set: (v) => set({ multiline: v || undefined }),
          },
        ],
      },
      {
        control: 'text',
        label: strings.sampleEn,
        value: t.samples.en[field.key] ?? '',
        multiline: field.multiline,
        set: (v, c) => setSample('en', v, c),
      },
      {
        control: 'text',
        label: strings.sampleZh,
        value: t.samples['zh-CN'][field.key] ?? '',
        multiline: field.multiline,
        set: (v, c) => setSample('zh-CN', v, c),
      },
      {
        control: 'number',
        label: strings.minLength,
        value: field.minLength,
        min: 0,
        max: field.maxLength,
        placeholder: '0',
        set: (v, c) => set({ minLength: Math.round(v) || undefined }, c),
      },
      ...defaultControls(field, ctx),
    ]
  },
  preview: previewText,
}
