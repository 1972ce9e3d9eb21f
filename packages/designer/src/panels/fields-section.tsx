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
  setSample,
  textFieldOf,
  unmarkChoiceField,
  unmarkColorField,
  unmarkTextField,
  updateField,
} from '../state/fields'
import { DESIGNER_STRINGS_EN, DESIGNER_STRINGS_ZH_CN, type DesignerWords } from '../strings'
import { Checkbox, ColorInput, NumberInput, Row, Section, Select, TextInput } from './controls'
import { layerName } from './layers-panel'

export interface FieldsSectionProps {
  t: Template
  layer: Layer
  dispatch: Dispatch<DesignerAction>
  strings: DesignerWords
  readOnly?: boolean
}

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
export function FieldsSection({ t, layer, dispatch, strings, readOnly }: FieldsSectionProps) {
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
    </Section>
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
            layer={layer}
            property={property}
            replace={replace}
            strings={strings}
            readOnly={readOnly}
          />
        </FieldEditor>
      ) : null}
    </div>
  )
}

const fill = (s: string, n: number) => s.replace('{n}', String(n))

/** A choice's options: each one's labels and this layer's colour for it; add, remove, the default. */
function ChoiceOptions({
  t,
  field,
  layer,
  property,
  replace,
  strings,
  readOnly,
}: {
  t: Template
  field: Extract<Field, { kind: 'choice' }>
  layer: Layer
  property: string
  replace: (document: Template, coalesce?: string) => void
  strings: DesignerWords
  readOnly?: boolean
}) {
  const map = ((getPath(layer, property) as { map?: Record<string, string> }).map ?? {}) as Record<
    string,
    string
  >
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
              label={`${fill(strings.option, i + 1)}: ${strings.labelEn}`}
              value={o.label.en}
              disabled={readOnly}
              onChange={(v, c) => v.trim() && setOption(o.value, { en: v }, c)}
            />
            <TextInput
              label={`${fill(strings.option, i + 1)}: ${strings.labelZh}`}
              value={o.label['zh-CN']}
              disabled={readOnly}
              onChange={(v, c) => v.trim() && setOption(o.value, { 'zh-CN': v }, c)}
            />
          </Row>
          <ColorInput
            label={`${fill(strings.option, i + 1)}: ${strings.color}`}
            value={typeof map[o.value] === 'string' ? (map[o.value] as string) : '#000000'}
            paletteLabel={strings.palette}
            disabled={readOnly}
            onChange={(hex, c) => replace(setChoiceColor(t, layer.id, property, o.value, hex), c)}
          />
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

function FieldEditor({
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
