import type { Creation, FieldIssue, TemplateDetail } from '@templet/api'
import { fieldKinds, fieldsShownBy, templatePages } from '@templet/template'
import { sizeOrDefault } from '@templet/template/sizes'
import { ImageOff, LoaderCircle } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { ApiFailureError } from '../api/client'
import { useCreateCreation } from '../api/mutations'
import { ApprovalNote } from '../approvals/approval-note'
import { cx } from '../components/cx'
import { reportError } from '../feedback/notify'
import { CanvasPreview, useTemplateDocument } from './canvas-preview'
import { useCharacterIssues } from './character-notes'
import { choicePresentation, useChoiceThumbnails } from './choice-presentation'
import { CreatePanel, CreationResult } from './create-panel'
import { clearDraft, writeDraft } from './draft'
import { createFailureText, issueOfField, serverIssueText } from './field-notes'
import { type EditorForm, type Locale, SizeSwitch, ValueField } from './fields'
import { useLivePreview } from './live-preview'
import { SizeFormats, sizeDetail } from './size-formats'
import { chosenLanguages } from './value-language'

/**
 * The values a template starts with in `locale`: its sample values (what its thumbnail shows), else each
 * field's default. Images start empty: a sample's picture is the catalogue's, not an upload of the customer's.
 */
export function defaultValues(template: TemplateDetail, locale: Locale): Record<string, string> {
  const samples = template.samples[locale]
  return Object.fromEntries(template.fields.map((f) => [f.key, fieldKinds.startValue(f, samples, locale)]))
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
  initial: {
    values: Record<string, string>
    sizeId?: string | undefined
    languages?: Record<string, string> | undefined
  }
  /** This editor's path, for the way back from buying credits. */
  returnTo: string
}) {
  const { t, i18n } = useTranslation()
  const locale: Locale = i18n.language === 'zh-CN' ? 'zh-CN' : 'en'
  const form = useForm<EditorForm>({
    mode: 'onChange',
    defaultValues: {
      v: { ...defaultValues(template, locale), ...initial.values },
      // A draft's size may be gone from the template since (a newer version): the editor opens in the default.
      sizeId: sizeOrDefault(template, initial.sizeId).id,
      lang: initial.languages ?? {},
    },
  })
  const values = useWatch({ control: form.control, name: 'v' })
  const languages = useWatch({ control: form.control, name: 'lang' })
  // What is drawn and sent: a choice beside a value with Han characters (the only ones it changes).
  const valueLanguages = useMemo(() => chosenLanguages(values, languages), [values, languages])
  const sizeId = useWatch({ control: form.control, name: 'sizeId' })
  const errors = form.formState.errors.v ?? {}
  const create = useCreateCreation()
  const [created, setCreated] = useState<Creation | undefined>(undefined)
  /** The page of a design of several pages the preview shows (each page is in the creation). */
  const [page, setPage] = useState(0)
  const [outOfCredit, setOutOfCredit] = useState(false)
  const [serverError, setServerError] = useState<string | undefined>(undefined)
  // Create's refusal of values, by field; the preview's refusal of the newer values replaces it.
  const [createIssues, setCreateIssues] = useState<readonly FieldIssue[]>([])

  // Only what differs from the defaults is kept: another language then starts from its own defaults.
  useEffect(() => {
    const defaults = defaultValues(template, locale)
    const changed = Object.fromEntries(
      Object.entries(values).filter(([key, value]) => value !== defaults[key]),
    )
    writeDraft(template.id, { values: changed, sizeId, languages: valueLanguages })
  }, [template, locale, values, sizeId, valueLanguages])

  // The preview renders only values the template accepts; an invalid one keeps the last good picture.
  const valid = Object.keys(errors).length === 0
  // The version shown is the version drawn and bought (a creation re-opened from an older one keeps it).
  const templateVersion = template.version
  // Drawn in the browser with the template's document at each keystroke, and the notes beside the fields (text
  // cut to fit, characters no font has) found by the same model code: typing asks the server nothing. The
  // server's pictures and notes are asked for only when the document cannot be had.
  const drawn = useTemplateDocument(template)
  const thumbnails = useChoiceThumbnails(drawn.document)
  const preview = useLivePreview(
    valid && drawn.failed
      ? { templateId: template.id, templateVersion, values, sizeId, locale, valueLanguages }
      : undefined,
  )
  const characterIssues = useCharacterIssues(drawn.document, values, valueLanguages)
  const [cutLayers, setCutLayers] = useState('')
  const truncated = useMemo(
    () => (drawn.document ? fieldsShownBy(drawn.document, cutLayers.split(' ')) : preview.truncated),
    [drawn.document, cutLayers, preview.truncated],
  )
  const previewIssues = drawn.document ? characterIssues : preview.issues
  // Shown only: the size sent is the form's `sizeId`, which the server checks (an unknown one is refused).
  const size = sizeOrDefault(template, sizeId)
  const valueIssues = previewIssues.length > 0 ? previewIssues : createIssues

  function fieldIssueText(field: TemplateDetail['fields'][number]) {
    const issue = issueOfField(valueIssues, field.key)
    return issue && serverIssueText(t, locale, field.kind, issue)
  }

  async function submit(form: EditorForm) {
    setServerError(undefined)
    setCreateIssues([])
    try {
      const creation = await create.mutateAsync({
        templateId: template.id,
        templateVersion,
        values: form.v,
        sizeId: form.sizeId,
        valueLanguages: chosenLanguages(form.v, form.lang),
        // No name: the server names it by the first text typed (else the template), renamed from the result.
        locale,
      })
      clearDraft(template.id)
      setOutOfCredit(creation.credits === 0)
      setCreated(creation)
    } catch (error) {
      if (error instanceof ApiFailureError) {
        if (error.code === 402) setOutOfCredit(true)
        else if (error.code === 400 && error.issues.some((i) => i.path[0] === 'values')) {
          setCreateIssues(error.issues)
          setServerError(t('media.editor.notes.fixFields'))
        } else setServerError(createFailureText(t, error))
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
          style={{ aspectRatio: `${size.width} / ${size.height}`, maxHeight: '70vh' }}
          aria-busy={!drawn.document && preview.pending}
        >
          {drawn.document ? (
            <CanvasPreview
              document={drawn.document}
              page={page}
              values={values}
              valueLanguages={valueLanguages}
              sizeId={sizeId}
              locale={locale}
              alt={t('media.editor.previewAlt', { name: template.names[locale] })}
              onTruncated={(layerIds) => setCutLayers(layerIds.join(' '))}
            />
          ) : preview.src ? (
            <img
              src={preview.src}
              alt={t('media.editor.previewAlt', { name: template.names[locale] })}
              data-testid="preview"
              className="size-full object-contain"
            />
          ) : preview.failed ? (
            <div className="grid size-full place-items-center p-6 text-center text-sm text-muted-foreground">
              <ImageOff aria-hidden="true" className="size-8" />
              {/* Refused values are named beside their fields: the picture waits for them. */}
              {preview.issues.length > 0 ? t('media.editor.previewInvalid') : t('media.editor.previewFailed')}
            </div>
          ) : (
            <div className="size-full animate-pulse bg-muted" />
          )}
          {preview.pending && !drawn.document ? (
            <LoaderCircle
              aria-hidden="true"
              className="absolute end-3 top-3 size-5 animate-spin text-muted-foreground"
            />
          ) : null}
        </div>
        {drawn.document && templatePages(drawn.document).length > 1 ? (
          <fieldset className="mt-2 flex flex-wrap justify-center gap-1.5" data-testid="preview-pages">
            <legend className="sr-only">{t('media.editor.pages')}</legend>
            {templatePages(drawn.document).map((p, i) => (
              <button
                key={p.id}
                type="button"
                aria-pressed={i === page}
                aria-label={t('media.editor.pageButton', { n: i + 1, name: p.name })}
                title={p.name}
                onClick={() => setPage(i)}
                className={cx(
                  'h-8 min-w-8 rounded-md border px-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  i === page
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'border-border hover:bg-accent',
                )}
              >
                {i + 1}
              </button>
            ))}
          </fieldset>
        ) : null}
        <p className="mt-2 text-center text-xs text-muted-foreground" aria-live="polite">
          {!valid || previewIssues.length > 0
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
          <SizeFormats size={size} sizes={template.sizes} locale={locale} />
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
            truncated={truncated.includes(field.key)}
            language={languages[field.key]}
            serverIssue={fieldIssueText(field)}
            choice={
              drawn.document
                ? {
                    list: choicePresentation(drawn.document, field.key).list,
                    thumbnails: thumbnails[field.key],
                  }
                : undefined
            }
          />
        ))}
        {created ? (
          <CreationResult key={created.id} creation={created} onDismiss={() => setCreated(undefined)} />
        ) : null}
        <ApprovalNote template={template} />
        <CreatePanel
          busy={create.isPending}
          outOfCredit={outOfCredit}
          returnTo={returnTo}
          error={serverError}
          notApproved={template.approval?.approved === false}
        />
      </div>
    </form>
  )
}
