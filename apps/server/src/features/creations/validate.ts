import {
  boundedKey,
  Code,
  type CreationFormat,
  type FieldIssue,
  type IssuesData,
  isLanguageTag,
  MAX_ISSUES,
} from '@templet/api/contract'
import { validateValues } from '@templet/render'
import {
  pageCount,
  type Size,
  type Template,
  type ValueIssue,
  type Values,
  validateLanguages,
} from '@templet/template'
import { AppError, refuseSlowly } from '../../errors'
import { printSizesOf } from './files'

/**
 * The declared languages in their canonical case (`zh-tw` -> `zh-TW`), as they are stored and drawn. JSON
 * requests bring well-formed tags (their contract checks them); a CSV's language cells come unchecked, so a
 * malformed tag is refused here with the contract's issue, which fails that row of a batch alone.
 */
function canonicalLanguages(languages: Record<string, string> = {}, field: string): Record<string, string> {
  const malformed = Object.keys(languages).filter((key) => !isLanguageTag(languages[key] ?? ''))
  if (malformed.length > 0) {
    const listed = malformed.slice(0, MAX_ISSUES)
    throw new AppError(
      Code.invalidInput,
      listed
        .slice(0, 5)
        .map((key) => `${field}.${boundedKey(key)}: Must be a language tag such as ja, zh-TW, zh-CN or ko`)
        .join('; '),
      {
        issues: listed.map(
          (key): FieldIssue => ({
            path: [field, boundedKey(key)],
            code: 'invalid_format',
            params: { format: 'language_tag' },
          }),
        ),
        ...(malformed.length > listed.length && { omitted: malformed.length - listed.length }),
      } satisfies IssuesData,
    )
  }
  return Object.fromEntries(
    Object.entries(languages).map(([key, tag]) => [key, Intl.getCanonicalLocales(tag)[0] ?? tag]),
  )
}

/** The 400 for languages declared for fields that are not the template's text fields, naming each. */
function languageRefusal(issues: ValueIssue[], field: string): AppError {
  const listed = issues.slice(0, MAX_ISSUES)
  const described = listed
    .slice(0, 5)
    .map((i) =>
      i.code === 'unknown_field'
        ? `${field}.${boundedKey(i.path)}: Unknown field`
        : `${field}.${boundedKey(i.path)}: A language is declared for text fields only`,
    )
  return new AppError(Code.invalidInput, described.join('; '), {
    issues: listed.map(
      (i): FieldIssue =>
        i.code === 'unknown_field'
          ? { path: [field, boundedKey(i.path)], code: 'unrecognized_key', params: {} }
          : { path: [field, boundedKey(i.path)], code: 'invalid', params: { reason: 'not_text_field' } },
    ),
    ...(issues.length > listed.length && { omitted: issues.length - listed.length }),
  } satisfies IssuesData)
}

/** The most characters an issue names that no font has: a value of 2,000 such characters is no answer of 8 kB. */
const LISTED_CHARACTERS = 20

const characters = (p: Record<string, unknown>) =>
  Array.isArray(p.characters) ? p.characters.slice(0, LISTED_CHARACTERS).join('') : ''

/**
 * What a choice takes, in words: its options' labels (English, as the message is), and their values, which the
 * API takes as well, when they differ.
 */
function choiceOptions(template: Template, key: string, values: unknown): string {
  const field = template.fields.find((f) => f.key === key)
  if (field?.kind !== 'choice') return Array.isArray(values) ? values.join(', ') : 'the options'
  const labels = field.options.map((o) => o.label.en)
  const ids = field.options.map((o) => o.value)
  const same = labels.every((l, n) => l === ids[n])
  return `${labels.join(', ')}${same ? '' : ` (or their values: ${ids.join(', ')})`}`
}

/** A sentence per problem code of `validateValues`, for the 400's `msg`. */
function describeIssue(
  template: Template,
  i: { path: string; code: string; params?: Record<string, unknown> },
): string {
  const p = i.params ?? {}
  const what: Record<string, string> = {
    unknown_field: 'Unknown field',
    too_short: `Must be at least ${String(p.min)} characters`,
    too_long: `Must be at most ${String(p.max)} characters`,
    not_single_line: 'Must be a single line',
    invalid_color: 'Must be a colour like #1a2b3c',
    invalid_choice: `Must be one of ${choiceOptions(template, i.path, p.options)}`,
    required: 'An image is required',
    invalid_focus: 'The focal point must be inside the image: two fractions from 0 to 1, as 17@0.25,0.6',
    unsupported_characters: `Cannot draw ${characters(p)} (${String(p.script)} script): no font of this template has them; remove them or write the text in another script`,
  }
  return `values.${boundedKey(i.path)}: ${what[i.code] ?? i.code}`
}

/** The contract's issue for each problem code of `validateValues`, at `values.<field>`. */
function fieldIssue(i: ValueIssue): FieldIssue {
  const p = i.params ?? {}
  const path = ['values', boundedKey(i.path)]
  switch (i.code) {
    case 'unknown_field':
      return { path, code: 'unrecognized_key', params: {} }
    case 'too_short':
      return { path, code: 'too_small', params: { origin: 'string', minimum: Number(p.min) } }
    case 'too_long':
      return { path, code: 'too_big', params: { origin: 'string', maximum: Number(p.max) } }
    case 'not_single_line':
      return { path, code: 'invalid_format', params: { format: 'single_line' } }
    case 'invalid_color':
      return { path, code: 'invalid_format', params: { format: 'color' } }
    case 'invalid_focus':
      return { path, code: 'invalid_format', params: { format: 'focal_point' } }
    case 'invalid_choice':
      // The options a customer may pick, so a client can say which (the values, comma-separated).
      return {
        path,
        code: 'invalid_value',
        params: Array.isArray(p.options) ? { options: p.options.join(', ') } : {},
      }
    case 'required':
      return { path, code: 'required', params: {} }
    case 'unsupported_characters':
      return {
        path,
        code: 'unsupported_characters',
        params: { characters: characters(p), script: String(p.script) },
      }
    default:
      return { path, code: 'invalid', params: { reason: i.code } }
  }
}

/** `data` of the 400 for the values' problems: at most the contract's number of issues, and the count of the rest. */
function valueIssuesData(issues: ValueIssue[]): IssuesData {
  const listed = issues.slice(0, MAX_ISSUES).map(fieldIssue)
  const omitted = issues.length - listed.length
  return omitted > 0 ? { issues: listed, omitted } : { issues: listed }
}

/**
 * The 400 for PDF asked of a size that is not printed, naming the print sizes there are. A design of several
 * pages has its PDF in every size (ADR 0198).
 */
export function checkFormats(template: Template, size: Size, formats: CreationFormat[] | undefined): void {
  const pdf = formats?.indexOf('pdf') ?? -1
  if (pdf < 0 || size.print || pageCount(template) > 1) return
  const printed = printSizesOf(template).map((s) => s.id)
  throw new AppError(
    Code.invalidInput,
    `formats: PDF is made for print sizes and designs of several pages only, and ${size.id} is not printed; ${
      printed.length > 0
        ? `ask for one of ${printed.join(', ')}`
        : 'this template has none: ask for png, jpeg or webp'
    }`,
    {
      issues: [{ path: ['formats', pdf], code: 'invalid_value', params: { options: 'png,jpeg,webp' } }],
    } satisfies IssuesData,
  )
}

/**
 * The declared languages and the values checked against the template: a 400 naming each problem (a `draft`, the
 * editor's preview, may leave a required photo empty). Returns the declared languages in their canonical case.
 */
export async function checkValues(
  template: Template,
  r: { values: Record<string, string>; valueLanguages?: Record<string, string> | undefined },
  o: { languagesField: string; draft: boolean; refusalDelayMs: number },
): Promise<Record<string, string>> {
  const valueLanguages = canonicalLanguages(r.valueLanguages, o.languagesField)
  const languageIssues = validateLanguages(template, valueLanguages)
  if (languageIssues.length > 0) throw languageRefusal(languageIssues, o.languagesField)
  const issues = validateValues(template, r.values as Values, valueLanguages).filter(
    (i) => !(o.draft && i.code === 'required'),
  )
  if (issues.length > 0) {
    const refusal = new AppError(
      Code.invalidInput,
      issues
        .slice(0, 5)
        .map((i) => describeIssue(template, i))
        .join('; '),
      valueIssuesData(issues),
    )
    // More problems than an answer lists: the editor never sends that.
    if (issues.length > MAX_ISSUES) await refuseSlowly(refusal, o.refusalDelayMs)
    throw refusal
  }
  return valueLanguages
}
