import '../account/messages'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  AccountSession,
  ApiFailure,
  ChangeEmailBody,
  ChangePasswordBody,
  DeleteAccountBody,
  UpdateUserBody,
  User,
} from '@templet/api'
import { Badge } from '@templet/ui/badge'
import { Button } from '@templet/ui/button'
import type { TFunction } from 'i18next'
import { Download, Laptop, MonitorSmartphone } from 'lucide-react'
import { type ReactNode, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { sessionListQuery, useRevokeSession, useStoreUser } from '../account/account-api'
import { api } from '../api/client'
import { myInfoQuery } from '../api/queries'
import { queryClient as appQueryClient } from '../api/query-client'
import { describeAuthFailure } from '../auth/auth-submit'
import { EmptyState } from '../components/empty-state'
import { PasswordField, TextField } from '../components/field'
import { LanguageOptions } from '../components/language-switcher'
import { LoadError } from '../components/load-error'
import { PageTitle } from '../components/page-title'
import { RowsSkeleton } from '../components/rows-skeleton'
import { notifySuccess, reportError } from '../feedback/notify'
import { ContractForm, useContractForm } from '../forms/contract-form'
import { type Language, setLanguage } from '../i18n'
import { formatDate } from '../i18n/format'
import { endSession, startSession } from '../session/session'

/** The words of a refusal not about a field (a wait, a wrong pair), above the form's button. */
function refusalText(t: TFunction, failure: ApiFailure) {
  const text = describeAuthFailure(t, failure)
  return text && { message: text.message }
}

/** Days between asking and the deletion: the server's default (`DELETION_GRACE_DAYS`), said in the page. */
const GRACE_DAYS = 7

/** Account settings: profile, email, password, devices, export, deletion. */
export function AccountPage() {
  const { t } = useTranslation()
  const me = useQuery(myInfoQuery())
  return (
    <>
      <PageTitle title={t('account.settings.title')}>{t('account.settings.intro')}</PageTitle>
      {me.isPending ? (
        <RowsSkeleton rowClassName="h-48" gap="gap-6" />
      ) : me.isError ? (
        <LoadError onRetry={() => void me.refetch()} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <ProfileSection user={me.data} />
          <EmailSection user={me.data} />
          <PasswordSection />
          <SessionsSection />
          <ExportSection />
          <DeleteSection />
        </div>
      )}
    </>
  )
}

function Section({
  title,
  intro,
  children,
  tone,
}: {
  title: string
  intro?: ReactNode
  children: ReactNode
  tone?: 'danger'
}) {
  const id = useId()
  return (
    <section
      aria-labelledby={id}
      className={
        tone === 'danger'
          ? 'rounded-xl border border-destructive/40 bg-background p-5 sm:p-6'
          : 'rounded-xl border border-border bg-background p-5 sm:p-6'
      }
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-muted-foreground">{intro}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  )
}

function ProfileSection({ user }: { user: User }) {
  const { t } = useTranslation()
  const storeUser = useStoreUser()
  const languageId = useId()
  const { form, field, fail, onSubmit } = useContractForm<{ name: string; locale: string }, UpdateUserBody>({
    schema: (schemas) => schemas.updateUserBody,
  })
  return (
    <Section title={t('account.settings.profile')}>
      <ContractForm
        form={form}
        onSubmit={onSubmit(async (body) => {
          const result = await api.call('updateUser', { body })
          if (result.code !== 0) return fail(result)
          storeUser(result.data)
          if (body.locale) await setLanguage(body.locale as Language)
          notifySuccess(t('account.settings.saved'))
        })}
        submitLabel={t('account.settings.save')}
        busyLabel={t('account.settings.saving')}
        submitClassName="self-start"
      >
        <TextField
          label={t('account.settings.name')}
          defaultValue={user.name}
          autoComplete="name"
          {...field('name')}
        />
        <div>
          <label htmlFor={languageId} className="mb-1.5 block text-sm font-medium">
            {t('account.settings.language')}
          </label>
          <select
            id={languageId}
            defaultValue={user.locale}
            className="h-11 w-full rounded-md border border-input bg-background px-3 text-base"
            {...form.register('locale')}
          >
            <LanguageOptions />
          </select>
        </div>
      </ContractForm>
    </Section>
  )
}

function EmailSection({ user }: { user: User }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [sentTo, setSentTo] = useState<string>()
  const { form, field, fail, onSubmit } = useContractForm<
    { email: string; password: string },
    ChangeEmailBody
  >({
    schema: (schemas) => schemas.changeEmailBody,
  })
  const waiting = sentTo ?? user.pendingEmail
  return (
    <Section title={t('account.settings.email')}>
      <p className="text-sm text-muted-foreground">{t('account.settings.current')}</p>
      <p className="mb-4 flex flex-wrap items-center gap-2 font-medium" data-testid="current-email">
        <span className="break-all">{user.email}</span>
        <Badge variant={user.emailVerified ? 'secondary' : 'outline'}>
          {user.emailVerified ? t('account.settings.verified') : t('account.settings.unverified')}
        </Badge>
      </p>
      {waiting ? (
        <p role="status" className="mb-4 rounded-md bg-muted px-3 py-2 text-sm">
          {t('account.settings.pendingEmail', { email: waiting })}
        </p>
      ) : null}
      <ContractForm
        form={form}
        onSubmit={onSubmit(async (body) => {
          const result = await api.call('changeEmail', { body })
          if (result.code !== 0) return fail(result, (f) => refusalText(t, f))
          setSentTo(body.email)
          form.reset()
          void queryClient.invalidateQueries({ queryKey: ['myInfo'] })
        })}
        submitLabel={t('account.settings.changeEmail')}
        busyLabel={t('account.settings.saving')}
        submitClassName="self-start"
      >
        <TextField
          label={t('account.settings.newEmail')}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          {...field('email')}
        />
        <PasswordField
          label={t('account.settings.yourPassword')}
          autoComplete="current-password"
          {...field('password')}
        />
      </ContractForm>
    </Section>
  )
}

function PasswordSection() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const { form, field, fail, onSubmit } = useContractForm<
    { currentPassword: string; password: string },
    ChangePasswordBody
  >({ schema: (schemas) => schemas.changePasswordBody })
  return (
    <Section title={t('account.settings.password')} intro={t('account.settings.passwordIntro')}>
      <ContractForm
        form={form}
        onSubmit={onSubmit(async (body) => {
          const result = await api.call('changePassword', { body })
          if (result.code !== 0) return fail(result, (f) => refusalText(t, f))
          const user = queryClient.getQueryData<User>(['myInfo'])
          if (user) startSession({ token: result.data.token, user })
          form.reset()
          void queryClient.invalidateQueries({ queryKey: ['sessionList'] })
          notifySuccess(t('account.settings.passwordChanged'))
        })}
        submitLabel={t('account.settings.changePassword')}
        busyLabel={t('account.settings.saving')}
        submitClassName="self-start"
      >
        <PasswordField
          label={t('account.settings.currentPassword')}
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <PasswordField
          label={t('account.settings.newPassword')}
          autoComplete="new-password"
          {...field('password')}
        />
      </ContractForm>
    </Section>
  )
}

function SessionsSection() {
  const { t, i18n } = useTranslation()
  const sessions = useQuery(sessionListQuery())
  const revoke = useRevokeSession()
  const name = (s: AccountSession) => s.device ?? t('account.settings.unknownDevice')
  return (
    <Section title={t('account.settings.sessions')} intro={t('account.settings.sessionsIntro')}>
      {sessions.isPending ? (
        <RowsSkeleton rowClassName="h-14" gap="gap-3" />
      ) : sessions.isError ? (
        <LoadError onRetry={() => void sessions.refetch()} />
      ) : sessions.data.length === 0 ? (
        <EmptyState icon={<Laptop className="size-6" />} title={t('account.settings.sessions')}>
          {t('account.settings.unknownDevice')}
        </EmptyState>
      ) : (
        <ul className="flex flex-col divide-y divide-border" data-testid="session-list">
          {sessions.data.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-3 py-3">
              <MonitorSmartphone aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {name(s)}
                  {s.current ? <Badge variant="secondary">{t('account.settings.thisDevice')}</Badge> : null}
                </p>
                <p className="text-sm text-muted-foreground">
                  {t('account.settings.lastSeen', {
                    date: formatDate(new Date(s.lastSeenAt), 'moment', i18n.language),
                  })}
                  {' · '}
                  {t('account.settings.since', {
                    date: formatDate(new Date(s.createdAt), 'moment', i18n.language),
                  })}
                </p>
              </div>
              {s.current ? null : (
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={t('account.settings.signOutLabel', { device: name(s) })}
                  disabled={revoke.isPending}
                  onClick={() =>
                    revoke.mutate(s.id, {
                      onSuccess: () => notifySuccess(t('account.settings.signedOut')),
                      onError: reportError,
                    })
                  }
                >
                  {t('account.settings.signOut')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

function ExportSection() {
  const { t, i18n } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [ready, setReady] = useState<{ url: string; expiresAt: string }>()
  async function prepare() {
    setBusy(true)
    try {
      const result = await api.call('exportAccount')
      if (result.code !== 0) throw new Error(result.msg)
      setReady({ url: result.data.url, expiresAt: result.data.expiresAt })
    } catch (error) {
      reportError(error)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Section title={t('account.settings.export')} intro={t('account.settings.exportIntro')}>
      {ready ? (
        <div className="flex flex-col items-start gap-3">
          <p role="status" className="text-sm">
            {t('account.settings.exportReady', {
              time: formatDate(new Date(ready.expiresAt), 'moment', i18n.language),
            })}
          </p>
          <Button asChild>
            <a href={ready.url} download>
              <Download aria-hidden="true" />
              {t('account.settings.exportDownload')}
            </a>
          </Button>
        </div>
      ) : (
        <Button variant="outline" disabled={busy} aria-busy={busy} onClick={() => void prepare()}>
          {busy ? t('account.settings.exportBusy') : t('account.settings.exportStart')}
        </Button>
      )}
    </Section>
  )
}

function DeleteSection() {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const word = t('account.settings.deleteWord')
  const [typed, setTyped] = useState('')
  const [typedError, setTypedError] = useState<string>()
  const { form, field, fail, onSubmit } = useContractForm<{ password: string }, DeleteAccountBody>({
    schema: (schemas) => schemas.deleteAccountBody,
  })
  return (
    <Section
      tone="danger"
      title={t('account.settings.delete')}
      intro={t('account.settings.deleteIntro', { days: GRACE_DAYS })}
    >
      <ContractForm
        form={form}
        onSubmit={onSubmit(async (body) => {
          if (typed.trim() !== word) {
            setTypedError(t('account.settings.deleteTypeWrong', { word }))
            return
          }
          const result = await api.call('deleteAccount', { body })
          if (result.code !== 0) return fail(result, (f) => refusalText(t, f))
          endSession({ byChoice: true })
          appQueryClient.clear()
          await navigate(
            `/account-deleted?date=${encodeURIComponent(formatDate(new Date(result.data.deleteAfter), 'long', i18n.language))}`,
            { replace: true },
          )
        })}
        submitLabel={t('account.settings.deleteSubmit')}
        busyLabel={t('account.settings.deleteBusy')}
        submitVariant="destructive"
        submitClassName="self-start"
      >
        <TextField
          label={t('account.settings.deleteType', { word })}
          value={typed}
          autoComplete="off"
          error={typedError}
          onChange={(event) => {
            setTyped(event.target.value)
            setTypedError(undefined)
          }}
        />
        <PasswordField
          label={t('account.settings.yourPassword')}
          autoComplete="current-password"
          {...field('password')}
        />
      </ContractForm>
    </Section>
  )
}
