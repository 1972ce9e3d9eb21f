import type { ApiFailure } from '@templet/api'
import type { TFunction } from 'i18next'
import { fieldOfMessage, translateMessage } from '../forms/validate'
import { currentLanguage } from '../i18n'

export interface ServerFormError<K extends string> {
  field?: K
  message: string
}

/** What a form says about a refused submission: on the field it concerns, or above the button. */
export function serverFormError<K extends string>(
  failure: ApiFailure,
  fields: readonly K[],
  t: TFunction,
): ServerFormError<K> {
  switch (failure.code) {
    case 401:
      return { message: t('auth.badCredentials') }
    case 409:
      return { field: fields.find((f) => f === 'email'), message: t('auth.emailTaken') }
    case 429: {
      const seconds = failure.data.retryAfterSeconds
      return { message: seconds ? t('auth.tooMany', { seconds }) : t('auth.tooManyNoHint') }
    }
    case 400: {
      const message = translateMessage(failure.msg, currentLanguage())
      const field = fieldOfMessage(failure.msg, fields)
      return field ? { field, message } : { message }
    }
    default:
      return {
        message: failure.msg ? translateMessage(failure.msg, currentLanguage()) : t('app.unexpectedError'),
      }
  }
}
