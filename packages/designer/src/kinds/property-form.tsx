import type { Locale, Template } from '@templet/template'
import { Fragment } from 'react'
import { Checkbox, ColorInput, NumberInput, Row, Select, TextInput } from '../panels/controls'
import type { DesignerWords } from '../strings'
import type { PropertyControl } from './controls'

export interface PropertyFormProps {
  controls: PropertyControl[]
  t: Template
  strings: DesignerWords
  locale: Locale
  palette?: string[] | undefined
  disabled?: boolean | undefined
}

const boundField = (t: Template, value: unknown) => {
  const key = typeof value === 'object' && value !== null ? (value as { field?: unknown }).field : undefined
  return typeof key === 'string' ? t.fields.find((f) => f.key === key) : undefined
}

const rowKey = (c: PropertyControl | undefined) => (c && 'label' in c ? c.label : undefined)

/** A kind's properties drawn from their description, in order, each with the panel's input for it. */
export function PropertyForm(props: PropertyFormProps) {
  return <>{props.controls.map((c, i) => drawControl(c, i, props))}</>
}

function drawControl(c: PropertyControl, index: number, form: PropertyFormProps) {
  const { t, strings, locale, palette, disabled } = form
  switch (c.control) {
    case 'number':
      return (
        <NumberInput
          key={`${c.control}:${c.label}`}
          label={c.label}
          value={c.value}
          min={c.min}
          max={c.max}
          step={c.step}
          placeholder={c.placeholder}
          onChange={c.set}
          disabled={disabled}
        />
      )
    case 'text':
      return (
        <TextInput
          key={`${c.control}:${c.label}`}
          label={c.label}
          value={c.value}
          multiline={c.multiline}
          words={c.words}
          onChange={c.set}
          disabled={disabled}
        />
      )
    case 'select':
      return (
        <Select
          key={`${c.control}:${c.label}`}
          label={c.label}
          value={c.value}
          options={c.options}
          onChange={c.set}
          disabled={disabled}
        />
      )
    case 'checkbox':
      return (
        <Checkbox
          key={`${c.control}:${c.label}`}
          label={c.label}
          checked={c.checked}
          onChange={c.set}
          disabled={disabled || c.disabled}
        />
      )
    case 'colour': {
      const field = boundField(t, c.value)
      if (field || typeof c.value !== 'string')
        return (
          <p key={`${c.control}:${c.label}`} style={{ margin: 0 }}>
            {`${c.label}: ${strings.boundTo.replace('{field}', field ? field.label[locale] : '?')}`}
          </p>
        )
      return (
        <ColorInput
          key={`${c.control}:${c.label}`}
          label={c.label}
          value={c.value}
          onChange={c.set}
          palette={palette}
          paletteLabel={strings.palette}
          invalidMessage={strings.invalidColour}
          disabled={disabled}
        />
      )
    }
    case 'row':
      return (
        // A row is keyed by its first control, so one appearing before it does not remake its inputs.
        <Row key={`row:${rowKey(c.controls[0]) ?? index}`}>
          <PropertyForm {...form} controls={c.controls} />
        </Row>
      )
    case 'note':
      return (
        <p key={c.text} data-slot={c.slot} style={{ margin: 0, ...(c.slot && { fontSize: 12 }) }}>
          {c.text}
        </p>
      )
    case 'custom':
      return <Fragment key={c.key}>{c.node}</Fragment>
  }
}
