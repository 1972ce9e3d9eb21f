/**
 * JSON with the keys of every object sorted, so `{ a, b }` and `{ b, a }` give the same text. `toJSON` runs
 * first (a Date is its ISO string), as in `JSON.stringify`; `undefined` gives `''`.
 */
export function stableStringify(value: unknown): string {
  return (
    JSON.stringify(value, (_key, inner: unknown) =>
      inner !== null && typeof inner === 'object' && !Array.isArray(inner)
        ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : inner,
    ) ?? ''
  )
}

type QueryValue = string | number | boolean | bigint | null | undefined

/**
 * The query string of `query`, keys sorted, `null` and `undefined` left out, an array repeating its key.
 * Sorting makes it both the wire form and the duplicate key: `{ page: 1, pageSize: 10 }` and
 * `{ pageSize: 10, page: '1' }` are the same request.
 */
export function queryString(query: unknown): string {
  if (query === null || typeof query !== 'object') return ''
  const params = new URLSearchParams()
  const entries = Object.entries(query as Record<string, QueryValue | QueryValue[]>).sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  )
  for (const [key, value] of entries) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== null && item !== undefined) params.append(key, String(item))
    }
  }
  return params.toString()
}
