/** The field keys a text inserts with `{{key}}`. */
export const references = (text: string) =>
  [...text.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((m) => m[1] ?? '')
