/**
 * The editor's draft in sessionStorage, one per template: the values and size survive a reload and a trip
 * to buy credits (and back), in this tab only. Cleared once a creation is made from it.
 */
export interface Draft {
  values: Record<string, string>
  sizeId?: string | undefined
  /** The language chosen for text values, by field key. */
  languages?: Record<string, string> | undefined
}

const keyOf = (templateId: number) => `templet.draft.${templateId}`

export function readDraft(templateId: number): Draft | undefined {
  try {
    const raw = sessionStorage.getItem(keyOf(templateId))
    const parsed = raw ? (JSON.parse(raw) as unknown) : undefined
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined
    const { values, sizeId, languages } = parsed as Partial<Draft>
    if (!values || typeof values !== 'object') return undefined
    const strings = (o: object) =>
      Object.fromEntries(Object.entries(o).filter(([, v]) => typeof v === 'string'))
    return {
      values: strings(values),
      sizeId: typeof sizeId === 'string' ? sizeId : undefined,
      languages: languages && typeof languages === 'object' ? strings(languages) : undefined,
    }
  } catch {
    return undefined
  }
}

export function writeDraft(templateId: number, draft: Draft): void {
  try {
    sessionStorage.setItem(keyOf(templateId), JSON.stringify(draft))
  } catch {
    // Storage full or refused (private mode): the draft lives only as long as the page.
  }
}

export function clearDraft(templateId: number): void {
  try {
    sessionStorage.removeItem(keyOf(templateId))
  } catch {
    // nothing kept, nothing to clear
  }
}
