import type { Field } from '@templet/template'
import type { DesignerWords } from '../strings'
import { ColorInput, NumberInput, Row, TextInput } from './controls'

/**
 * What a field holds when the customer leaves it as it is, and a text's shortest length: a text's default (one
 * value for every language, or one per language, as the document has it) and a colour field's colour.
 */
export function FieldExtras({
  field,
  set,
  strings,
  readOnly,
}: {
  field: Field
  set: (patch: Partial<Field>, coalesce?: string) => void
  strings: DesignerWords
  readOnly?: boolean
}) {
  if (field.kind === 'color')
    return (
      <ColorInput
        label={strings.defaultValue}
        value={field.default}
        paletteLabel={strings.palette}
        disabled={readOnly}
        onChange={(hex, c) => set({ default: hex }, c)}
      />
    )
  if (field.kind !== 'text') return null
  const given = field.default
  return (
    <>
      <NumberInput
        label={strings.minLength}
        value={field.minLength}
        min={0}
        max={field.maxLength}
        placeholder="0"
        onChange={(v, c) => set({ minLength: Math.round(v) || undefined }, c)}
        disabled={readOnly}
      />
      {typeof given === 'string' ? (
        <TextInput
          label={strings.defaultValue}
          value={given}
          disabled={readOnly}
          onChange={(v, c) => set({ default: v }, c)}
        />
      ) : (
        <Row>
          <TextInput
            label={strings.defaultEn}
            value={given.en}
            disabled={readOnly}
            onChange={(v, c) => set({ default: { ...given, en: v } }, c)}
          />
          <TextInput
            label={strings.defaultZh}
            value={given['zh-CN']}
            disabled={readOnly}
            onChange={(v, c) => set({ default: { ...given, 'zh-CN': v } }, c)}
          />
        </Row>
      )}
    </>
  )
}
