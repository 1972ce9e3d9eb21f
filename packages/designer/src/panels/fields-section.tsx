import type { Field, Layer, Template } from '@templet/template'
import type { Dispatch } from 'react'
import type { DesignerAction } from '../state/designer-state'
import {
  getPath,
  markColorField,
  markTextField,
  setSample,
  textFieldOf,
  unmarkColorField,
  unmarkTextField,
  updateField,
} from '../state/fields'
import type { DesignerStrings } from '../strings'
import { Checkbox, NumberInput, Row, Section, TextInput } from './controls'
import { layerName } from './layers-panel'

export interface FieldsSectionProps {
  t: Template
  layer: Layer
  dispatch: Dispatch<DesignerAction>
  strings: DesignerStrings
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
 * label, whether it is required) and colours (label and default).
 */
export function FieldsSection({ t, layer, dispatch, strings, readOnly }: FieldsSectionProps) {
  const replace = (document: Template, coalesce?: string) => dispatch({ type: 'replace', document, coalesce })
  const textField = textFieldOf(t, layer)
  const imageField = layer.type === 'image' ? t.fields.find((f) => f.key === layer.field) : undefined
  const name = layerName(layer)

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
      {colourProperties(layer).map((property) => {
        const value = getPath(layer, property)
        const key =
          typeof value === 'object' && value !== null ? (value as { field?: string }).field : undefined
        const bound = t.fields.find((f) => f.key === key)
        const what =
          property === 'stroke.color'
            ? `${strings.stroke}: ${strings.color}`
            : property === 'fill'
              ? strings.fill
              : strings.color
        return (
          <div key={property} style={{ display: 'grid', gap: 8 }}>
            <Checkbox
              label={`${strings.customerFills}: ${what}`}
              checked={bound?.kind === 'color'}
              disabled={
                readOnly ||
                (bound !== undefined && bound.kind !== 'color') ||
                (!bound && typeof value !== 'string')
              }
              onChange={(v) =>
                replace(
                  v
                    ? markColorField(t, layer.id, property, `${name} ${what}`)
                    : unmarkColorField(t, layer.id, property),
                )
              }
            />
            {bound?.kind === 'color' ? (
              <FieldEditor t={t} field={bound} replace={replace} strings={strings} readOnly={readOnly} />
            ) : null}
          </div>
        )
      })}
    </Section>
  )
}

function FieldEditor({
  t,
  field,
  replace,
  strings,
  readOnly,
}: {
  t: Template
  field: Field
  replace: (document: Template, coalesce?: string) => void
  strings: DesignerStrings
  readOnly?: boolean
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
