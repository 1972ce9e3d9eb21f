/**
 * What the benches that start the built server give it and ask of it over loopback, as the web app asks: a new
 * account, the catalogue's templates, a template saved, an editor preview. Each throws when the server refuses,
 * so a bench never measures refusals.
 */
import type { TemplateInput } from '@templet/template'

/** The built server's environment as `npm start` (scripts/start.sh) runs it, on its embedded defaults. */
export const startEnv = (port: number, dataDir: string): NodeJS.ProcessEnv => ({
  ...process.env,
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '8388608',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
})

interface Envelope<T> {
  code: number
  msg: string
  data: T
}

const authorization = (token: string) => `Bucket ${token}`

async function call<T>(url: string, token: string, p: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}${p}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: authorization(token), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const envelope = (await res.json()) as Envelope<T>
  if (envelope.code !== 0) throw new Error(`${p} answered ${envelope.code} ${envelope.msg}`)
  return envelope.data
}

/** A new account with a random email; its session token. */
export async function signUp(url: string): Promise<string> {
  const res = await fetch(`${url}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench-${Math.random().toString(36).slice(2)}@example.com`,
      password: 'long enough',
    }),
  })
  return ((await res.json()) as { data: { token: string } }).data.token
}

/** `GET /api<p>` as the account of `token`: the envelope's data. */
export const getData = <T>(url: string, token: string, p: string) => call<T>(url, token, `/api${p}`)

/** The catalogue template's id by its slug (`article-card`), from the first page of the list. */
export async function catalogueIds(url: string, token: string): Promise<(slug: string) => number> {
  const list = await getData<{ id: number; slug: string }[]>(url, token, '/template/list?page=1&pageSize=100')
  return (slug) => {
    const t = list.find((x) => x.slug === slug)
    if (!t) throw new Error(`${slug} left the catalogue`)
    return t.id
  }
}

/** A template's document as the editor opens it. */
export const templateDocument = async (url: string, token: string, id: number) =>
  (await getData<{ document: TemplateInput }>(url, token, `/template/document?id=${id}`)).document

/** Saves `document` as a new template of the account's; its id. */
export const saveTemplate = async (url: string, token: string, name: string, document: TemplateInput) =>
  (await call<{ id: number }>(url, token, '/api/template/save', { name, document })).id

/** `POST /api/creation/preview` as the editor sends it; the answer is left to the caller to read and judge. */
export const requestPreview = (
  url: string,
  token: string,
  body: { templateId: number; values: Record<string, string>; format?: string; maxSide?: number },
) =>
  fetch(`${url}/api/creation/preview`, {
    method: 'POST',
    headers: { authorization: authorization(token), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

/** A preview, read to its last byte; throws unless the answer is an image. */
export async function preview(url: string, token: string, body: Parameters<typeof requestPreview>[2]) {
  const res = await requestPreview(url, token, body)
  const bytes = await res.arrayBuffer()
  if (!(res.headers.get('content-type') ?? '').startsWith('image/'))
    throw new Error(`preview answered ${res.status} ${Buffer.from(bytes).toString().slice(0, 200)}`)
  return bytes.byteLength
}
