import { CircleCheck } from 'lucide-react'
import { type FormEvent, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../api/client'
import { loadFormSchemas } from '../api/contract'
import { Button } from '../components/button'
import { EmailField, TextField } from '../components/field'
import { reportError } from '../feedback/notify'
import { SchemaForm } from '../forms/schema-form'
import { type FieldErrors, fieldOfMessage, translateMessage, validate } from '../forms/validate'
import { currentLanguage } from '../i18n'

const fields = ['name', 'email', 'message'] as const
type Field = (typeof fields)[number]

/** `/contact-us`: a message to the team (`POST /contact-message`, rate-limited per IP). */
export function ContactPage() {
  const { t } = useTranslation()
  const [errors, setErrors] = useState<FieldErrors<Field>>({})
  const [formError, setFormError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [sent, setSent] = useState(false)
  const busyRef = useRef(false)
  const messageId = useId()
  const language = currentLanguage()
  const errorOf = (field: Field) => {
    const message = errors[field]
    return message ? translateMessage(message, language) : undefined
  }
  const clear = (field: Field) => errors[field] && setErrors((e) => ({ ...e, [field]: undefined }))

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busyRef.current) return
    const form = event.currentTarget
    const data = new FormData(form)
    setFormError(undefined)
    busyRef.current = true
    setBusy(true)
    try {
      const { contactMessageBody } = await loadFormSchemas()
      const parsed = validate(contactMessageBody, {
        name: data.get('name'),
        email: data.get('email'),
        message: data.get('message'),
      })
      if (!parsed.ok) {
        setErrors(parsed.errors)
        const first = fields.find((f) => parsed.errors[f])
        if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus()
        return
      }
      setErrors({})
      const result = await api.call('contactMessage', { body: parsed.data })
      if (result.code === 0) {
        form.reset()
        setSent(true)
      } else if (result.code === 429) {
        const minutes = Math.max(1, Math.ceil((result.data.retryAfterSeconds ?? 3600) / 60))
        setFormError(t('contact.tooMany', { minutes }))
      } else if (result.code === 400 && fieldOfMessage(result.msg, fields)) {
        const field = fieldOfMessage(result.msg, fields)
        if (field) setErrors({ [field]: result.msg })
      } else {
        setFormError(result.msg ? translateMessage(result.msg, language) : t('app.unexpectedError'))
      }
    } catch (error) {
      reportError(error)
    } finally {
      busyRef.current = false
      setBusy(false)
    }
  }

  const messageError = errorOf('message')
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-14">
      <title>{`${t('contact.title')} · Templet`}</title>
      <h1 className="text-3xl font-semibold tracking-tight">{t('contact.title')}</h1>
      <p className="mt-3 text-lg text-muted-foreground">{t('contact.intro')}</p>
      {sent ? (
        <div role="status" className="mt-8 rounded-xl border border-border p-6">
          <p className="flex items-start gap-3">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            {t('contact.sent')}
          </p>
          <Button variant="outline" className="mt-4" onClick={() => setSent(false)}>
            {t('contact.another')}
          </Button>
        </div>
      ) : (
        <SchemaForm
          onSubmit={onSubmit}
          busy={busy}
          error={formError}
          submitLabel={t('contact.submit')}
          busyLabel={t('contact.busy')}
          className="mt-8"
          submitClassName="self-start"
        >
          <TextField
            label={t('contact.name')}
            name="name"
            autoComplete="name"
            maxLength={100}
            required
            error={errorOf('name')}
            onChange={() => clear('name')}
          />
          <EmailField label={t('contact.email')} error={errorOf('email')} onChange={() => clear('email')} />
          <div>
            <label htmlFor={messageId} className="mb-1.5 block text-sm font-medium">
              {t('contact.message')}
            </label>
            <textarea
              id={messageId}
              name="message"
              rows={6}
              maxLength={5000}
              required
              aria-invalid={messageError ? true : undefined}
              aria-describedby={messageError ? `${messageId}-error` : undefined}
              onChange={() => clear('message')}
              className="block w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring aria-[invalid=true]:border-destructive"
            />
            {messageError ? (
              <p id={`${messageId}-error`} className="mt-1.5 text-sm text-destructive">
                {messageError}
              </p>
            ) : null}
          </div>
        </SchemaForm>
      )}
    </div>
  )
}
