/** Joins the truthy class names (the app's own markup has no conflicting classes to merge). */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ')
}
