import { useQueries } from '@tanstack/react-query'
import type { Template } from '@templet/template'
import { uploadDetailQuery } from '../api/queries'

/**
 * How the fill-in editor shows a choice, from what the template's layers do with it: a text picked from the
 * author's list is a menu (a list may be long, its options are words), and an image picked from the author's
 * set shows each option's picture beside its label.
 */
export interface ChoicePresentation {
  /** A text layer inserts the chosen option's label (`{{key}}`). */
  list: boolean
  /** The author's image of each option, by option value, when an image layer draws the chosen one. */
  images?: Record<string, string>
}

const inserts = (text: string, key: string) =>
  [...text.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].some((m) => m[1] === key)

export function choicePresentation(t: Template, key: string): ChoicePresentation {
  let list = false
  let images: Record<string, string> | undefined
  for (const l of t.layers) {
    if (l.type === 'text') {
      const texts = typeof l.text === 'string' ? [l.text] : [l.text.en, l.text['zh-CN']]
      if (texts.some((s) => inserts(s, key))) list = true
    } else if (l.type === 'image' && typeof l.src === 'object' && l.src.field === key && l.src.map)
      images ??= l.src.map
  }
  return images ? { list, images } : { list }
}

/**
 * The URL of each option's picture of every image set of the template, by field key and option value (the
 * owner's uploads; one request per upload, shared with the preview's).
 */
export function useChoiceThumbnails(t: Template | undefined): Record<string, Record<string, string>> {
  const refs = (t?.fields ?? []).flatMap((f) => {
    if (!t || f.kind !== 'choice') return []
    const images = choicePresentation(t, f.key).images ?? {}
    return Object.entries(images)
      .filter(([, ref]) => /^[1-9]\d*$/.test(ref))
      .map(([option, ref]) => ({ key: f.key, option, id: Number(ref) }))
  })
  const uploads = useQueries({ queries: refs.map((r) => uploadDetailQuery(r.id)) })
  const out: Record<string, Record<string, string>> = {}
  refs.forEach((r, i) => {
    const url = uploads[i]?.data?.url
    if (url) out[r.key] = { ...out[r.key], [r.option]: url }
  })
  return out
}
