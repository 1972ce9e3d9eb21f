import { useQueries } from '@tanstack/react-query'
import type { FieldIssue } from '@templet/api'
import {
  CodePointRanges,
  type CoverageOf,
  isBrandFace,
  type Template,
  uncoveredCharacters,
  validateValues,
} from '@templet/template'
import { API_BASE_URL } from '../api/base-url'

/** The most characters a note names, as the server's refusal names them. */
const LISTED_CHARACTERS = 20

/** What a shipped face can draw (`GET /api/fonts/<face>/coverage.json`), fetched once per page. */
export const faceCoverageQuery = (face: string) => ({
  queryKey: ['font-coverage', face],
  queryFn: async () => {
    const res = await fetch(`${API_BASE_URL}/fonts/${encodeURIComponent(face)}/coverage.json`)
    if (!res.ok) throw new Error(`coverage of ${face}: ${res.status}`)
    return new CodePointRanges((await res.json()) as number[])
  },
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
})

/** The model's check of the values' characters, on what `coverageOf` says each face can draw. */
const characterIssues = (
  t: Template,
  values: Readonly<Record<string, string>>,
  languages: Readonly<Record<string, string>>,
  coverageOf: CoverageOf,
) =>
  validateValues(
    t,
    values,
    { uncoveredCharacters: (text, family, lang) => uncoveredCharacters(text, family, lang, coverageOf) },
    languages,
  ).filter((issue) => issue.code === 'unsupported_characters')

/**
 * The characters of the values that no font of the template has, by field, as the server would refuse them on
 * Create: the model's own check, on the code point ranges of the faces it asks about (a first pass names them;
 * a brand face's ranges the browser has none of, and leaves to the server). Judged at each keystroke, so the
 * note beside a field needs no request; a face whose ranges are still on their way judges nothing yet.
 */
export function useCharacterIssues(
  t: Template | undefined,
  values: Readonly<Record<string, string>>,
  languages: Readonly<Record<string, string>>,
): FieldIssue[] {
  const asked = new Set<string>()
  if (t)
    characterIssues(t, values, languages, (face) => {
      if (!isBrandFace(face)) asked.add(face)
      return undefined
    })
  const faces = [...asked]
  const known = useQueries({
    queries: faces.map(faceCoverageQuery),
    combine: (results) =>
      new Map(faces.flatMap((face, i) => (results[i]?.data ? [[face, results[i].data]] : []))),
  })
  if (!t) return []
  return characterIssues(t, values, languages, (face) => known.get(face)).map((issue) => ({
    path: ['values', issue.path],
    code: 'unsupported_characters' as const,
    params: {
      characters: ((issue.params?.characters as string[] | undefined) ?? [])
        .slice(0, LISTED_CHARACTERS)
        .join(''),
      script: String(issue.params?.script ?? ''),
    },
  }))
}
