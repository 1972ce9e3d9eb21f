/**
 * The contract's form schemas and the form resolver that parses with them, made after `zod-jitless` (see
 * there). Loaded through `loadFormSchemas` (api/contract.ts), so no zod is in a page's first load.
 */
import './zod-jitless'
import { toFieldIssues } from '@templet/api/contract'
import type { FieldErrors, FieldValues, ResolverResult } from 'react-hook-form'
import type { z } from 'zod'
import type { IssueError } from '../forms/issues'

export {
  cancelDeletionBody,
  changeEmailBody,
  changePasswordBody,
  contactMessageBody,
  deleteAccountBody,
  forgotPasswordBody,
  loginBody,
  registerBody,
  resetPasswordBody,
  updateUserBody,
} from '@templet/api/contract'

/**
 * A react-hook-form resolver result for `values` parsed with `schema`: the parsed body, or each field's
 * first issue by key (`type` = the issue's code, `params`), the same keys the server answers with.
 */
export function resolveWith<V extends FieldValues, B>(
  schema: z.ZodType<B>,
  values: unknown,
): ResolverResult<V, B> {
  const result = schema.safeParse(values)
  if (result.success) return { values: result.data, errors: {} }
  const errors: Record<string, IssueError> = {}
  for (const issue of toFieldIssues(result.error.issues, values)) {
    const field = String(issue.path[0] ?? 'root')
    errors[field] ??= { type: issue.code, params: issue.params }
  }
  return { values: {}, errors: errors as FieldErrors<V> }
}
