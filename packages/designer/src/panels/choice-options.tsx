import type { Field, Template } from '@templet/template'
import { Button } from '@templet/ui/button'
import { addChoiceOption, removeChoiceOption, updateField } from '../state/fields'
import { DESIGNER_STRINGS_EN, DESIGNER_STRINGS_ZH_CN, type DesignerWords } from '../strings'
import { Row, Select, TextInput } from './controls'
import { FieldEditor } from './field-editor'

/** The words with their `{n}` filled in ("Option 2"). */
export const numbered = (s: string, n: number) => s.replace('{n}', String(n))

/** Two option labels to start a choice with, in both languages. */
export const firstOptions = () =>
  [1, 2].map((n) => ({
    label: {
      en: numbered(DESIGNER_STRINGS_EN.option, n),
      'zh-CN': numbered(DESIGNER_STRINGS_ZH_CN.option, n),
    },
  }))

/**
 * A choice field's editor with its options under it, each with this layer's value for it (`valueControl`);
 * `note` stands between the field's settings and its options.
 */
export function ChoiceFieldEditor({
  note,
  ...options
}: Parameters<typeof ChoiceOptions>[0] & { note?: React.ReactNode }) {
  const { t, field, replace, strings, readOnly } = options
  return (
    <FieldEditor t={t} field={field} replace={replace} strings={strings} readOnly={readOnly}>
      {note}
      <ChoiceOptions {...options} />
    </FieldEditor>
  )
}

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
      `${numbered(strings.option, n)}: ${language === 'en' ? strings.labelEn : strings.labelZh}`)
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
          aria-label={numbered(strings.option, i + 1)}
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
            {numbered(strings.removeOption, i + 1)}
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
              en: numbered(DESIGNER_STRINGS_EN.option, field.options.length + 1),
              'zh-CN': numbered(DESIGNER_STRINGS_ZH_CN.option, field.options.length + 1),
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
          label: o.label.en || numbered(strings.option, i + 1),
        }))}
      />
    </>
  )
}
