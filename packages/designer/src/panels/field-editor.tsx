import type { Field, Locale, Template } from '@templet/template'
import { designerFieldKinds } from '../kinds/fields'
import { PropertyForm } from '../kinds/property-form'
import { setSample, updateField } from '../state/fields'
import type { DesignerWords } from '../strings'
import { Row, TextInput } from './controls'

/**
 * One field's editor: its labels in English and Chinese, then its kind's settings, what the layer adds (a
 * choice's options) and its kind's closing settings.
 */
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
  const kind = designerFieldKinds.kindOf(field)
  const ctx = {
    t,
    strings,
    set: (patch: Partial<Field>, c?: string) => replace(updateField(t, field.key, patch), c),
    setSample: (locale: Locale, value: string, c: string) =>
      replace(setSample(t, locale, field.key, value), c),
  }
  const { set } = ctx
  // A field's settings are never bound to another field: the locale that would name one is not needed.
  const form = { t, strings, locale: 'en' as const, disabled: readOnly }
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
      <PropertyForm {...form} controls={kind.settings?.(field, ctx) ?? []} />
      {children}
      <PropertyForm {...form} controls={kind.closing?.(field, ctx) ?? []} />
    </div>
  )
}
