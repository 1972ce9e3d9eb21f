import { describe, expect, it } from 'vitest'
import { createTemplet, TempletError } from '../src'

/** A `fetch` double answering from a list, one answer per call, recording the requests. */
function answering(...answers: Response[]) {
  const requests: Request[] = []
  const fetch = async (input: Request | string | URL, init?: RequestInit) => {
    requests.push(input instanceof Request ? input : new Request(input, init))
    const next = answers.shift()
    if (!next) throw new Error('no answer left')
    return next
  }
  return { fetch: fetch as typeof globalThis.fetch, requests }
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers },
  })

const render = (status: string) => ({ object: 'render', id: 5, status })

describe('the client', () => {
  it('sends the key, the Idempotency-Key and Prefer, and answers the data', async () => {
    const api = answering(json(202, render('queued')))
    const templet = createTemplet({ apiKey: 'tk_live_x', baseUrl: 'https://t.example/', fetch: api.fetch })
    const r = await templet.renders.create({ template_id: 3 }, { idempotencyKey: 'k1', async: true })
    expect(r.status).toBe('queued')
    const sent = api.requests[0]
    expect(sent?.url).toBe('https://t.example/v1/renders')
    expect(sent?.headers.get('authorization')).toBe('Bearer tk_live_x')
    expect(sent?.headers.get('idempotency-key')).toBe('k1')
    expect(sent?.headers.get('prefer')).toBe('respond-async')
  })

  it('throws a problem as a TempletError with its slug, status and issues', async () => {
    const problem = {
      type: 'https://templet.app/problems/invalid_request',
      title: 'The request is not valid',
      status: 400,
      detail: 'values.nope: Unknown field',
      issues: [{ path: ['values', 'nope'], code: 'unrecognized_key', params: {} }],
    }
    const templet = createTemplet({
      apiKey: 'k',
      baseUrl: 'https://t.example',
      fetch: answering(json(400, problem)).fetch,
    })
    const error = await templet.renders.create({ template_id: 3 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TempletError)
    expect(error).toMatchObject({
      status: 400,
      slug: 'invalid_request',
      message: 'values.nope: Unknown field',
    })
    expect((error as TempletError).problem.issues?.[0]?.path).toEqual(['values', 'nope'])
  })

  it('waits for a render through a 429, honouring Retry-After', async () => {
    const limited = {
      type: 'https://templet.app/problems/rate_limited',
      title: 'Too many requests',
      status: 429,
      detail: 'Slow down',
    }
    const api = answering(
      json(200, render('running')),
      json(429, limited, { 'retry-after': '0' }),
      json(200, render('completed')),
    )
    const templet = createTemplet({ apiKey: 'k', baseUrl: 'https://t.example', fetch: api.fetch })
    const done = await templet.renders.waitFor(5, { intervalMs: 1 })
    expect(done.status).toBe('completed')
    expect(api.requests).toHaveLength(3)
  })

  it('gives up waiting after its timeout', async () => {
    const api = answering(...Array.from({ length: 5 }, () => json(200, render('running'))))
    const templet = createTemplet({ apiKey: 'k', baseUrl: 'https://t.example', fetch: api.fetch })
    await expect(templet.renders.waitFor(5, { intervalMs: 20, timeoutMs: 50 })).rejects.toThrow(
      /did not finish/,
    )
  })
})
