import { type EndpointDef, endpoints } from '@templet/api/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { engines, startServer, type TestServer } from './harness'

/** The top-level keys a schema declares, so each can be given the wrong thing. */
function keysOf(schema: z.ZodType | undefined): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape)
  if (schema instanceof z.ZodPipe) return keysOf(schema.in as z.ZodType)
  return []
}

/** Nested arrays `depth` deep: a parser that recurses without a bound falls over on these. */
const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

/** Values of every wrong kind, in the form a query string carries them. */
const BAD_QUERY_VALUES = [
  '',
  ' ',
  '-1',
  '0',
  '1.5',
  '1e309',
  'NaN',
  '9'.repeat(400),
  'true',
  '__proto__',
  'x'.repeat(5000),
  '\u0000',
  '\u202e𝕏😀',
  '%',
  '[object Object]',
]

/** JSON bodies of every wrong kind. */
function badBodies(def: EndpointDef): string[] {
  const bodies = [
    'null',
    '1',
    '"text"',
    'true',
    '[]',
    '{}',
    deep(5000),
    '{"__proto__": {"admin": true}}',
    '{"constructor": {"prototype": {"admin": true}}}',
    '{"a":',
    '\u0000',
    `{"x": "${'y'.repeat(200_000)}"}`,
  ]
  const wrong: unknown[] = [
    null,
    -1,
    0,
    1.5,
    2 ** 53,
    1e308,
    '',
    'x'.repeat(10_000),
    '\u202e\u0000𝕏',
    true,
    [],
    {},
    { __proto__: { admin: true } },
    [1, [2, [3]]],
  ]
  for (const key of keysOf(def.body)) {
    for (const value of wrong) bodies.push(JSON.stringify({ [key]: value }))
    bodies.push(`{"${key}": 1, "__proto__": {"${key}": "polluted"}}`)
  }
  return bodies
}

/**
 * Every endpoint of the contract, with generated bad queries and bodies, signed in and not: the answer is
 * always the envelope over HTTP 200 with a code the client understands, never a 500, never a dropped
 * connection (a fetch that throws fails the test).
 */
describe.each(engines)('every endpoint under bad input on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine)
  })
  afterAll(() => s.close())

  const expectEnvelope = async (res: Response, what: string) => {
    expect(res.status, what).toBe(200)
    const body = (await res.json()) as { code: unknown; msg: unknown }
    expect(typeof body.code, what).toBe('number')
    expect(typeof body.msg, what).toBe('string')
    expect(body.code, `${what}: ${body.msg}`).not.toBe(500)
    expect(String(body.msg), what).not.toMatch(/\bat \S+:\d+|SQLITE_|syntax error|relation "/)
  }

  for (const [name, def] of Object.entries(endpoints) as [string, EndpointDef][]) {
    it(`${def.method} ${def.path} (${name}) answers bad input with the envelope`, async () => {
      const url = `${s.url}/api${def.path}`
      // Its own account: an endpoint such as logout ends the session it is called with.
      const { token } = await s.signUp()
      const headerSets: Record<string, string>[] = [
        { 'content-type': 'application/json' },
        { 'content-type': 'application/json', authorization: `Bucket ${token}` },
        {
          'content-type': 'application/json',
          authorization: 'Bucket \u00ff'.replace('\u00ff', 'x'.repeat(300)),
        },
      ]
      for (const headers of headerSets) {
        const queryKeys = [...keysOf(def.query), 'unknown', '__proto__']
        for (const key of queryKeys) {
          for (const value of BAD_QUERY_VALUES) {
            const qs = `${encodeURIComponent(key)}=${encodeURIComponent(value)}&${encodeURIComponent(key)}=2`
            const res = await fetch(`${url}?${qs}`, {
              method: def.method,
              headers,
              body: def.method === 'POST' ? '{}' : undefined,
            })
            await expectEnvelope(res, `${def.method} ${def.path}?${qs.slice(0, 80)}`)
          }
        }
        if (def.method === 'POST') {
          for (const body of badBodies(def)) {
            const res = await fetch(url, { method: 'POST', headers, body })
            await expectEnvelope(res, `${def.method} ${def.path} ${body.slice(0, 80)}`)
          }
        }
      }
      // Nothing was polluted along the way.
      expect(({} as Record<string, unknown>).admin).toBeUndefined()
    })
  }
})
