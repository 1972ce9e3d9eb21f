import { Code, type IssuesData } from '@templet/api/contract'
import type { Field } from '@templet/template'
import { AppError } from '../../errors'
import type { Uploads } from './uploads'

/** Distinct image URLs one request may name: each is fetched while the request waits. */
export const MAX_IMAGE_URLS = 20
/** Image URLs fetched at once for one request. */
const FETCHES_AT_ONCE = 4

/** Whether an image value names a URL to fetch rather than an upload. */
export const isUrl = (value: string | undefined): value is string =>
  value !== undefined && /^https?:\/\//i.test(value)

/** Whether any value in `rows` is a URL: only then need the template's fields be read to look for images. */
export const hasUrlValues = (rows: Record<string, string>[]) =>
  rows.some((values) => Object.values(values).some(isUrl))

/**
 * A refusal of what a URL gave (bytes that are no image, too many pixels) as a refusal of the value that named it:
 * its issues at `path`, its message naming it, as a refused fetch is.
 */
function valueRefusal(err: unknown, path: (string | number)[]): unknown {
  if (!(err instanceof AppError) || err.code !== Code.invalidInput) return err
  const { issues } = (err.data ?? {}) as Partial<IssuesData>
  const at = path.join('.')
  if (!issues || err.message.startsWith(`${at}: `)) return err
  return new AppError(err.code, `${at}: ${err.message.replace(/^file: /, '')}`, {
    issues: issues.map((i) => ({ ...i, path })),
  } satisfies IssuesData)
}

/**
 * Rows of values whose image fields may name an `https://` URL instead of an upload id: each distinct URL is
 * fetched once, kept as the caller's upload (listed in My uploads, swept when unused like any other), and its id
 * takes the URL's place. A URL that gives no image refuses the whole request, naming the row and field, before
 * anything is spent. `pathOf` names a value for those refusals.
 */
export async function uploadImageUrls(
  uploads: Uploads,
  userId: number,
  fields: readonly Pick<Field, 'key' | 'kind'>[],
  rows: Record<string, string>[],
  pathOf: (row: number, key: string) => (string | number)[],
): Promise<Record<string, string>[]> {
  const imageKeys = fields.filter((f) => f.kind === 'image').map((f) => f.key)
  const firstUse = new Map<string, (string | number)[]>()
  rows.forEach((values, row) => {
    for (const key of imageKeys) {
      const value = values[key]
      if (isUrl(value) && !firstUse.has(value)) firstUse.set(value, pathOf(row, key))
    }
  })
  if (firstUse.size === 0) return rows
  if (firstUse.size > MAX_IMAGE_URLS)
    throw new AppError(
      Code.invalidInput,
      `values: At most ${MAX_IMAGE_URLS} different image URLs in one request (this one has ${firstUse.size}); upload the images first with POST /v1/uploads and give their ids`,
      {
        issues: [{ path: ['values'], code: 'too_big', params: { maximum: MAX_IMAGE_URLS, origin: 'array' } }],
      } satisfies IssuesData,
    )
  const ids = new Map<string, string>()
  const queue = [...firstUse]
  const fetchNext = async (): Promise<void> => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [url, path] = next
      const stored = await uploads.storeFrom(userId, { url, path }).catch((err: unknown) => {
        throw valueRefusal(err, path)
      })
      ids.set(url, String(stored.id))
    }
  }
  await Promise.all(Array.from({ length: Math.min(FETCHES_AT_ONCE, queue.length) }, fetchNext))
  return rows.map((values) => {
    const out = { ...values }
    for (const key of imageKeys) {
      const value = out[key]
      if (isUrl(value)) out[key] = ids.get(value) ?? value
    }
    return out
  })
}
