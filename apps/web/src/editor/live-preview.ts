import { type FieldIssue, readTruncatedFields, TRUNCATED_FIELDS_HEADER } from '@templet/api'
import { useEffect, useRef, useState } from 'react'
import { api } from '../api/client'

/**
 * Within a burst of changes (each less than this after the one before), wait this long after the last
 * before asking for a preview, so fast typing makes one request per pause; the first change after a quiet
 * moment asks at once, so a single keystroke is not kept waiting.
 */
export const PREVIEW_DEBOUNCE_MS = 100

export interface PreviewInput {
  templateId: number
  templateVersion: number
  values: Record<string, string>
  sizeId: string | undefined
  locale: 'en' | 'zh-CN'
  valueLanguages?: Record<string, string>
}

export interface LivePreview {
  /** Object URL of the newest preview that has decoded (the previous one stays until the next is ready). */
  src: string | undefined
  /** A newer preview is on its way. */
  pending: boolean
  /** The last request failed (the image shown, if any, is older than the values). */
  failed: boolean
  /** The fields whose text the picture shown had to cut with "…" (it did not fit even at its smallest size). */
  truncated: string[]
  /** What the server refused in the last values (characters no font of the template has), by field. */
  issues: FieldIssue[]
}

const NONE: string[] = []

/**
 * The editor's preview from the server, for a template whose document the browser cannot have (else the
 * browser draws it and finds the notes itself): `POST /creation/preview` at once after a quiet moment, else
 * ~100 ms after the last change of a burst; the request of older values aborted when newer ones arrive (the
 * last answer wins), and the new image swapped in only once it has decoded, so the picture never blanks or
 * flickers between two renders.
 */
export function useLivePreview(input: PreviewInput | undefined): LivePreview {
  const [state, setState] = useState<LivePreview>({
    src: undefined,
    pending: true,
    failed: false,
    truncated: NONE,
    issues: [],
  })
  const shown = useRef<string | undefined>(undefined)
  const lastChange = useRef(0)
  const key = input ? JSON.stringify(input) : ''

  useEffect(() => {
    if (!key) return
    const body = JSON.parse(key) as PreviewInput
    const controller = new AbortController()
    setState((s) => (s.pending ? s : { ...s, pending: true }))
    const now = performance.now()
    const quiet = now - lastChange.current > PREVIEW_DEBOUNCE_MS
    lastChange.current = now
    const timer = setTimeout(
      async () => {
        try {
          // JPEG: the server encodes it in about half the time of WebP, and the browser decodes it faster.
          const result = await api.call('previewCreation', {
            body: { ...body, format: 'jpeg', maxSide: 640 },
            signal: controller.signal,
            allowDuplicate: true,
          })
          if (result.code !== 0) {
            if (controller.signal.aborted) return
            const issues = result.code === 400 ? (result.data.issues ?? []) : []
            setState((s) => ({ ...s, pending: false, failed: true, issues }))
            return
          }
          const truncated = readTruncatedFields(result.headers?.get(TRUNCATED_FIELDS_HEADER))
          const url = URL.createObjectURL(result.data)
          const image = new Image()
          image.src = url
          await image.decode()
          if (controller.signal.aborted) {
            URL.revokeObjectURL(url)
            return
          }
          const previous = shown.current
          shown.current = url
          setState((s) => ({
            src: url,
            pending: false,
            failed: false,
            // The same list keeps its identity, so the fields do not re-render for nothing.
            truncated: truncated.join() === s.truncated.join() ? s.truncated : truncated,
            issues: [],
          }))
          // The old URL goes once the new image has painted in its place.
          if (previous) requestAnimationFrame(() => setTimeout(() => URL.revokeObjectURL(previous), 1000))
        } catch {
          if (!controller.signal.aborted)
            setState((s) => ({ ...s, pending: false, failed: true, issues: [] }))
        }
      },
      quiet ? 0 : PREVIEW_DEBOUNCE_MS,
    )
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [key])

  useEffect(
    () => () => {
      if (shown.current) URL.revokeObjectURL(shown.current)
    },
    [],
  )
  return state
}
