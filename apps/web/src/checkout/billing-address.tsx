import { useQuery } from '@tanstack/react-query'
import type { Team } from '@templet/api'
import {
  BILLING_ADDRESS_LINE_MAX_LENGTH,
  BILLING_ADDRESS_LINES_MAX,
  BILLING_NAME_MAX_LENGTH,
} from '@templet/api/limits'
import { Button } from '@templet/ui/button'
import { Input, Textarea } from '@templet/ui/input'
import { Skeleton } from '@templet/ui/skeleton'
import { ReceiptText } from 'lucide-react'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiFailureError } from '../api/client'
import { useBillingDetailsSave } from '../api/mutations'
import { billingDetailsQuery } from '../api/queries'
import { LoadError } from '../components/load-error'
import { notifySuccess, reportError } from '../feedback/notify'

/** The address as typed, one line a row: each trimmed, empty rows left out. */
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)

type Errors = { name?: string | undefined; address?: string | undefined }

/**
 * A team's billing address (ADR 0210), on its plan page for its owner and admins: the name and postal address the
 * receipts of what the team buys from now on are billed to; receipts already issued keep theirs. Without one, the
 * receipts are billed to the team's name.
 */
export function BillingAddress({ team, className }: { team: Team; className?: string }) {
  const { t } = useTranslation()
  const details = useQuery(billingDetailsQuery())
  const save = useBillingDetailsSave()
  const nameRef = useRef<HTMLInputElement>(null)
  const addressRef = useRef<HTMLTextAreaElement>(null)
  const [name, setName] = useState('')
  const [address, setAddress] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  // The form starts from what is set, once it is in.
  const current = details.data?.details
  const filled = useRef(false)
  useEffect(() => {
    if (filled.current || details.data === undefined) return
    filled.current = true
    setName(current?.name ?? '')
    setAddress(current?.address.join('\n') ?? '')
  }, [details.data, current])

  function check(): Errors {
    const lines = linesOf(address)
    return {
      name: !name.trim()
        ? t('whose.address.nameRequired')
        : name.trim().length > BILLING_NAME_MAX_LENGTH
          ? t('whose.address.nameTooLong', { max: BILLING_NAME_MAX_LENGTH })
          : undefined,
      address:
        lines.length === 0
          ? t('whose.address.linesRequired')
          : lines.length > BILLING_ADDRESS_LINES_MAX
            ? t('whose.address.tooManyLines', { lines: BILLING_ADDRESS_LINES_MAX })
            : lines.some((line) => line.length > BILLING_ADDRESS_LINE_MAX_LENGTH)
              ? t('whose.address.lineTooLong', { max: BILLING_ADDRESS_LINE_MAX_LENGTH })
              : undefined,
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const found = check()
    setErrors(found)
    if (found.name) return nameRef.current?.focus()
    if (found.address) return addressRef.current?.focus()
    save.mutate(
      { name: name.trim(), address: linesOf(address) },
      {
        onSuccess: (saved) => {
          setAddress(saved.details.address.join('\n'))
          notifySuccess(t('whose.address.saved', { name: saved.details.name }))
        },
        onError: (error) => {
          if (!(error instanceof ApiFailureError) || error.code !== 400) return reportError(error)
          // The server's word for what the form could not tell (a control character), beside its field.
          const field = error.issues[0]?.path[0] === 'name' ? 'name' : 'address'
          setErrors({ [field]: error.msg })
          if (field === 'name') nameRef.current?.focus()
          else addressRef.current?.focus()
        },
      },
    )
  }

  let body: React.ReactNode
  if (details.isError) body = <LoadError onRetry={() => void details.refetch()} />
  else if (!details.data) body = <Skeleton className="mt-3 h-40 w-full" />
  else
    body = (
      <>
        <div className="mt-2 text-sm" data-testid="billing-address-current">
          {current ? (
            <>
              <p className="text-muted-foreground">{t('whose.address.current')}</p>
              <p className="mt-1 break-words font-medium">{current.name}</p>
              {current.address.map((line, index) => (
                <p key={index} className="break-words">
                  {line}
                </p>
              ))}
            </>
          ) : (
            <p className="break-words text-muted-foreground">
              {t('whose.address.none', { team: team.name })}
            </p>
          )}
        </div>
        <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
          <Input
            ref={nameRef}
            label={t('whose.address.name')}
            hint={t('whose.address.nameHint', { max: BILLING_NAME_MAX_LENGTH })}
            error={errors.name}
            autoComplete="organization"
            value={name}
            onChange={(event) => {
              setName(event.target.value)
              if (errors.name) setErrors({ ...errors, name: undefined })
            }}
          />
          <Textarea
            ref={addressRef}
            label={t('whose.address.lines')}
            hint={t('whose.address.linesHint', { lines: BILLING_ADDRESS_LINES_MAX })}
            error={errors.address}
            autoComplete="street-address"
            rows={BILLING_ADDRESS_LINES_MAX}
            value={address}
            onChange={(event) => {
              setAddress(event.target.value)
              if (errors.address) setErrors({ ...errors, address: undefined })
            }}
          />
          <Button type="submit" className="self-start" disabled={save.isPending}>
            {save.isPending ? t('whose.address.saving') : t('whose.address.save')}
          </Button>
        </form>
      </>
    )

  return (
    <section
      aria-labelledby="billing-address-heading"
      className={`min-w-0 rounded-xl border border-border p-5 ${className ?? ''}`}
    >
      <h2 id="billing-address-heading" className="flex items-center gap-2 text-sm text-muted-foreground">
        <ReceiptText aria-hidden="true" className="size-4 shrink-0" />
        {t('whose.address.title')}
      </h2>
      <p className="mt-1 text-sm break-words">{t('whose.address.intro', { team: team.name })}</p>
      {body}
    </section>
  )
}
