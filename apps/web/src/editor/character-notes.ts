import { useQueries } from '@tanstack/react-query'
import type { FieldIssue } from '@templet/api'
import {
  brandFace,
  CodePointRanges,
  fieldKinds,
  hanForms,
  isBrandFamily,
  runFaces,
  scriptRuns,
  type Template,
  typesetsShowing,
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

/**
 * The shipped faces the typed values would draw with: each run's stack, cut as drawing cuts the text. A brand
 * face is not among them: the browser has no character map of it, and the server judges its characters.
 */
export function facesToJudge(
  t: Template,
  values: Readonly<Record<string, string>>,
  languages: Readonly<Record<string, string>>,
): string[] {
  const faces = new Set<string>()
  for (const field of t.fields) {
    const value = values[field.key]
    if (!value || !fieldKinds.typed(field)) continue
    for (const typeset of typesetsShowing(t, field.key))
      for (const family of typeset.families)
        for (const run of scriptRuns(value, hanForms(value, languages[field.key] ?? typeset.lang)))
          for (const face of runFaces(family, run.system))
            if (!isBrandFamily(family) || face !== brandFace(family)) faces.add(face)
  }
  return [...faces]
}

/**
 * The characters of the values that no font of the template has, by field, as the server would refuse them on
 * Create: the model's own check, on what each face can draw. Judged in the browser at each keystroke, so the
 * note beside a field needs no request; a face whose ranges are still on their way judges nothing yet.
 */
export function useCharacterIssues(
  t: Template | undefined,
  values: Readonly<Record<string, string>>,
  languages: Readonly<Record<string, string>>,
): FieldIssue[] {
  const faces = t ? facesToJudge(t, values, languages) : []
  const known = useQueries({
    queries: faces.map(faceCoverageQuery),
    combine: (results) =>
      new Map(faces.flatMap((face, i) => (results[i]?.data ? [[face, results[i].data]] : []))),
  })
  if (!t) return []
  const coverageOf = (face: string) => known.get(face)
  return validateValues(
    t,
    values,
    { uncoveredCharacters: (text, family, lang) => uncoveredCharacters(text, family, lang, coverageOf) },
    languages,
  ).flatMap((issue) =>
    issue.code === 'unsupported_characters'
      ? [
          {
            path: ['values', issue.path],
            code: 'unsupported_characters' as const,
            params: {
              characters: ((issue.params?.characters as string[] | undefined) ?? [])
                .slice(0, LISTED_CHARACTERS)
                .join(''),
              script: String(issue.params?.script ?? ''),
            },
          },
        ]
      : [],
  )
}
