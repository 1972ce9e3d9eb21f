import type { ContactMessageBody } from '@templet/api'
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_NAME_MAX_LENGTH } from '@templet/api/limits'
import { Button } from '@templet/ui/button'
import { CircleCheck } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../api/client'
import { EmailField, TextField } from '../components/field'
import { ContractForm, useContractForm } from '../forms/contract-form'

type Values = { name: string; email: string; message: string }

/** `/contact-us`: a message to the team (`POST /contact-message`, rate-limited per IP). */
export function ContactPage() {
  const { t } = useTranslation()
  const [sent, setSent] = useState(false)
  const messageId = useId()
  const { form, field, fail, onSubmit } = useContractForm<Values, ContactMessageBody>({
    schema: (schemas) => schemas.contactMessageBody,
  })

  async function send(body: ContactMessageBody) {
    const result = await api.call('contactMessage', { body })
    if (result.code !== 0)
      return fail(result, (failure) => {
        if (failure.code !== 429) return undefined
        const minutes = Math.max(1, Math.ceil((failure.data.retryAfterSeconds ?? 3600) / 60))
        return { message: t('contact.tooMany', { minutes }) }
      })
    form.reset()
    setSent(true)
  }

  const { error: messageError, ...message } = field('message')
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
        <ContractForm
          form={form}
          onSubmit={onSubmit(send)}
          submitLabel={t('contact.submit')}
          busyLabel={t('contact.busy')}
          className="mt-8"
          submitClassName="self-start"
        >
          <TextField
            label={t('contact.name')}
            autoComplete="name"
            maxLength={CONTACT_NAME_MAX_LENGTH}
            required
            {...field('name')}
          />
          <EmailField label={t('contact.email')} {...field('email')} />
          <div>
            <label htmlFor={messageId} className="mb-1.5 block text-sm font-medium">
              {t('contact.message')}
            </label>
            <textarea
              id={messageId}
              {...message}
              rows={6}
              maxLength={CONTACT_MESSAGE_MAX_LENGTH}
              required
              aria-invalid={messageError ? true : undefined}
              aria-describedby={messageError ? `${messageId}-error` : undefined}
              className="block w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring aria-[invalid=true]:border-destructive"
            />
            {messageError ? (
              <p id={`${messageId}-error`} className="mt-1.5 text-sm text-destructive">
                {messageError}
              </p>
            ) : null}
          </div>
        </ContractForm>
      )}
    </div>
  )
}
