import { useQueries } from '@tanstack/react-query'
import { layerKinds, type Template, typesetsShowing } from '@templet/template'
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

export function choicePresentation(t: Template, key: string): ChoicePresentation {
  const list = typesetsShowing(t, key).length > 0
  const set = t.layers.map((l) => layerKinds.imageSet(l)).find((s) => s?.field === key)
  return set ? { list, images: { ...set.map } } : { list }
}

/**
 * The URL of each option's picture of every image set of the template, by field key and option value (the
 * owner's uploads; one request per upload, shared with the preview's).
 */
export function useChoiceThumbnails(t: Template | undefined): Record<string, Record<string, string>> {
  const refs = (t?.fields ?? []).flatMap((f) => {
    // Only a choice picks among an author's images (a document binds no other kind to a set).
    if (!t) return []
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
