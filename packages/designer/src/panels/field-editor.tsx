import {
  type ColumnNameProblem,
  columnNameProblem,
  columnNames,
  type Field,
  type Locale,
  type Template,
} from '@templet/template'
import { Input } from '@templet/ui/input'
import { useEffect, useRef, useState } from 'react'
import { designerFieldKinds } from '../kinds/fields'
import { PropertyForm } from '../kinds/property-form'
import { setSample, updateField } from '../state/fields'
import type { DesignerWords } from '../strings'
import { Row, TextInput, useEditSession } from './controls'

const problemWords = (strings: DesignerWords): Record<ColumnNameProblem, string> => ({
  empty: strings.columnNameEmpty,
  format: strings.columnNameFormat,
  reserved: strings.columnNameReserved,
  taken: strings.columnNameTaken,
})

/**
 * A field's column name: the saved one, or the default its label gives until it is saved (ADR 0186). A name
 * typed is kept only when it may be the field's; otherwise the box says why and the field keeps its name, which
 * the box shows again when it loses focus.
 */
function ColumnNameInput({
  t,
  field,
  strings,
  disabled,
  onChange,
}: {
  t: Template
  field: Field
  strings: DesignerWords
  disabled?: boolean | undefined
  onChange: (column: string, coalesce: string) => void
}) {
  const value = columnNames(t.fields).get(field.key) ?? field.key
  const [session, next] = useEditSession()
  const [draft, setDraft] = useState(value)
  const focused = useRef(false)
  useEffect(() => {
    if (!focused.current) setDraft(value)
  }, [value])
  const problem = draft === value ? undefined : columnNameProblem(t.fields, field.key, draft)
  return (
    <Input
      label={strings.columnName}
      size="sm"
      value={draft}
      disabled={disabled}
      spellCheck={false}
      autoComplete="off"
      hint={strings.columnNameHint}
      error={problem && problemWords(strings)[problem]}
      onFocus={() => {
        focused.current = true
        next()
      }}
      onBlur={() => {
        focused.current = false
        setDraft(value)
      }}
      onChange={(e) => {
        const typed = e.target.value
        setDraft(typed)
        if (!columnNameProblem(t.fields, field.key, typed)) onChange(typed, session)
      }}
    />
  )
}

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
      <ColumnNameInput
        t={t}
        field={field}
        strings={strings}
        disabled={readOnly}
        onChange={(column, c) => set({ column }, c)}
      />
      <PropertyForm {...form} controls={kind.settings?.(field, ctx) ?? []} />
      {children}
      <PropertyForm {...form} controls={kind.closing?.(field, ctx) ?? []} />
    </div>
  )
}
