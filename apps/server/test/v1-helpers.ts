import { createHmac } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { TestServer } from './harness'

export interface V1Answer {
  status: number
  headers: Headers
  // biome-ignore lint/suspicious/noExplicitAny: the assertions read the body
  body: any
}

/** Calls `/v1` with an API key (as a developer's program would): JSON in, the status and body out. */
export async function v1(
  s: { url: string },
  method: string,
  path: string,
  o: { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<V1Answer> {
  const res = await fetch(`${s.url}/v1${path}`, {
    method,
    headers: {
      ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(o.key ? { authorization: `Bearer ${o.key}` } : {}),
      ...o.headers,
    },
    body: o.rawBody ?? (o.body === undefined ? undefined : JSON.stringify(o.body)),
  })
  const text = await res.text()
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined }
}

/** A fresh account and an API key of it with `scopes`, live unless `mode` says test. */
export async function developer(
  s: TestServer,
  scopes: ('read' | 'render')[] = ['read', 'render'],
  mode: 'live' | 'test' = 'live',
) {
  const account = await s.signUp()
  const made = await s.call('POST', '/key/create', {
    token: account.token,
    body: { name: 'test', scopes, mode },
  })
  if (made.code !== 0) throw new Error(`key/create: ${made.code} ${made.msg}`)
  return { ...account, key: made.data.key as string, keyId: made.data.id as number }
}

/** Render `id` once it has completed or failed (polled for a minute at most). */
export async function settledRender(s: TestServer, key: string, id: number) {
  let render = (await v1(s, 'GET', `/renders/${id}`, { key })).body
  for (let i = 0; i < 600 && render.status !== 'failed' && render.status !== 'completed'; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    render = (await v1(s, 'GET', `/renders/${id}`, { key })).body
  }
  return render
}

export async function balance(s: TestServer, token: string): Promise<number> {
  return (await s.call('GET', '/user/my-info', { token })).data.credits
}

/** The first catalogue template that needs no upload (renders from its defaults). */
export async function plainTemplate(s: TestServer, key: string) {
  const all = await v1(s, 'GET', '/templates?limit=100', { key })
  const t = all.body.data.find((x: { fields: { kind: string; required: boolean }[] }) =>
    x.fields.every((f) => !(f.kind === 'image' && f.required)),
  )
  if (!t) throw new Error('no template renders without an upload')
  return t as {
    id: number
    version: string
    sizes: { id: string }[]
    fields: { key: string; column: string; kind: string; max_length?: number }[]
  }
}

/**
 * A signed image URL as a developer's program makes one, by the documented rule (written here on its own, not
 * with the server's code): the path, then the query without `s`, its pairs percent-encoded and sorted, signed
 * with HMAC-SHA256 (hex) and the key's URL secret.
 */
export function signedImageUrl(
  base: string,
  keyId: number,
  secret: string,
  file: string,
  query: [string, string][],
): string {
  const encoded = query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
  const path = `/r/${keyId}/${file}`
  const canonical = encoded.length > 0 ? `${path}?${[...encoded].sort().join('&')}` : path
  const s = createHmac('sha256', secret).update(canonical).digest('hex')
  return `${base}${path}?${[...encoded, `s=${s}`].join('&')}`
}

/** A webhook receiver on loopback that answers 200 and keeps the bodies it is sent. */
export async function webhookReceiver() {
  const bodies: string[] = []
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => {
      body += c.toString()
    })
    req.on('end', () => {
      bodies.push(body)
      res.writeHead(200).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`
  return { url, bodies, close: () => new Promise((resolve) => server.close(resolve)) }
}
