import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { TemplateDetail, TemplateField, UploadInfo } from '@templet/api'
import { UPLOAD_MAX_BYTES } from '@templet/api/limits'
import { parseImageValue } from '@templet/template/image-value'
import { checkField, textLength, type ValueIssue } from '@templet/template/rules'
import { Button } from '@templet/ui/button'
import { ImagePlus, Trash2 } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { type Control, Controller, type FieldError, type UseFormRegister } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useUploadImage } from '../api/mutations'
import { uploadDetailQuery } from '../api/queries'
import { cx } from '../components/cx'
import { issueText } from '../forms/issues'
import { formatNumber } from '../i18n/format'
import { TruncatedNote, uploadFailureText } from './field-notes'
import { FocalPointPicker } from './focal-point'
import { MarkupButtons } from './markup-buttons'
import { sizeDetail } from './size-formats'
import { hasHan, ValueLanguage } from './value-language'

export type Locale = 'en' | 'zh-CN'
/** The editor's form: the values by field key under `v`, the size, and the language of text values. */
export interface EditorForm {
  v: Record<string, string>
  sizeId: string
  /** Field key -> the language chosen for its text (BCP 47), '' for automatic. */
  lang: Record<string, string>
}

// The model's value codes as the forms' issue texts name them (the API contract's codes).
const FORM_CODE: Record<ValueIssue['code'], string> = {
  too_long: 'too_big',
  too_short: 'too_small',
  not_single_line: 'not_single_line',
  required: 'required',
  invalid_color: 'invalid_format',
  invalid_focus: 'invalid_format',
  invalid_choice: 'invalid_value',
  unknown_field: 'invalid_value',
  unsupported_characters: 'invalid_value',
  not_text_field: 'invalid_value',
}

/**
 * The template's rules (the model's own, as the server applies them) as react-hook-form rules; each failed
 * rule's name is the issue code shown. An empty text draws the field's default, unless the field has a minimum.
 */
export function rulesFor(field: TemplateField): { validate: Record<string, (v: string) => boolean> } {
  const validate: Record<string, (v: string) => boolean> = {}
  for (const code of EDITORS[field.kind].codes)
    validate[FORM_CODE[code]] = (v: string) => !checkField(field, v ?? '').some((i) => i.code === code)
  return { validate }
}

export function errorText(
  t: ReturnType<typeof useTranslation>['t'],
  field: TemplateField,
  error?: FieldError,
) {
  if (!error) return undefined
  return issueText(t, `media.${field.kind}`, { type: error.type, params: paramsOf(field.kind, field) })
}

const inputClass =
  'block w-full rounded-md border border-input bg-background px-3 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring aria-[invalid=true]:border-destructive'

interface FieldProps {
  field: TemplateField
  locale: Locale
  control: Control<EditorForm>
  register: UseFormRegister<EditorForm>
  error?: FieldError | undefined
  value: string
  /** The server's word on this value (characters no font has), shown when the form's own rules pass. */
  serverIssue?: string | undefined
  /** The preview had to cut this text with "…": it does not fit even at its smallest size. */
  truncated?: boolean
  /** The language chosen for this text value ('' or undefined: automatic). */
  language?: string | undefined
  /**
   * How the template's layers show the value, which a choice's control follows: a menu for a text from a
   * list, each option's picture for an image set.
   */
  choice?: { list: boolean; thumbnails?: Record<string, string> | undefined } | undefined
}

type FieldKind = TemplateField['kind']
type FieldByKind = { [K in FieldKind]: Extract<TemplateField, { kind: K }> }

/** What the editor does with a field of one kind: its control, and the model's issue codes it shows. */
interface FieldEditor<K extends FieldKind> {
  Control: (props: FieldProps & { field: FieldByKind[K] }) => React.ReactNode
  codes: Array<ValueIssue['code']>
  /** The params an issue's text interpolates, from the field's limits. */
  params?: (field: FieldByKind[K]) => Record<string, number>
}

/** The editor of each field kind: a kind the model adds is a type error here until it has one. */
const EDITORS: { [K in FieldKind]: FieldEditor<K> } = {
  text: {
    Control: TextValue,
    codes: ['too_long', 'too_short', 'not_single_line'],
    params: (field) => ({ maximum: field.maxLength, minimum: field.minLength ?? 0 }),
  },
  image: { Control: ImageValue, codes: ['required'] },
  color: { Control: ColorValue, codes: ['invalid_color'] },
  choice: { Control: ChoiceValue, codes: ['invalid_choice'] },
}

// Indexed by a kind, the record gives the editor of that kind's fields (a correlated lookup the compiler follows).
function controlOf<K extends FieldKind>(kind: K, props: FieldProps & { field: FieldByKind[K] }) {
  const { Control } = EDITORS[kind]
  return <Control {...props} />
}
function paramsOf<K extends FieldKind>(kind: K, field: FieldByKind[K]) {
  return EDITORS[kind].params?.(field) ?? {}
}

/** One template field as its control: text, image upload, colour or choice. */
export function ValueField(props: FieldProps) {
  return controlOf(props.field.kind, { ...props, field: props.field })
}

function Message({ id, text, alert }: { id: string; text: string | undefined; alert?: boolean }) {
  return text ? (
    <p id={id} role={alert ? 'alert' : undefined} className="mt-1.5 text-sm text-destructive">
      {text}
    </p>
  ) : null
}

function TextValue({
  field,
  locale,
  register,
  error,
  value,
  serverIssue,
  truncated,
  language,
}: FieldProps & { field: Extract<TemplateField, { kind: 'text' }> }) {
  const { t } = useTranslation()
  const id = useId()
  const element = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null)
  const length = textLength(value ?? '')
  const message = errorText(t, field, error) ?? serverIssue
  const { ref, ...registered } = register(`v.${field.key}`, rulesFor(field))
  const described = [`${id}-count`, message && `${id}-error`, truncated && !message && `${id}-cut`]
  const a11y = {
    id,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': described.filter(Boolean).join(' '),
    placeholder: field.defaults[locale],
    dir: 'auto' as const,
    ...registered,
    ref: (el: HTMLInputElement | HTMLTextAreaElement | null) => {
      ref(el)
      element.current = el
    },
  }
  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between gap-2">
        <label htmlFor={id} id={`${id}-label`} className="text-sm font-medium">
          {field.labels[locale]}
        </label>
        {field.markup ? (
          <MarkupButtons target={element} fieldId={id} labelId={`${id}-label`} className="ms-auto" />
        ) : null}
        <span
          id={`${id}-count`}
          className={cx(
            'text-xs tabular-nums',
            length > field.maxLength ? 'text-destructive' : 'text-muted-foreground',
          )}
        >
          {t('media.editor.count', {
            length: formatNumber(length, locale),
            max: formatNumber(field.maxLength, locale),
          })}
        </span>
      </div>
      {field.multiline ? (
        <textarea rows={3} className={cx(inputClass, 'py-2')} {...a11y} />
      ) : (
        <input className={cx(inputClass, 'h-11')} {...a11y} />
      )}
      <Message id={`${id}-error`} text={message} />
      {truncated && !message ? <TruncatedNote id={`${id}-cut`} /> : null}
      {hasHan(value ?? '') ? (
        <ValueLanguage
          fieldLabelId={`${id}-label`}
          locale={locale}
          current={language}
          registration={register(`lang.${field.key}`)}
        />
      ) : null}
    </div>
  )
}

function ImageValue({
  field,
  locale,
  control,
  error,
}: FieldProps & { field: Extract<TemplateField, { kind: 'image' }> }) {
  const { t } = useTranslation()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const upload = useUploadImage()
  const queryClient = useQueryClient()
  const [progress, setProgress] = useState<number | undefined>(undefined)
  // Said beside the button until the next try: a toast far from it goes before it is read.
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const message = errorText(t, field, error) ?? failure
  return (
    <Controller
      control={control}
      name={`v.${field.key}`}
      rules={rulesFor(field)}
      render={({ field: { value, onChange } }) => (
        <fieldset aria-describedby={message ? `${id}-error` : undefined}>
          <legend className="mb-1.5 text-sm font-medium">
            {field.labels[locale]}
            {field.required ? null : (
              <span className="font-normal text-muted-foreground"> {t('media.editor.optional')}</span>
            )}
          </legend>
          <div className="flex flex-wrap items-center gap-3">
            <UploadThumb id={parseImageValue(value).ref} label={field.labels[locale]} />
            <input
              ref={input}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              className="sr-only"
              data-testid={`upload-${field.key}`}
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => {
                const file = event.target.files?.[0]
                event.target.value = ''
                if (!file) return
                // Refused here rather than after sending 10 MB (the server checks again: 413).
                if (file.size > UPLOAD_MAX_BYTES) {
                  setFailure(t('media.editor.uploadTooLarge'))
                  return
                }
                setFailure(undefined)
                setProgress(0)
                upload.mutate(
                  { file, onProgress: setProgress },
                  {
                    onSuccess: (info: UploadInfo) => {
                      queryClient.setQueryData(uploadDetailQuery(info.id).queryKey, info)
                      onChange(String(info.id))
                    },
                    onError: (reason) => setFailure(uploadFailureText(t, reason)),
                    onSettled: () => setProgress(undefined),
                  },
                )
              }}
            />
            <Button
              variant="outline"
              onClick={() => input.current?.click()}
              disabled={upload.isPending}
              aria-describedby={message ? `${id}-error` : undefined}
            >
              <ImagePlus aria-hidden="true" />
              {value ? t('media.editor.replaceImage') : t('media.editor.uploadImage')}
            </Button>
            {value ? (
              <Button
                variant="ghost"
                onClick={() => onChange('')}
                aria-label={t('media.editor.removeImage', { name: field.labels[locale] })}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            ) : null}
          </div>
          {value && progress === undefined ? (
            <UploadFocalPoint value={value} onChange={onChange} name={field.labels[locale]} />
          ) : null}
          {progress !== undefined ? (
            <div className="mt-2">
              <div
                role="progressbar"
                aria-label={t('media.editor.uploading')}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(progress * 100)}
                className="h-2 overflow-hidden rounded-full bg-muted"
              >
                <div
                  className="h-full bg-primary transition-[width]"
                  style={{ width: `${Math.round(progress * 100)}%` }}
                />
              </div>
              <p className="mt-1 text-xs text-muted-foreground" aria-live="polite">
                {progress >= 1
                  ? t('media.editor.processing')
                  : t('media.editor.uploadingPercent', { percent: Math.round(progress * 100) })}
              </p>
            </div>
          ) : (
            <p className="mt-1.5 text-xs text-muted-foreground">{t('media.editor.uploadHint')}</p>
          )}
          <Message id={`${id}-error`} text={message} alert={failure !== undefined} />
        </fieldset>
      )}
    />
  )
}

/** The focal point picker over the uploaded image, once its details are read. */
function UploadFocalPoint(props: { value: string; onChange: (value: string) => void; name: string }) {
  const uploadId = Number(parseImageValue(props.value).ref)
  const upload = useQuery({ ...uploadDetailQuery(uploadId), enabled: uploadId > 0, staleTime: 30 * 60_000 })
  return upload.data ? <FocalPointPicker {...props} src={upload.data.url} /> : null
}

/** The uploaded image by its id (read again after a reload: a draft keeps only the value). */
function UploadThumb({ id, label }: { id: string; label: string }) {
  const uploadId = Number(id)
  const upload = useQuery({ ...uploadDetailQuery(uploadId), enabled: uploadId > 0, staleTime: 30 * 60_000 })
  if (!id)
    return (
      <div aria-hidden="true" className="size-16 rounded-md border border-dashed border-border bg-muted" />
    )
  return upload.data ? (
    <img src={upload.data.url} alt={label} className="size-16 rounded-md border border-border object-cover" />
  ) : (
    <div aria-hidden="true" className="size-16 animate-pulse rounded-md bg-muted" />
  )
}

function ColorValue({
  field,
  locale,
  control,
  error,
}: FieldProps & { field: Extract<TemplateField, { kind: 'color' }> }) {
  const { t } = useTranslation()
  const id = useId()
  const message = errorText(t, field, error)
  return (
    <Controller
      control={control}
      name={`v.${field.key}`}
      rules={rulesFor(field)}
      render={({ field: { value, onChange, onBlur } }) => (
        <div>
          <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
            {field.labels[locale]}
          </label>
          <div className="flex items-center gap-2">
            <input
              type="color"
              value={/^#[0-9a-fA-F]{6}$/.test(value) ? value.toLowerCase() : '#000000'}
              onChange={(event) => onChange(event.target.value)}
              aria-label={t('media.editor.pickColour', { name: field.labels[locale] })}
              className="h-11 w-14 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1"
            />
            <input
              id={id}
              value={value}
              onChange={(event) => onChange(event.target.value.trim())}
              onBlur={onBlur}
              spellCheck={false}
              autoCapitalize="none"
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `${id}-error` : undefined}
              className={cx(inputClass, 'h-11 max-w-36 font-mono')}
            />
          </div>
          <Message id={`${id}-error`} text={message} />
        </div>
      )}
    />
  )
}

/** Options as radio buttons styled as pills: arrow keys move between them, as in any radio group. */
export function PillRadios({
  name,
  legend,
  options,
  value,
  onChange,
}: {
  name: string
  legend: string
  /** `image`: a small picture of the option (an image of the author's set), beside its label. */
  options: { value: string; label: string; detail?: string; image?: string | undefined }[]
  value: string
  onChange: (value: string) => void
}) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cx(
              'flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
              option.value === value
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-border hover:bg-accent',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.image ? (
              // Beside its label, which names it: decorative for a screen reader.
              <img src={option.image} alt="" className="size-6 rounded-sm object-cover" />
            ) : null}
            {option.label}
            {/* Full colour on the selected pill: primary-foreground at 75 % fell short of 4.5:1 on primary. */}
            {option.detail ? (
              <span className={cx('text-xs', option.value !== value && 'text-muted-foreground')}>
                {option.detail}
              </span>
            ) : null}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

function ChoiceValue({
  field,
  locale,
  control,
  choice,
}: FieldProps & { field: Extract<TemplateField, { kind: 'choice' }> }) {
  const id = useId()
  return (
    <Controller
      control={control}
      name={`v.${field.key}`}
      rules={rulesFor(field)}
      render={({ field: { value, onChange } }) =>
        choice?.list ? (
          // A text from the author's list: a menu, as a list of words may be long.
          <div className="flex flex-col gap-1.5">
            <label htmlFor={id} className="text-sm font-medium">
              {field.labels[locale]}
            </label>
            <select
              id={id}
              data-choice={field.key}
              className={cx(inputClass, 'h-10')}
              value={value}
              onChange={(e) => onChange(e.target.value)}
            >
              {field.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.labels[locale]}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <PillRadios
            name={`choice-${field.key}`}
            legend={field.labels[locale]}
            options={field.options.map((o) => ({
              value: o.value,
              label: o.labels[locale],
              image: choice?.thumbnails?.[o.value],
            }))}
            value={value}
            onChange={onChange}
          />
        )
      }
    />
  )
}

/** The template's sizes as a radio group (label, and the sheet or the pixels). */
export function SizeSwitch({
  template,
  locale,
  control,
}: {
  template: TemplateDetail
  locale: Locale
  control: Control<EditorForm>
}) {
  const { t } = useTranslation()
  if (template.sizes.length < 2) return null
  return (
    <Controller
      control={control}
      name="sizeId"
      render={({ field: { value, onChange } }) => (
        <PillRadios
          name="size"
          legend={t('media.editor.size')}
          options={template.sizes.map((s) => ({
            value: s.id,
            label: s.labels[locale],
            detail: sizeDetail(s),
          }))}
          value={value}
          onChange={onChange}
        />
      )}
    />
  )
}
