import type { Layer, Template } from '@templet/template'
import type { Dispatch } from 'react'
import { designerKinds } from '../kinds'
import type { DesignerAction } from '../state/designer-state'
import { markTextField, textFieldOf, unmarkTextField } from '../state/fields'
import type { DesignerWords } from '../strings'
import { Checkbox, Section } from './controls'
import { FieldEditor } from './field-editor'
import { ColourField, PropertyChoice } from './property-choice'

export interface FieldsSectionProps {
  t: Template
  layer: Layer
  dispatch: Dispatch<DesignerAction>
  strings: DesignerWords
  readOnly?: boolean
  /** The fonts a font choice offers (the font menu's). */
  fonts?: Array<{ family: string; label?: string; weights: number[]; styles: Array<'normal' | 'italic'> }>
  /** More of what the customer fills in this layer (a text from a list, an image from a set). */
  children?: React.ReactNode
}

/**
 * What of this layer the customer fills in, exactly as the fill-in editor will show it, as the layer's kind
 * offers it: its words (a text field: its label in English and Chinese, its length limit, one line or several,
 * a sample in each language), the field it draws (an image's label, whether it is required), its colours (set
 * by the design, by the customer, or among options) and its other properties a customer may choose among.
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
  const kind = designerKinds.kindOf(layer)
  const textField = textFieldOf(t, layer)
  const shownKey = kind.shownField?.(layer)
  const shown = shownKey === undefined ? undefined : t.fields.find((f) => f.key === shownKey)
  const words = kind.words?.of(layer)
  return (
    <Section title={strings.field}>
      {kind.words && words !== undefined ? (
        <Checkbox
          label={`${strings.customerFills}: ${strings[kind.words.what]}`}
          checked={Boolean(textField)}
          // Words that already insert a field are the author's template: they cannot become one field.
          disabled={readOnly || (!textField && /\{\{/.test(JSON.stringify(words)))}
          onChange={(v) => replace(v ? markTextField(t, layer.id) : unmarkTextField(t, layer.id))}
        />
      ) : null}
      {children}
      {textField ? (
        <FieldEditor t={t} field={textField} replace={replace} strings={strings} readOnly={readOnly} />
      ) : null}
      {shown ? (
        <FieldEditor t={t} field={shown} replace={replace} strings={strings} readOnly={readOnly} />
      ) : null}
      {(kind.colours?.(layer) ?? []).map((property) => (
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
      {(kind.choices?.(layer, strings, fonts) ?? []).map((c) => (
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
