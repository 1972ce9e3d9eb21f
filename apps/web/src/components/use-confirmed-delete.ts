import type { UseMutationResult } from '@tanstack/react-query'
import { useState } from 'react'
import { ApiFailureError } from '../api/client'
import { notifySuccess, reportError, showToast } from '../feedback/notify'

/**
 * A list page's delete that asks first (a creation, an own template, an upload): the item asked about, and
 * its delete once confirmed, which says it is done or says the server refused (a failure with no answer from
 * the server is reported). `afterDelete` runs once the item is gone (to leave a page it emptied).
 */
export function useConfirmedDelete<Item extends { id: number }>({
  remove,
  deleted,
  failed,
  afterDelete,
}: {
  remove: UseMutationResult<unknown, Error, number>
  /** What the toast says once `item` is gone. */
  deleted: (item: Item) => string
  /** What the toast says when the server refuses. */
  failed: string
  afterDelete: () => void
}) {
  const [doomed, setDoomed] = useState<Item | undefined>(undefined)

  function confirm() {
    if (!doomed) return
    const item = doomed
    remove.mutate(item.id, {
      onSuccess: () => {
        setDoomed(undefined)
        notifySuccess(deleted(item))
        afterDelete()
      },
      onError: (error) => {
        if (error instanceof ApiFailureError) showToast('error', failed)
        else reportError(error)
      },
    })
  }

  return { doomed, ask: setDoomed, cancel: () => setDoomed(undefined), confirm, pending: remove.isPending }
}
