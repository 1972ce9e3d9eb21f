import type { Layer, Template } from '@templet/template'
import { fieldOfKind } from '../kinds/fields'
import type { ChoiceProperty } from '../kinds/kind'
import {
  getPath,
  markChoiceField,
  markColorField,
  setChoiceColor,
  setChoiceValue,
  unmarkChoiceField,
  unmarkColorField,
} from '../state/fields'
import type { DesignerWords } from '../strings'
import { ChoiceFieldEditor, firstOptions, numbered } from './choice-options'
import { ColorInput, Select } from './controls'
import { FieldEditor } from './field-editor'
import { layerName } from './layers-panel'

/**
 * Who sets a property that is not a colour (a font, a weight, an alignment, an image's fit): the design, or the
 * customer among named options, each with this layer's value for it. The fill-in editor shows the options as
 * a menu; the server refuses any other value.
 */
export function PropertyChoice({
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
  values: ChoiceProperty['values']
  replace: (document: Template, coalesce?: string) => void
  strings: DesignerWords
  readOnly?: boolean
}) {
  const value = getPath(layer, property)
  const bound =
    typeof value === 'object' && value !== null ? (value as { field?: string; map?: unknown }) : undefined
  const field = bound ? t.fields.find((f) => f.key === bound.field) : undefined
  const choice = bound?.map ? fieldOfKind(field, 'choice') : undefined
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
        <ChoiceFieldEditor
          t={t}
          field={choice}
          replace={replace}
          strings={strings}
          readOnly={readOnly}
          valueControl={(option, n) => {
            const map = (bound?.map ?? {}) as Record<string, unknown>
            return (
              <Select
                label={`${numbered(strings.option, n)}: ${what}`}
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
      ) : null}
    </div>
  )
}

type SetBy = 'design' | 'color' | 'choice'

/** Who sets a colour property: the design, the customer (any colour), or the customer among named options. */
export function ColourField({
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
  const binding =
    typeof value === 'object' && value !== null ? (value as { field?: string; map?: unknown }) : undefined
  const bound = t.fields.find((f) => f.key === binding?.field)
  const colour = fieldOfKind(bound, 'color')
  const choice = binding?.map ? fieldOfKind(bound, 'choice') : undefined
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
    : colour
      ? 'color'
      : choice
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
        markChoiceField(
          fixed,
          layer.id,
          property,
          name,
          // The first option keeps the design's colour; the second starts on another, so the choice shows.
          firstOptions().map((o, i) => ({ ...o, color: i === 0 ? '' : '#111111' })),
        ),
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
      {colour ? (
        <FieldEditor t={t} field={colour} replace={replace} strings={strings} readOnly={readOnly} />
      ) : null}
      {choice ? (
        <ChoiceFieldEditor
          t={t}
          field={choice}
          replace={replace}
          strings={strings}
          readOnly={readOnly}
          valueControl={(option, n) => {
            const map = ((value as { map?: Record<string, unknown> }).map ?? {}) as Record<string, unknown>
            return (
              <ColorInput
                label={`${numbered(strings.option, n)}: ${strings.color}`}
                value={typeof map[option] === 'string' ? (map[option] as string) : '#000000'}
                paletteLabel={strings.palette}
                invalidMessage={strings.invalidColour}
                disabled={readOnly}
                onChange={(hex, c) => replace(setChoiceColor(t, layer.id, property, option, hex), c)}
              />
            )
          }}
        />
      ) : null}
    </div>
  )
}
