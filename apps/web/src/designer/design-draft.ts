/**
 * The designer's draft in localStorage, one per template: the document as last edited, the version it was
 * edited from and when. It outlives a closed tab or a crash (unlike the fill-in editor's sessionStorage draft,
 * a design is hours of work); cleared once saved.
 */
export interface DesignDraft {
  document: Record<string, unknown>
  name: string
  /** The version the document was edited from: saving it is a save from that version. */
  baseVersion: number
  /** ms since the epoch. */
  savedAt: number
}

const keyOf = (templateId: number) => `templet.design.${templateId}`

export function readDesignDraft(templateId: number): DesignDraft | undefined {
  try {
    const raw = localStorage.getItem(keyOf(templateId))
    const parsed = raw ? (JSON.parse(raw) as Partial<DesignDraft>) : undefined
    if (
      !parsed ||
      typeof parsed.document !== 'object' ||
      parsed.document === null ||
      typeof parsed.name !== 'string' ||
      typeof parsed.baseVersion !== 'number' ||
      typeof parsed.savedAt !== 'number'
    )
      return undefined
    return parsed as DesignDraft
  } catch {
    return undefined
  }
}

/** Keeps the draft; false when the browser refused (storage full, private mode). */
export function writeDesignDraft(templateId: number, draft: DesignDraft): boolean {
  try {
    localStorage.setItem(keyOf(templateId), JSON.stringify(draft))
    return true
  } catch {
    return false
  }
}

export function clearDesignDraft(templateId: number): void {
  try {
    localStorage.removeItem(keyOf(templateId))
  } catch {
    // nothing kept, nothing to clear
  }
}
