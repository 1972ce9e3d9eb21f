import type { Creation, TemplateDetail } from '@templet/api'
import { ImageOff, LoaderCircle } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { ApiFailureError } from '../api/client'
import { useCreateCreation } from '../api/mutations'
import { reportError } from '../feedback/notify'
import { CreatePanel, CreationResult } from './create-panel'
import { clearDraft, writeDraft } from './draft'
import { type EditorForm, type Locale, SizeFormats, SizeSwitch, sizeDetail, ValueField } from './fields'
import { useLivePreview } from './live-preview'

/** The values a template starts with in `locale`: each field's default (no image). */
export function defaultValues(template: TemplateDetail, locale: Locale): Record<string, string> {
  return Object.fromEntries(
    template.fields.map((f) => [
      f.key,
      f.kind === 'text' ? f.defaults[locale] : f.kind === 'image' ? '' : f.default,
    ]),
  )
}

/**
 * The editor: the template's fields beside a live preview, the size switch and "Create". Every change is
 * kept as the template's draft (sessionStorage), so a reload or a trip to buy credits loses nothing.
 */
export function Editor({
  template,
  initial,
  returnTo,
}: {
  template: TemplateDetail
  initial: { values: Record<string, string>; sizeId?: string | undefined }
  /** This editor's path, for the way back from buying credits. */
  returnTo: string
}) {
  const { t, i18n } = useTranslation()
  const locale: Locale = i18n.language === 'zh-CN' ? 'zh-CN' : 'en'
  const firstSize = template.sizes[0]?.id ?? ''
  const form = useForm<EditorForm>({
    mode: 'onChange',
    defaultValues: {
      v: { ...defaultValues(template, locale), ...initial.values },
      sizeId: template.sizes.some((s) => s.id === initial.sizeId) ? (initial.sizeId ?? firstSize) : firstSize,
    },
  })
  const values = useWatch({ control: form.control, name: 'v' })
  const sizeId = useWatch({ control: form.control, name: 'sizeId' })
  const errors = form.formState.errors.v ?? {}
  const create = useCreateCreation()
  const [created, setCreated] = useState<Creation | undefined>(undefined)
  const [outOfCredit, setOutOfCredit] = useState(false)
  const [serverError, setServerError] = useState<string | undefined>(undefined)

  // Only what differs from the defaults is kept: another language then starts from its own defaults.
  useEffect(() => {
    const defaults = defaultValues(template, locale)
    const changed = Object.fromEntries(
      Object.entries(values).filter(([key, value]) => value !== defaults[key]),
    )
    writeDraft(template.id, { values: changed, sizeId })
  }, [template, locale, values, sizeId])

  // The preview renders only values the template accepts; an invalid one keeps the last good picture.
  const valid = Object.keys(errors).length === 0
  // The version shown is the version drawn and bought (a creation re-opened from an older one keeps it).
  const templateVersion = template.version
  const preview = useLivePreview(
    valid ? { templateId: template.id, templateVersion, values, sizeId, locale } : undefined,
  )
  const size = template.sizes.find((s) => s.id === sizeId) ?? template.sizes[0]

  async function submit(form: EditorForm) {
    setServerError(undefined)
    try {
      const creation = await create.mutateAsync({
        templateId: template.id,
        templateVersion,
        values: form.v,
        sizeId: form.sizeId,
        // No name: the server names it by the first text typed (else the template), renamed from the result.
        locale,
      })
      clearDraft(template.id)
      setOutOfCredit(creation.credits === 0)
      setCreated(creation)
    } catch (error) {
      if (error instanceof ApiFailureError) {
        if (error.code === 402) setOutOfCredit(true)
        else setServerError(t('media.editor.createFailed', { reason: error.msg }))
      } else reportError(error)
    }
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(submit)}
      className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]"
    >
      <section
        aria-label={t('media.editor.preview')}
        className="order-first lg:sticky lg:top-20 lg:order-last"
      >
        <div
          className="relative mx-auto overflow-hidden rounded-xl border border-border bg-muted"
          style={{ aspectRatio: size ? `${size.width} / ${size.height}` : '1', maxHeight: '70vh' }}
          aria-busy={preview.pending}
        >
          {preview.src ? (
            <img
              src={preview.src}
              alt={t('media.editor.previewAlt', { name: template.names[locale] })}
              data-testid="preview"
              className="size-full object-contain"
            />
          ) : preview.failed ? (
            <div className="grid size-full place-items-center p-6 text-center text-sm text-muted-foreground">
              <ImageOff aria-hidden="true" className="size-8" />
              {t('media.editor.previewFailed')}
            </div>
          ) : (
            <div className="size-full animate-pulse bg-muted" />
          )}
          {preview.pending ? (
            <LoaderCircle
              aria-hidden="true"
              className="absolute end-3 top-3 size-5 animate-spin text-muted-foreground"
            />
          ) : null}
        </div>
        <p className="mt-2 text-center text-xs text-muted-foreground" aria-live="polite">
          {!valid
            ? t('media.editor.previewInvalid')
            : preview.failed && preview.src
              ? t('media.editor.previewStale')
              : size
                ? `${size.labels[locale]} · ${sizeDetail(size)}`
                : null}
        </p>
      </section>

      <div className="flex min-w-0 flex-col gap-5">
        <div className="flex flex-col gap-1.5">
          <SizeSwitch template={template} locale={locale} control={form.control} />
          {size ? <SizeFormats size={size} /> : null}
        </div>
        {template.fields.map((field) => (
          <ValueField
            key={field.key}
            field={field}
            locale={locale}
            control={form.control}
            register={form.register}
            error={errors[field.key]}
            value={values[field.key] ?? ''}
          />
        ))}
        {created ? (
          <CreationResult key={created.id} creation={created} onDismiss={() => setCreated(undefined)} />
        ) : null}
        <CreatePanel
          busy={create.isPending}
          outOfCredit={outOfCredit}
          returnTo={returnTo}
          error={serverError}
        />
      </div>
    </form>
  )
}
