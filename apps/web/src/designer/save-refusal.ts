import type { TFunction } from 'i18next'
import type { ApiFailureError } from '../api/client'
import { formatNumber } from '../i18n/format'

/** A save the server refused, said in the page's language: what happened and what to do. */
export function saveRefusal(t: TFunction, language: string, error: ApiFailureError): string {
  if (error.code === 409) return t('designer.page.conflict')
  if (error.code === 429) return t('designer.page.savesTooFast')
  const quotaBytes = error.data.quotaBytes
  if (error.code === 403 && typeof quotaBytes === 'number')
    return t('designer.page.quotaFull', { quota: formatNumber(Math.round(quotaBytes / 2 ** 20), language) })
  // A refusal this page has no words of its own for (a document the model refuses names its layer).
  return error.msg
}
