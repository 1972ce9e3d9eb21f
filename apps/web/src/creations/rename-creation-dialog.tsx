import type { Creation } from '@templet/api'
import { CREATION_NAME_MAX_LENGTH } from '@templet/api/limits'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiFailureError } from '../api/client'
import { useRenameCreation } from '../api/mutations'
import { TextField } from '../components/field'
import { FormDialog } from '../components/form-dialog'
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
    <FormDialog
      open={creation !== undefined}
      onClose={onClose}
      onSubmit={submit}
      title={t('media.rename.title')}
      description={t('media.rename.body')}
      pending={rename.isPending}
      labels={{
        cancel: t('media.history.cancel'),
        submit: t('media.rename.save'),
        pending: t('media.rename.saving'),
      }}
    >
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
    </FormDialog>
  )
}
