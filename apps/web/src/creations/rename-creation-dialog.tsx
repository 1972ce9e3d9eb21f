import type { Creation } from '@templet/api'
import { CREATION_NAME_MAX_LENGTH } from '@templet/api/limits'
import { Button } from '@templet/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@templet/ui/dialog'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiFailureError } from '../api/client'
import { useRenameCreation } from '../api/mutations'
import { TextField } from '../components/field'
import { notifySuccess, reportError } from '../feedback/notify'

/**
 * Renames a creation (Creation History, the editor's result): the name field checked as the server checks it,
 * the server's refusal under the field, the dialog closed and `onRenamed` told once the new name is stored.
 */
export function RenameCreationDialog({
  creation,
  onClose,
  onRenamed,
}: {
  /** The creation being renamed; the dialog is open while it is set. */
  creation: Pick<Creation, 'id' | 'name'> | undefined
  onClose: () => void
  onRenamed?: (renamed: Creation) => void
}) {
  const { t } = useTranslation()
  const rename = useRenameCreation()
  const [name, setName] = useState('')
  const [error, setError] = useState<string | undefined>(undefined)
  useEffect(() => {
    setName(creation?.name ?? '')
    setError(undefined)
  }, [creation])

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!creation) return
    const next = name.trim()
    if (!next) return setError(t('media.rename.empty'))
    if ([...next].length > CREATION_NAME_MAX_LENGTH)
      return setError(t('media.rename.tooLong', { max: CREATION_NAME_MAX_LENGTH }))
    if (next === creation.name) return onClose()
    rename.mutate(
      { id: creation.id, name: next },
      {
        onSuccess: (renamed) => {
          notifySuccess(t('media.rename.done', { name: renamed.name }))
          onRenamed?.(renamed)
          onClose()
        },
        onError: (err) => {
          if (err instanceof ApiFailureError && err.code === 400) setError(t('media.rename.invalid'))
          else if (err instanceof ApiFailureError && err.code === 404) setError(t('media.rename.gone'))
          else reportError(err)
        },
      },
    )
  }

  return (
    <Dialog open={creation !== undefined} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent closeLabel={t('app.close')}>
        <form onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>{t('media.rename.title')}</DialogTitle>
            <DialogDescription>{t('media.rename.body')}</DialogDescription>
          </DialogHeader>
          <TextField
            className="mt-4"
            label={t('media.rename.label')}
            value={name}
            maxLength={CREATION_NAME_MAX_LENGTH}
            autoComplete="off"
            error={error}
            hint={t('media.rename.hint', { max: CREATION_NAME_MAX_LENGTH })}
            onChange={(event) => {
              setName(event.target.value)
              setError(undefined)
            }}
          />
          <DialogFooter className="mt-6">
            <Button type="button" variant="outline" onClick={onClose}>
              {t('media.history.cancel')}
            </Button>
            <Button type="submit" disabled={rename.isPending}>
              {rename.isPending ? t('media.rename.saving') : t('media.rename.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
