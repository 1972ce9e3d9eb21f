import type { Field, Layer, Template } from '@templet/template'
import { Button } from '@templet/ui/button'
import type { Dispatch } from 'react'
import type { DesignerAction } from '../state/designer-state'
import {
  addChoiceOption,
  getPath,
  markChoiceField,
  markColorField,
  markTextField,
  removeChoiceOption,
  setChoiceColor,
  setChoiceValue,
  setSample,
  textFieldOf,
  unmarkChoiceField,
  unmarkColorField,
  unmarkTextField,
  updateField,
} from '../state/fields'
import { DESIGNER_STRINGS_EN, DESIGNER_STRINGS_ZH_CN, type DesignerWords } from '../strings'
import { Checkbox, ColorInput, NumberInput, Row, Section, Select, TextInput } from './controls'
import { FieldExtras } from './field-extras'
import { layerName } from './layers-panel'

export interface FieldsSectionProps {
  t: Template
  layer: Layer
  dispatch: Dispatch<DesignerAction>
  strings: DesignerWords
  readOnly?: boolean
  /** The fonts a font choice offers (the font menu's). */
  fonts?: Array<{ family: string; label?: string; weights: number[] }>
  /** More of what the customer fills in this layer (a text from a list, an image from a set). */
  children?: React.ReactNode
}

type Choices = Array<{ value: string | number; label: string }>

/**
 * The properties other than colours a customer may be given to choose among named options (each option's
 * labels in English and Chinese, and this layer's value for it), with the values each may take.
 */
function choiceProperties(
  layer: Layer,
  strings: DesignerWords,
  fonts: NonNullable<FieldsSectionProps['fonts']>,
): Array<{ property: string; what: string; values: Choices }> {
  if (layer.type === 'image')
    return [
      {
        property: 'fit',
        what: strings.fit,
        values: [
          { value: 'cover', label: strings.cover },
          { value: 'contain', label: strings.contain },
        ],
      },
    ]
  if (layer.type !== 'text') return []
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
      values: weights.map((w) => ({ value: w, label: String(w) })),
    },
    {
      property: 'align',
      what: strings.textAlign,
      values: alignOptions(strings),
    },
    {
      property: 'valign',
      what: strings.textVAlign,
      values: valignOptions(strings),
    },
  ]
}

/** A text's alignments in its box, named for the menus. */
export const alignOptions = (strings: DesignerWords) => [
  { value: 'start' as const, label: strings.alignStart },
  { value: 'left' as const, label: strings.alignLeft },
  { value: 'center' as const, label: strings.alignCenter },
  { value: 'right' as const, label: strings.alignRight },
  { value: 'end' as const, label: strings.alignEnd },
]

/** A text's vertical alignments in its box, named for the menus. */
export const valignOptions = (strings: DesignerWords) => [
  { value: 'top', label: strings.valignTop },
  { value: 'middle', label: strings.valignMiddle },
  { value: 'bottom', label: strings.valignBottom },
]

/** The colour properties of a layer kind that a customer may be given to pick. */
const colourProperties = (layer: Layer): string[] =>
  layer.type === 'text'
    ? ['color']
    : layer.type === 'shape'
      ? (layer.shape === 'line' ? [] : ['fill']).concat(layer.stroke ? ['stroke.color'] : [])
      : []

/**
 * What of this layer the customer fills in, exactly as the fill-in editor will show it: a text (its label in
 * English and Chinese, its length limit, one line or several, a sample in each language), an image (its
 * label, whether it is required) and colours (set by the design, by the customer, or among options).
 */
export function FieldsSection({
  t,
  layer,
  dispatch,
  strings,
  readOnly,
  fonts = [],
  children,
}: FieldsSectionProps) {
  const replace = (document: Template, coalesce?: string) => dispatch({ type: 'replace', document, coalesce })
  const textField = textFieldOf(t, layer)
  const imageField = layer.type === 'image' ? t.fields.find((f) => f.key === layer.field) : undefined

  return (
    <Section title={strings.field}>
      {layer.type === 'text' || layer.type === 'qr' ? (
        <Checkbox
          label={`${strings.customerFills}: ${layer.type === 'qr' ? strings.qrData : strings.text}`}
          checked={Boolean(textField)}
          disabled={
            readOnly ||
            (!textField && /\{\{/.test(layer.type === 'qr' ? layer.data : JSON.stringify(layer.text)))
          }
          onChange={(v) => replace(v ? markTextField(t, layer.id) : unmarkTextField(t, layer.id))}
        />
      ) : null}
      {children}
      {textField ? (
        <FieldEditor t={t} field={textField} replace={replace} strings={strings} readOnly={readOnly} />
      ) : null}
      {imageField ? (
        <FieldEditor t={t} field={imageField} replace={replace} strings={strings} readOnly={readOnly} />
      ) : null}
      {colourProperties(layer).map((property) => (
        <ColourField
          key={property}
          t={t}
          layer={layer}
          property={property}
          replace={replace}
          strings={strings}
          readOnly={readOnly}
        />
      ))}
      {choiceProperties(layer, strings, fonts).map((c) => (
        <PropertyChoice
          key={c.property}
          t={t}
          layer={layer}
          property={c.property}
          what={c.what}
          values={c.values}
          replace={replace}
          strings={strings}
          readOnly={readOnly}
        />
      ))}
    </Section>
  )
}

/** Two option labels to start a choice with, in both languages. */
export const firstOptions = () =>
  [1, 2].map((n) => ({
    label: { en: fill(DESIGNER_STRINGS_EN.option, n), 'zh-CN': fill(DESIGNER_STRINGS_ZH_CN.option, n) },
  }))

/**
 * Who sets a property that is not a colour (a font, a weight, an alignment, an image's fit): the design, or the
 * customer among named options, each with this layer's value for it. The fill-in editor shows the options as
 * a menu; the server refuses any other value.
 */
function PropertyChoice({
  t,
  layer,
  property,
  what,
  values,
  replace,
  strings,
  readOnly,
}: {
  t: Template
  layer: Layer
  property: string
  what: string
  values: Choices
  replace: (document: Template, coalesce?: string) => void
  strings: DesignerWords
  readOnly?: boolean
}) {
  const value = getPath(layer, property)
  const bound =
    typeof value === 'object' && value !== null ? (value as { field?: string; map?: unknown }) : undefined
  const field = bound ? t.fields.find((f) => f.key === bound.field) : undefined
  const choice = field?.kind === 'choice' && bound?.map ? field : undefined
  // The second option starts on another value than the first, so the choice shows a difference at once.
  const other = values.find((v) => v.value !== value)?.value
  const to = (next: 'design' | 'choice') =>
    replace(
      next === 'choice'
        ? markChoiceField(
            t,
            layer.id,
            property,
            `${layerName(layer)} ${what}`,
            firstOptions().map((o, i) => ({ ...o, value: i === 0 ? undefined : other })),
          )
        : unmarkChoiceField(t, layer.id, property),
    )
  return (
    <div style={{ display: 'grid', gap: 8 }} data-choice-property={property}>
      <Select<'design' | 'choice'>
        label={strings.setBy.replace('{what}', what)}
        value={choice ? 'choice' : 'design'}
        disabled={readOnly || (bound !== undefined && !choice) || values.length < 2}
        onChange={to}
        options={[
          { value: 'design', label: strings.setByDesign },
          { value: 'choice', label: strings.setByChoice },
        ]}
      />
      {choice ? (
        <FieldEditor t={t} field={choice} replace={replace} strings={strings} readOnly={readOnly}>
          <ChoiceOptions
            t={t}
            field={choice}
            replace={replace}
            strings={strings}
            readOnly={readOnly}
            valueControl={(option, n) => {
              const map = (bound?.map ?? {}) as Record<string, unknown>
              return (
                <Select
                  label={`${fill(strings.option, n)}: ${what}`}
                  value={String(map[option] ?? '')}
                  disabled={readOnly}
                  onChange={(v) => {
                    const picked = values.find((x) => String(x.value) === v)?.value
                    if (picked !== undefined) replace(setChoiceValue(t, layer.id, property, option, picked))
                  }}
                  options={values.map((x) => ({ value: String(x.value), label: x.label }))}
                />
              )
            }}
          />
        </FieldEditor>
      ) : null}
    </div>
  )
}

type SetBy = 'design' | 'color' | 'choice'

/** Who sets a colour property: the design, the customer (any colour), or the customer among named options. */
function ColourField({
  t,
  layer,
  property,
  replace,
  strings,
  readOnly,
}: {
  t: Template
  layer: Layer
  property: string
  replace: (document: Template, coalesce?: string) => void
  strings: DesignerWords
  readOnly?: boolean
}) {
  const value = getPath(layer, property)
  const key = typeof value === 'object' && value !== null ? (value as { field?: string }).field : undefined
  const bound = t.fields.find((f) => f.key === key)
  const what =
    property === 'stroke.color'
      ? `${strings.stroke}: ${strings.color}`
      : property === 'fill'
        ? strings.fill
        : strings.color
  const setBy: SetBy | undefined = !bound
    ? typeof value === 'string'
      ? 'design'
      : undefined
    : bound.kind === 'color'
      ? 'color'
      : bound.kind === 'choice' && (value as { map?: unknown }).map
        ? 'choice'
        : undefined
  const name = `${layerName(layer)} ${what}`
  const to = (next: SetBy) => {
    const fixed =
      setBy === 'color'
        ? unmarkColorField(t, layer.id, property)
        : setBy === 'choice'
          ? unmarkChoiceField(t, layer.id, property)
          : t
    if (next === 'color') replace(markColorField(fixed, layer.id, property, name))
    else if (next === 'choice')
      replace(
        markChoiceField(fixed, layer.id, property, name, [
          {
            label: {
              en: fill(DESIGNER_STRINGS_EN.option, 1),
              'zh-CN': fill(DESIGNER_STRINGS_ZH_CN.option, 1),
            },
            color: '',
          },
          {
            label: {
              en: fill(DESIGNER_STRINGS_EN.option, 2),
              'zh-CN': fill(DESIGNER_STRINGS_ZH_CN.option, 2),
            },
            color: '#111111',
          },
        ]),
      )
    else replace(fixed)
  }
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <Select<SetBy>
        label={strings.setBy.replace('{what}', what)}
        value={setBy ?? 'design'}
        disabled={readOnly || setBy === undefined}
        onChange={to}
        options={[
          { value: 'design', label: strings.setByDesign },
          { value: 'color', label: strings.setByColour },
          { value: 'choice', label: strings.setByChoice },
        ]}
      />
      {bound?.kind === 'color' ? (
        <FieldEditor t={t} field={bound} replace={replace} strings={strings} readOnly={readOnly} />
      ) : null}
      {bound?.kind === 'choice' && setBy === 'choice' ? (
        <FieldEditor t={t} field={bound} replace={replace} strings={strings} readOnly={readOnly}>
          <ChoiceOptions
            t={t}
            field={bound}
            replace={replace}
            strings={strings}
            readOnly={readOnly}
            valueControl={(option, n) => {
              const map = ((value as { map?: Record<string, unknown> }).map ?? {}) as Record<string, unknown>
              return (
                <ColorInput
                  label={`${fill(strings.option, n)}: ${strings.color}`}
                  value={typeof map[option] === 'string' ? (map[option] as string) : '#000000'}
                  paletteLabel={strings.palette}
                  disabled={readOnly}
                  onChange={(hex, c) => replace(setChoiceColor(t, layer.id, property, option, hex), c)}
                />
              )
            }}
          />
        </FieldEditor>
      ) : null}
    </div>
  )
}

const fill = (s: string, n: number) => s.replace('{n}', String(n))

/** A choice's options: each one's labels and this layer's value for it; add, remove, the default. */
export function ChoiceOptions({
  t,
  field,
  replace,
  strings,
  readOnly,
  valueControl,
  optionLabel,
}: {
  t: Template
  field: Extract<Field, { kind: 'choice' }>
  replace: (document: Template, coalesce?: string) => void
  strings: DesignerWords
  readOnly?: boolean
  /** The control of this layer's value for an option (`n` counts from 1). */
  valueControl: (option: string, n: number) => React.ReactNode
  /** What an option's label inputs are called (default: "Option n: Label (English)"). */
  optionLabel?: (n: number, language: 'en' | 'zh-CN') => string
}) {
  const named =
    optionLabel ??
    ((n: number, language: 'en' | 'zh-CN') =>
      `${fill(strings.option, n)}: ${language === 'en' ? strings.labelEn : strings.labelZh}`)
  const setOption = (value: string, label: Partial<{ en: string; 'zh-CN': string }>, c: string) =>
    replace(
      updateField(t, field.key, {
        options: field.options.map((o) =>
          o.value === value ? { ...o, label: { ...o.label, ...label } } : o,
        ),
      }),
      c,
    )
  return (
    <>
      {field.options.map((o, i) => (
        // biome-ignore lint/a11y/useSemanticElements: a labelled group of one option's settings
        <div
          key={o.value}
          role="group"
          aria-label={fill(strings.option, i + 1)}
          style={{ display: 'grid', gap: 6 }}
        >
          <Row>
            <TextInput
              label={named(i + 1, 'en')}
              value={o.label.en}
              disabled={readOnly}
              onChange={(v, c) => v.trim() && setOption(o.value, { en: v }, c)}
            />
            <TextInput
              label={named(i + 1, 'zh-CN')}
              value={o.label['zh-CN']}
              disabled={readOnly}
              onChange={(v, c) => v.trim() && setOption(o.value, { 'zh-CN': v }, c)}
            />
          </Row>
          {valueControl(o.value, i + 1)}
          <Button
            variant="outline"
            size="sm"
            disabled={readOnly || field.options.length <= 2}
            onClick={() => replace(removeChoiceOption(t, field.key, o.value))}
          >
            {fill(strings.removeOption, i + 1)}
          </Button>
        </div>
      ))}
      <Button
        variant="outline"
        size="sm"
        disabled={readOnly}
        onClick={() =>
          replace(
            addChoiceOption(t, field.key, {
              en: fill(DESIGNER_STRINGS_EN.option, field.options.length + 1),
              'zh-CN': fill(DESIGNER_STRINGS_ZH_CN.option, field.options.length + 1),
            }),
          )
        }
      >
        {strings.addOption}
      </Button>
      <Select
        label={strings.defaultOption}
        value={field.default}
        disabled={readOnly}
        onChange={(v) => replace(updateField(t, field.key, { default: v }))}
        options={field.options.map((o, i) => ({
          value: o.value,
          label: o.label.en || fill(strings.option, i + 1),
        }))}
      />
    </>
  )
}

export function FieldEditor({
  t,
  field,
  replace,
  strings,
  readOnly,
  children,
}: {
  t: Template
  field: Field
  replace: (document: Template, coalesce?: string) => void
  strings: DesignerWords
  readOnly?: boolean
  children?: React.ReactNode
}) {
  const set = (patch: Partial<Field>, c?: string) => replace(updateField(t, field.key, patch), c)
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of one field's settings
    <div
      role="group"
      aria-label={`${strings.field} ${field.key}`}
      data-field={field.key}
      style={{ display: 'grid', gap: 8, paddingLeft: 8, borderLeft: '2px solid var(--ui-border, #e4e4e7)' }}
    >
      <Row>
        <TextInput
          label={strings.labelEn}
          value={field.label.en}
          disabled={readOnly}
          onChange={(v, c) => v.trim() && set({ label: { ...field.label, en: v } }, c)}
        />
        <TextInput
          label={strings.labelZh}
          value={field.label['zh-CN']}
          disabled={readOnly}
          onChange={(v, c) => v.trim() && set({ label: { ...field.label, 'zh-CN': v } }, c)}
        />
      </Row>
      {field.kind === 'text' ? (
        <>
          <Row>
            <NumberInput
              label={strings.maxLength}
              value={field.maxLength}
              min={1}
              max={2000}
              onChange={(v, c) => set({ maxLength: Math.round(v) }, c)}
              disabled={readOnly}
            />
            <Checkbox
              label={strings.multiline}
              checked={Boolean(field.multiline)}
              disabled={readOnly}
              onChange={(v) => set({ multiline: v || undefined })}
            />
          </Row>
          <TextInput
            label={strings.sampleEn}
            value={t.samples.en[field.key] ?? ''}
            multiline={field.multiline}
            disabled={readOnly}
            onChange={(v, c) => replace(setSample(t, 'en', field.key, v), c)}
          />
          <TextInput
            label={strings.sampleZh}
            value={t.samples['zh-CN'][field.key] ?? ''}
            multiline={field.multiline}
            disabled={readOnly}
            onChange={(v, c) => replace(setSample(t, 'zh-CN', field.key, v), c)}
          />
        </>
      ) : null}
      <FieldExtras field={field} set={set} strings={strings} readOnly={readOnly} />
      {children}
      {field.kind === 'image' ? (
        <Checkbox
          label={strings.required}
          checked={Boolean(field.required)}
          disabled={readOnly}
          onChange={(v) => set({ required: v || undefined })}
        />
      ) : null}
    </div>
  )
}
