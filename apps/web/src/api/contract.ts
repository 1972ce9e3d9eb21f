/**
 * The contract's form schemas, with zod under them (~25 kB gzipped), are not part of a page's first load:
 * a form fetches them when it is first focused (`onFocus={preloadFormSchemas}`) and waits for them on
 * submit, which is what a visitor who fills in a form never notices.
 */
export type FormSchemas = typeof import('./form-schemas')

let loading: Promise<FormSchemas> | undefined

export function loadFormSchemas(): Promise<FormSchemas> {
  loading ??= import('./form-schemas').catch((error: unknown) => {
    // Offline for a moment: the next submit tries again.
    loading = undefined
    throw error
  })
  return loading
}

export function preloadFormSchemas(): void {
  loadFormSchemas().catch(() => {})
}
