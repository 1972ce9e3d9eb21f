import '../developer/messages'
import { useQuery } from '@tanstack/react-query'
import type { ApiKey, ApiKeyCreated, ApiKeyMode, ApiKeyScope } from '@templet/api'
import { Badge } from '@templet/ui/badge'
import { Button } from '@templet/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@templet/ui/dialog'
import { Copy, ExternalLink, KeyRound } from 'lucide-react'
import { type FormEvent, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiFailureError } from '../api/client'
import { EmptyState } from '../components/empty-state'
import { TextField } from '../components/field'
import { LoadError } from '../components/load-error'
import { PageTitle } from '../components/page-title'
import { RowsSkeleton } from '../components/rows-skeleton'
import { apiKeyListQuery, useCreateApiKey, useRevokeApiKey } from '../developer/api-keys'
import { notifySuccess, reportError, showToast } from '../feedback/notify'
import { formatDate } from '../i18n/format'

const NAME_MAX = 60
const SCOPES: readonly ApiKeyScope[] = ['read', 'render']
const MODES: readonly ApiKeyMode[] = ['live', 'test']

/** Developer settings: API keys for `/v1` (create, shown once, list with last use, revoke). */
export function DeveloperPage() {
  const { t } = useTranslation()
  const keys = useQuery(apiKeyListQuery())
  const [created, setCreated] = useState<ApiKeyCreated>()
  const [doomed, setDoomed] = useState<ApiKey>()
  const revoke = useRevokeApiKey()

  return (
    <>
      <PageTitle
        title={t('developer.title')}
        actions={
          <Button variant="outline" asChild>
            <a href="/v1/docs" target="_blank" rel="noopener">
              <ExternalLink aria-hidden="true" />
              {t('developer.docs')}
            </a>
          </Button>
        }
      >
        {t('developer.intro')}
      </PageTitle>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <CreateKeyForm onCreated={setCreated} />
        <section aria-labelledby="api-keys-title">
          <h2 id="api-keys-title" className="mb-3 text-lg font-semibold">
            {t('developer.listTitle')}
          </h2>
          {keys.isPending ? (
            <RowsSkeleton rowClassName="h-20" gap="gap-3" />
          ) : keys.isError ? (
            <LoadError onRetry={() => void keys.refetch()} />
          ) : keys.data.length === 0 ? (
            <EmptyState icon={<KeyRound className="size-6" />} title={t('developer.listTitle')}>
              {t('developer.empty')}
            </EmptyState>
          ) : (
            <ul className="flex flex-col gap-3" data-testid="api-key-list">
              {keys.data.map((key) => (
                <KeyItem key={key.id} apiKey={key} onRevoke={() => setDoomed(key)} />
              ))}
            </ul>
          )}
        </section>
      </div>

      <NewKeyDialog created={created} onDone={() => setCreated(undefined)} />

      <Dialog open={doomed !== undefined} onOpenChange={(open) => (open ? null : setDoomed(undefined))}>
        <DialogContent closeLabel={t('app.close')}>
          <DialogHeader>
            <DialogTitle>{t('developer.revokeTitle', { name: doomed?.name ?? '' })}</DialogTitle>
            <DialogDescription>{t('developer.revokeBody')}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setDoomed(undefined)}>
              {t('developer.cancel')}
            </Button>
            <Button
              variant="destructive"
              disabled={revoke.isPending}
              onClick={() => {
                if (!doomed) return
                revoke.mutate(doomed.id, {
                  onSuccess: () => {
                    setDoomed(undefined)
                    notifySuccess(t('developer.revoked'))
                  },
                })
              }}
            >
              {t('developer.revokeConfirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  )
}

/** Name, scopes and mode; checked here for the common mistakes, and by the server for everything. */
function CreateKeyForm({ onCreated }: { onCreated: (key: ApiKeyCreated) => void }) {
  const { t } = useTranslation()
  const create = useCreateApiKey()
  const nameRef = useRef<HTMLInputElement>(null)
  const [name, setName] = useState('')
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read', 'render'])
  const [mode, setMode] = useState<ApiKeyMode>('live')
  const [errors, setErrors] = useState<{ name?: string; scopes?: string; form?: string }>({})
  const scopesErrorId = useId()

  function nameError(value: string): string | undefined {
    if (value.trim() === '') return t('developer.nameRequired')
    if (value.trim().length > NAME_MAX) return t('developer.nameTooLong', { max: NAME_MAX })
    return undefined
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const found = {
      name: nameError(name),
      scopes: scopes.length === 0 ? t('developer.scopeRequired') : undefined,
    }
    setErrors(found)
    if (found.name) return nameRef.current?.focus()
    if (found.scopes) return
    create.mutate(
      { name: name.trim(), scopes, mode },
      {
        onSuccess: (key) => {
          setName('')
          setMode('live')
          onCreated(key)
        },
        onError: (error) => {
          if (!(error instanceof ApiFailureError)) return reportError(error)
          const field = error.issues[0]?.path[0]
          if (field === 'name') setErrors({ name: nameError(name) ?? error.msg })
          else if (field === 'scopes') setErrors({ scopes: t('developer.scopeRequired') })
          else setErrors({ form: error.msg })
        },
      },
    )
  }

  return (
    <section aria-labelledby="create-key-title" className="rounded-xl border border-border p-4 sm:p-5">
      <h2 id="create-key-title" className="mb-4 text-lg font-semibold">
        {t('developer.createTitle')}
      </h2>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          ref={nameRef}
          label={t('developer.name')}
          hint={t('developer.nameHint')}
          error={errors.name}
          value={name}
          maxLength={NAME_MAX + 20}
          autoComplete="off"
          enterKeyHint="done"
          onChange={(event) => {
            setName(event.target.value)
            if (errors.name || errors.form) setErrors({ ...errors, name: undefined, form: undefined })
          }}
        />
        <fieldset aria-describedby={errors.scopes ? scopesErrorId : undefined}>
          <legend className="mb-1.5 text-sm font-medium">{t('developer.scopes')}</legend>
          <div className="flex flex-col gap-2">
            {SCOPES.map((scope) => (
              <label
                key={scope}
                className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
              >
                <input
                  type="checkbox"
                  className="mt-1 size-4 accent-primary"
                  checked={scopes.includes(scope)}
                  onChange={(event) => {
                    setScopes(SCOPES.filter((s) => (s === scope ? event.target.checked : scopes.includes(s))))
                    setErrors({ ...errors, scopes: undefined })
                  }}
                />
                <span>
                  <span className="block font-medium">
                    {scope === 'read' ? t('developer.scopeRead') : t('developer.scopeRender')}
                  </span>
                  <span className="block text-sm text-muted-foreground">
                    {scope === 'read' ? t('developer.scopeReadHint') : t('developer.scopeRenderHint')}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {errors.scopes ? (
            <p id={scopesErrorId} className="mt-1.5 text-sm text-destructive">
              {errors.scopes}
            </p>
          ) : null}
        </fieldset>
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium">{t('developer.mode')}</legend>
          {/* Native radios sharing a name: one tab stop, the arrow keys move the choice. */}
          <div className="flex flex-col gap-2">
            {MODES.map((m) => (
              <label
                key={m}
                className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
              >
                <input
                  type="radio"
                  name="api-key-mode"
                  value={m}
                  className="mt-1 size-4 accent-primary"
                  checked={mode === m}
                  onChange={() => setMode(m)}
                />
                <span>
                  <span className="block font-medium">
                    {m === 'live' ? t('developer.modeLive') : t('developer.modeTest')}
                  </span>
                  <span className="block text-sm text-muted-foreground">
                    {m === 'live' ? t('developer.modeLiveHint') : t('developer.modeTestHint')}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {errors.form ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.form}
          </p>
        ) : null}
        <Button type="submit" disabled={create.isPending} className="h-11 sm:h-9">
          {create.isPending ? t('developer.creating') : t('developer.create')}
        </Button>
      </form>
    </section>
  )
}

/** The key and its image URL secret shown once, each with a copy button; closing it is a deliberate step. */
function NewKeyDialog({ created, onDone }: { created: ApiKeyCreated | undefined; onDone: () => void }) {
  const { t } = useTranslation()
  return (
    <Dialog open={created !== undefined} onOpenChange={(open) => (open ? null : onDone())}>
      <DialogContent
        closeLabel={t('app.close')}
        // A stray tap outside must not throw away the only chance to copy the key.
        onPointerDownOutside={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{t('developer.createdTitle')}</DialogTitle>
          <DialogDescription>{t('developer.createdNote')}</DialogDescription>
        </DialogHeader>
        <SecretToCopy label={t('developer.keyLabel')} value={created?.key ?? ''} testId="new-api-key" />
        <SecretToCopy
          label={t('developer.urlSecretLabel')}
          note={t('developer.urlSecretNote')}
          value={created?.urlSecret ?? ''}
          testId="new-url-secret"
        />
        <DialogFooter>
          <Button variant="outline" onClick={onDone}>
            {t('developer.done')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

function SecretToCopy(p: { label: string; note?: string; value: string; testId: string }) {
  const { t } = useTranslation()
  const inputRef = useRef<HTMLInputElement>(null)
  const noteId = useId()

  async function copy() {
    try {
      await navigator.clipboard.writeText(p.value)
      notifySuccess(t('developer.copied'))
    } catch {
      inputRef.current?.select()
      showToast('error', t('developer.copyFailed'))
    }
  }

  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">{p.label}</legend>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={inputRef}
          readOnly
          aria-label={p.label}
          aria-describedby={p.note ? noteId : undefined}
          value={p.value}
          onFocus={(event) => event.target.select()}
          className="h-11 w-full min-w-0 rounded-md border border-input bg-muted px-3 font-mono text-sm sm:flex-1"
          data-testid={p.testId}
        />
        <Button onClick={() => void copy()} className="h-11">
          <Copy aria-hidden="true" />
          {t('developer.copy')}
        </Button>
      </div>
      {p.note ? (
        <p id={noteId} className="text-xs text-muted-foreground">
          {p.note}
        </p>
      ) : null}
    </fieldset>
  )
}

function KeyItem({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  const { t, i18n } = useTranslation()
  const date = (iso: string) => formatDate(new Date(iso), 'moment', i18n.language)
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold break-words">
          {apiKey.name}
          {apiKey.mode === 'test' ? <Badge variant="secondary">{t('developer.testBadge')}</Badge> : null}
        </p>
        <p className="mt-0.5 font-mono text-sm break-all text-muted-foreground">{apiKey.hint}</p>
        <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span>
            {apiKey.scopes
              .map((s) => (s === 'read' ? t('developer.scopeRead') : t('developer.scopeRender')))
              .join(' · ')}
          </span>
          <span>{t('developer.created', { date: date(apiKey.createdAt) })}</span>
          <span>
            {apiKey.lastUsedAt
              ? t('developer.lastUsed', { date: date(apiKey.lastUsedAt) })
              : t('developer.neverUsed')}
          </span>
        </p>
      </div>
      <Button
        variant="outline"
        onClick={onRevoke}
        aria-label={`${t('developer.revoke')}: ${apiKey.name}`}
        className="h-11 self-start sm:h-9 sm:self-center"
      >
        {t('developer.revoke')}
      </Button>
    </li>
  )
}
