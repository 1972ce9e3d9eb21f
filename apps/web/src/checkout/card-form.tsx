import { CARD_BRAND_NAMES, cardBrand } from '@templet/api/card'
import { Button } from '@templet/ui/button'
import { CreditCard, Lock } from 'lucide-react'
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TextField } from '../components/field'
import {
  type CardError,
  type CardField,
  type CardValues,
  caretAfterDigits,
  checkCard,
  formatCardNumber,
  formatExpiry,
  onlyDigits,
} from './card'

const FIELDS: readonly CardField[] = ['cardNumber', 'expiry', 'cvc']

/**
 * The sandbox provider's card form, behaving like a real one: the number grouped as it is typed (the caret
 * stays after the digit just typed), its brand shown, each field checked when left and all on submit, the
 * first wrong field focused. `alert` is the outcome of the last attempt (a decline), shown above the button.
 */
export function CardForm({
  submitLabel,
  busy,
  alert,
  serverErrors,
  onPay,
  onEdit,
}: {
  submitLabel: string
  busy: boolean
  alert: string | undefined
  /** Errors the server found in the card (its own clock decides "expired"). */
  serverErrors?: Partial<Record<CardField, CardError>>
  onPay: (card: CardValues) => void
  /** Called on any change, so the page can clear the last attempt's outcome. */
  onEdit: () => void
}) {
  const { t } = useTranslation()
  const [values, setValues] = useState<CardValues>({ cardNumber: '', expiry: '', cvc: '' })
  const [errors, setErrors] = useState<Partial<Record<CardField, CardError>>>({})
  const inputs = useRef<Partial<Record<CardField, HTMLInputElement | null>>>({})
  const shown = { ...serverErrors, ...errors }
  const brand = cardBrand(onlyDigits(values.cardNumber))

  function change(field: CardField, value: string) {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors((e) => ({ ...e, [field]: undefined }))
    onEdit()
  }

  function onNumber(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target
    const digitsBefore = onlyDigits(input.value.slice(0, input.selectionStart ?? input.value.length)).length
    const formatted = formatCardNumber(input.value)
    change('cardNumber', formatted)
    const caret = caretAfterDigits(formatted, digitsBefore)
    requestAnimationFrame(() => {
      if (document.activeElement === input) input.setSelectionRange(caret, caret)
    })
  }

  function leave(field: CardField) {
    if (!values[field]) return
    const error = checkCard(values)[field]
    setErrors((e) => ({ ...e, [field]: error }))
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    const found = checkCard(values)
    setErrors(found)
    const first = FIELDS.find((field) => found[field])
    if (first) {
      inputs.current[first]?.focus()
      return
    }
    onPay(values)
  }

  const errorText = (field: CardField) => {
    const error = shown[field]
    return error ? t(`checkout.card.errors.${error}`) : undefined
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-busy={busy}>
      <TextField
        ref={(el) => {
          inputs.current.cardNumber = el
        }}
        label={t('checkout.card.number')}
        name="cardnumber"
        inputMode="numeric"
        autoComplete="cc-number"
        autoCorrect="off"
        spellCheck={false}
        placeholder="1234 1234 1234 1234"
        maxLength={23}
        value={values.cardNumber}
        onChange={onNumber}
        onBlur={() => leave('cardNumber')}
        error={errorText('cardNumber')}
        end={
          <span className="flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="card-brand">
            <CreditCard aria-hidden="true" className="size-4" />
            {brand ? (
              <span className="font-medium text-foreground">
                <span className="sr-only">
                  {t('checkout.card.brand', { brand: CARD_BRAND_NAMES[brand] })}
                </span>
                <span aria-hidden="true">{CARD_BRAND_NAMES[brand]}</span>
              </span>
            ) : null}
          </span>
        }
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          ref={(el) => {
            inputs.current.expiry = el
          }}
          label={t('checkout.card.expiry')}
          name="exp-date"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t('checkout.card.expiryPlaceholder')}
          maxLength={7}
          value={values.expiry}
          onChange={(event) => change('expiry', formatExpiry(event.target.value, values.expiry))}
          onBlur={() => leave('expiry')}
          error={errorText('expiry')}
        />
        <TextField
          ref={(el) => {
            inputs.current.cvc = el
          }}
          label={t('checkout.card.cvc')}
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={values.cvc}
          onChange={(event) => change('cvc', onlyDigits(event.target.value).slice(0, 4))}
          onBlur={() => leave('cvc')}
          error={errorText('cvc')}
          hint={t('checkout.card.cvcHint')}
        />
      </div>
      <div role="alert" aria-live="assertive" className="empty:hidden">
        {alert ? (
          <p className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
            {alert}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        <Lock aria-hidden="true" />
        {busy ? t('checkout.pay.busy') : submitLabel}
      </Button>
    </form>
  )
}
