import { z } from 'zod'

/**
 * What is wrong with one field of a refused query or body, by key rather than by English text: the server
 * answers a validation failure with `data.issues`, and the web forms turn the same issues (from the same
 * schemas, in the browser) into text in the visitor's language. `msg` stays a readable English summary.
 *
 * - `path`: the field, as a path into the query or body (`[]` for the whole of it);
 * - `code`: `required` (missing or empty), `too_small` / `too_big` (`params.minimum` / `params.maximum`, and
 *   `params.origin`: `string`, `number`, `array`), `invalid_format` (`params.format`, e.g. `email`),
 *   `invalid_type` (`params.expected`), `invalid_value` (for a choice's value, `params.options`: the values it
 *   may take, comma-separated), `unrecognized_key`, `malformed_json`, `invalid`,
 *   `unsupported_characters` (a text value with characters no font of the template has: `params.characters`
 *   the characters, `params.script` the Unicode script of the first, e.g. `Ethiopic`).
 */
export const issueCodes = [
  'required',
  'too_small',
  'too_big',
  'invalid_format',
  'invalid_type',
  'invalid_value',
  'unrecognized_key',
  'malformed_json',
  'invalid',
  'unsupported_characters',
] as const
export type IssueCode = (typeof issueCodes)[number]

export const fieldIssue = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  code: z.enum(issueCodes),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
})
export type FieldIssue = z.infer<typeof fieldIssue>

/**
 * The most issues one answer lists, and the longest key of a path it repeats: an answer stays small whatever
 * the request held (a body of 90,000 unknown keys is one answer of 20 issues and `omitted: 89980`).
 */
export const MAX_ISSUES = 20
export const MAX_PATH_KEY_LENGTH = 64

/** `data` of a code-400 answer: at most {@link MAX_ISSUES} issues, and how many more were left out. */
export const issuesData = z.object({
  issues: z.array(fieldIssue).min(1).max(MAX_ISSUES),
  omitted: z.number().int().positive().optional(),
})
export type IssuesData = z.infer<typeof issuesData>

/** The subset of a zod issue this module reads (zod's own type, without importing zod at run time). */
interface ZodIssueLike {
  code: string
  path: PropertyKey[]
  minimum?: unknown
  maximum?: unknown
  origin?: unknown
  format?: unknown
  expected?: unknown
  keys?: string[]
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<PropertyKey, unknown>)[key]
  }
  return value
}

/** `text` cut to `max` characters, an ellipsis marking the cut: what an answer quotes of its input stays small. */
export function truncated(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

/** A key cut to {@link MAX_PATH_KEY_LENGTH} characters (an ellipsis marks the cut). */
export const boundedKey = (key: string): string => truncated(key, MAX_PATH_KEY_LENGTH)

function plainPath(path: readonly PropertyKey[]): (string | number)[] {
  return path.map((key) => (typeof key === 'number' ? key : boundedKey(String(key))))
}

function scalar(value: unknown): string | number | boolean | undefined {
  if (typeof value === 'bigint') return Number(value)
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? value
    : undefined
}

/**
 * The issues of a failed parse of `input`, by key: a missing value or an empty string below a minimum of 1
 * is `required`; an unknown key becomes one issue per key, at its own path.
 */
export function toFieldIssues(issues: readonly ZodIssueLike[], input: unknown): FieldIssue[] {
  return issues.flatMap((issue) => fieldIssuesOf(issue, input, Number.POSITIVE_INFINITY))
}

/**
 * {@link toFieldIssues} for an answer: at most `max` issues, made one by one until the budget is spent (the
 * rest are counted, never expanded), with long keys cut, so its size does not grow with the input.
 */
export function boundedFieldIssues(
  issues: readonly ZodIssueLike[],
  input: unknown,
  max = MAX_ISSUES,
): IssuesData {
  const out: FieldIssue[] = []
  let omitted = 0
  for (const issue of issues) {
    const room = max - out.length
    const count = issue.code === 'unrecognized_keys' ? (issue.keys?.length ?? 0) : 1
    if (room > 0) out.push(...fieldIssuesOf(issue, input, room))
    omitted += Math.max(0, count - room)
  }
  return omitted > 0 ? { issues: out, omitted } : { issues: out }
}

function fieldIssuesOf(issue: ZodIssueLike, input: unknown, max: number): FieldIssue[] {
  const path = plainPath(issue.path)
  if (issue.code === 'unrecognized_keys')
    return (issue.keys ?? [])
      .slice(0, max)
      .map((key) => ({ path: [...path, boundedKey(key)], code: 'unrecognized_key', params: {} }))
  const params: FieldIssue['params'] = {}
  for (const name of ['minimum', 'maximum', 'origin', 'format', 'expected'] as const) {
    const value = scalar(issue[name])
    if (value !== undefined) params[name] = value
  }
  const value = valueAt(input, issue.path)
  const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  if (issue.code === 'invalid_type' && value === undefined) return [{ path, code: 'required', params }]
  if (issue.code === 'too_small' && params.origin === 'string' && Number(params.minimum) <= 1 && empty)
    return [{ path, code: 'required', params }]
  const code = (issueCodes as readonly string[]).includes(issue.code) ? (issue.code as IssueCode) : 'invalid'
  return [{ path, code, params }]
}
