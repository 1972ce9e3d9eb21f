import { ApiError, messageFor, UnauthorizedError } from '@templet/api'
import { currentLanguage, i18n } from '../i18n'
import { loadToasterModule, requestToaster, toasterReady } from './toaster'

type ToastKind = 'success' | 'error' | 'message'

/**
 * Shows a toast once the (lazily loaded) toaster is mounted: the shell bundle stays off the first load
 * of the public pages, and a toast raised meanwhile waits instead of being lost.
 */
export function showToast(kind: ToastKind, message: string, options?: { id?: string }): void {
  requestToaster()
  void Promise.all([loadToasterModule(), toasterReady]).then(([{ toast }]) => {
    if (kind === 'message') toast(message, options)
    else toast[kind](message, options)
  })
}

/**
 * Shows what went wrong as a toast: the client's own wording for network, timeout, status and duplicate
 * errors, in the current language. A refused session is handled by the 401 redirect (which says so);
 * the caller's own abort is silence.
 */
export function reportError(error: unknown): void {
  if (error instanceof DOMException && error.name === 'AbortError') return
  if (error instanceof UnauthorizedError) return
  if (error instanceof ApiError) {
    showToast('error', messageFor(error, currentLanguage()), {
      id: `api-${error.kind}-${error.status ?? ''}`,
    })
    return
  }
  showToast('error', i18n.t('app.unexpectedError'))
}

export function notifySuccess(message: string): void {
  showToast('success', message)
}
