import type { FieldIssue } from '@templet/api'
import type { TFunction } from 'i18next'
import type { FieldError } from 'react-hook-form'

/**
 * A field's error as the forms keep it (react-hook-form's `FieldError`): `type` is the issue's code and
 * `params` its parameters, both from the contract (`FieldIssue`), so the text is made in the visitor's
 * language when shown; `message` is set only for a text made by the app itself (e.g. "email taken").
 */
export interface IssueError {
  type: FieldIssue['code'] | (string & {})
  params?: FieldIssue['params']
  message?: string
}

/**
 * The text of a field's error: `issues.<field>.<code>`, else `issues.<code>`, else `issues.invalid`. A limit
 * (`minimum`, `maximum`) is also the plural's count: "at least 1 character", "at least 2 characters".
 */
export function issueText(t: TFunction, field: string, error: FieldError | IssueError | undefined) {
  if (!error) return undefined
  if (error.message) return error.message
  const { type, params = {} } = error as IssueError
  const limit = params.minimum ?? params.maximum
  const count = typeof limit === 'number' ? { count: limit } : {}
  return t([`issues.${field}.${type}`, `issues.${type}`, 'issues.invalid'], { ...params, ...count }) as string
}
