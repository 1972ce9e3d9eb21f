import fs from 'node:fs'
import { get } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { endpoints, notificationStream } from '@templet/api/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'

const bigScript = Array.from({ length: 2000 }, (_, i) => `export const value${i} = ${i}`).join('\n')

/** A GET that leaves the body as sent (fetch would decompress it). */
function rawGet(url: string, acceptEncoding: string) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
      }).on('error', reject)
    },
  )
}

/** The brotli and gzip copies the web build writes beside a file (apps/web/scripts/compress.mjs). */
function withCompressedCopies(file: string, marked = '') {
  const body = Buffer.from(`${fs.readFileSync(file, 'utf8')}${marked}`)
  fs.writeFileSync(`${file}.br`, brotliCompressSync(body))
  fs.writeFileSync(`${file}.gz`, gzipSync(body))
}

describe.each(engines)('web, docs and headers on %s', (engine) => {
  let s: TestServer
  let webDist: string
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'templet-web-'))
    fs.mkdirSync(path.join(webDist, 'assets'))
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><title>Templet app</title><div id="root"></div>',
    )
    fs.writeFileSync(path.join(webDist, 'assets', 'index-3f9a1c.js'), 'console.log("app")')
    fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
    fs.writeFileSync(path.join(webDist, 'assets', 'vendor-77aa01.js'), bigScript)
    withCompressedCopies(path.join(webDist, 'assets', 'vendor-77aa01.js'))
    s = await startServer(engine, { WEB_DIST: webDist })
  })
  afterAll(async () => {
    await s.close()
    fs.rmSync(webDist, { recursive: true, force: true })
  })

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await fetch(`${s.url}/assets/index-3f9a1c.js`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await res.text()).toBe('console.log("app")')
  })

  it('sends large text assets brotli- or gzip-compressed, as the browser accepts, and small ones as they are', async () => {
    const br = await rawGet(`${s.url}/assets/vendor-77aa01.js`, 'gzip, deflate, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toBe('Accept-Encoding')
    expect(br.body.length).toBeLessThan(bigScript.length / 5)
    expect(brotliDecompressSync(br.body).toString()).toBe(bigScript)

    const gz = await rawGet(`${s.url}/assets/vendor-77aa01.js`, 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).toString()).toBe(bigScript)

    const plain = await rawGet(`${s.url}/assets/vendor-77aa01.js`, 'identity')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(bigScript)

    const small = await rawGet(`${s.url}/assets/index-3f9a1c.js`, 'gzip, br')
    expect(small.headers['content-encoding']).toBeUndefined()
  })

  it("sends the build's own compressed copy, and a file the build has none of as it is", async () => {
    const script = path.join(webDist, 'assets', 'precompressed-5e1f.js')
    const source = `${bigScript}\n// precompressed`
    fs.writeFileSync(script, source)
    // Marked copies, so the test can tell the build's copy from the file.
    withCompressedCopies(script, "\n// the build's copy")
    const br = await rawGet(`${s.url}/assets/precompressed-5e1f.js`, 'br')
    expect(brotliDecompressSync(br.body).toString()).toBe(`${source}\n// the build's copy`)
    const gz = await rawGet(`${s.url}/assets/precompressed-5e1f.js`, 'gzip')
    expect(gunzipSync(gz.body).toString()).toBe(`${source}\n// the build's copy`)

    fs.writeFileSync(path.join(webDist, 'assets', 'plain-77e0.js'), bigScript)
    const plain = await rawGet(`${s.url}/assets/plain-77e0.js`, 'br, gzip')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(bigScript)
  })

  it('answers a revalidation of an unchanged file with 304 and no body', async () => {
    const first = await fetch(`${s.url}/favicon.svg`)
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/)
    const again = await fetch(`${s.url}/favicon.svg`, { headers: { 'If-None-Match': etag ?? '' } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    const other = await fetch(`${s.url}/favicon.svg`, { headers: { 'If-None-Match': '"0-0"' } })
    expect(other.status).toBe(200)
  })

  it('answers every other path with index.html, revalidated on each load (SPA fallback)', async () => {
    for (const p of [
      '/',
      '/dashboard',
      '/checkout/main/payment-49-9',
      '/index.html',
      '/login?redirect=%2Fcreation',
    ]) {
      const res = await fetch(`${s.url}${p}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('no-cache')
      expect(await res.text()).toContain('<title>Templet app</title>')
    }
  })

  it("writes each answer's nonces into a page that has slots for them, matching the policy, never cached as a copy", async () => {
    const filler = '<p>Pre-rendered markup.</p>'.repeat(200)
    fs.mkdirSync(path.join(webDist, 'with-nonce'), { recursive: true })
    fs.writeFileSync(
      path.join(webDist, 'with-nonce', 'index.html'),
      `<!doctype html><head><meta name="style-nonce" content="" /><title>Nonce page</title><script nonce="">document.title='x'</script></head>${filler}`,
    )
    const nonces: string[] = []
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      const res = await rawGet(`${s.url}/with-nonce`, acceptEncoding)
      const body =
        acceptEncoding === 'br'
          ? brotliDecompressSync(res.body)
          : acceptEncoding === 'gzip'
            ? gunzipSync(res.body)
            : res.body
      const html = body.toString()
      const style = /<meta name="style-nonce" content="([^"]+)" \/>/.exec(html)?.[1]
      const script = /<script nonce="([^"]+)">document.title='x'<\/script>/.exec(html)?.[1]
      const policy = String(res.headers['content-security-policy'])
      expect(policy).toMatch(/style-src 'self' 'nonce-[\w-]{22,}'/)
      expect(policy).toMatch(/script-src 'self' 'nonce-[\w-]{22,}'/)
      expect(policy).not.toContain('unsafe-inline')
      expect(policy).toContain(`style-src 'self' 'nonce-${style}'`)
      expect(policy).toContain(`script-src 'self' 'nonce-${script}'`)
      // The script's nonce is not the one the page shows to its own scripts.
      expect(script).not.toBe(style)
      expect(html).toContain(filler)
      // A 304 would pair the cached page's nonces with a new policy.
      expect(res.headers.etag).toBeUndefined()
      expect(res.headers['cache-control']).toBe('no-cache')
      nonces.push(String(style), String(script))
    }
    expect(new Set(nonces).size).toBe(6)
    // API answers are never pages: they spend nothing on a nonce.
    expect((await fetch(`${s.url}/api/user/my-info`)).headers.get('content-security-policy')).not.toContain(
      'nonce',
    )
    // A page without slots is sent as it is, and is an answer of its own too.
    const plain = await fetch(`${s.url}/`)
    expect(await plain.text()).toContain('<title>Templet app</title>')
    expect(plain.headers.get('etag')).toBeNull()
  })

  it('answers a form posted to a page with 303 back to it, dropping the body, and never off the site', async () => {
    const post = (p: string) =>
      fetch(`${s.url}${p}`, {
        method: 'POST',
        body: new URLSearchParams({ password: 'secret' }),
        redirect: 'manual',
      })
    const login = await post('/login?redirect=%2Fcreation')
    expect(login.status).toBe(303)
    expect(login.headers.get('location')).toBe('/login?redirect=%2Fcreation')
    for (const p of ['//evil.example/x', '///evil.example']) {
      const away = await post(p)
      expect(away.status).toBe(303)
      expect(away.headers.get('location')).toBe('/')
    }
    expect(await s.call('POST', '/no/such/thing')).toMatchObject({ code: 404 })
  })

  it('serves other files from the build as they are, and 404s a missing asset instead of sending HTML', async () => {
    const icon = await fetch(`${s.url}/favicon.svg`)
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml\b/)
    expect((await fetch(`${s.url}/assets/gone-123.js`)).status).toBe(404)
  })

  it('never serves files from outside the build directory', async () => {
    const res = await fetch(`${s.url}/..%2f..%2f..%2fetc%2fpasswd`)
    expect(await res.text()).toContain('<title>Templet app</title>')
  })

  it('sends the same security headers on every kind of answer', async () => {
    const security = (h: Headers) =>
      [...h].filter(
        ([name]) =>
          !['content-security-policy', 'x-request-id'].includes(name) &&
          !/^(content-|cache-|etag|vary|date|connection|keep-alive|transfer-)/.test(name),
      )
    // An envelope, a file, a page, a health check, an answer made outside answer() (a missing asset's 404), the docs.
    const paths = ['/api/user/my-info', '/robots.txt', '/', '/healthz', '/assets/gone-123.js', '/api/docs']
    const answers = await Promise.all(paths.map((p) => fetch(`${s.url}${p}`)))
    const first = security(answers[0]?.headers as Headers)
    expect(first.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'x-content-type-options',
        'x-frame-options',
        'referrer-policy',
        'strict-transport-security',
      ]),
    )
    for (const res of answers) {
      expect(security(res.headers)).toEqual(first)
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    }
    for (const p of ['/', '/api/user/my-info', '/api/docs']) {
      const h = (await fetch(`${s.url}${p}`)).headers
      expect(h.get('content-security-policy')).toContain("default-src 'self'")
      expect(h.get('content-security-policy')).toContain("frame-ancestors 'none'")
      // Nothing runs or styles inline but what carries the answer's nonce.
      expect(h.get('content-security-policy')).not.toContain('unsafe-inline')
      expect(h.get('x-content-type-options')).toBe('nosniff')
      expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(h.get('x-frame-options')).toBe('DENY')
    }
  })

  it('marks API answers as not cacheable', async () => {
    expect((await s.call('GET', '/template-type/list')).headers.get('cache-control')).toBe('no-store')
  })

  it('answers no CORS headers to other origins by default', async () => {
    const res = await fetch(`${s.url}/api/template-type/list`, {
      headers: { origin: 'https://evil.example' },
    })
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('answers an unknown API path or method with a code 404 envelope', async () => {
    expect(await s.call('GET', '/no/such/thing')).toMatchObject({ code: 404, data: null })
    expect(await s.call('GET', '/user/register')).toMatchObject({ code: 404 })
    expect(await s.call('POST', '/template-type/list')).toMatchObject({ code: 404 })
  })

  it('publishes an OpenAPI 3.1 document listing every endpoint of the contract with its envelope and codes', async () => {
    const doc = (await (await fetch(`${s.url}/api/openapi.json`)).json()) as {
      openapi: string
      paths: Record<string, Record<string, { operationId: string; 'x-codes': number[]; responses: unknown }>>
    }
    expect(doc.openapi).toBe('3.1.0')
    for (const [name, def] of Object.entries(endpoints)) {
      const op = doc.paths[def.path]?.[def.method.toLowerCase()]
      expect(op?.operationId, `${def.method} ${def.path}`).toBe(name)
      expect(op?.['x-codes']).toEqual(
        expect.arrayContaining([0, 500, ...((def as { codes?: number[] }).codes ?? [])]),
      )
      expect(JSON.stringify(op?.responses)).toContain('"msg"')
    }
    // Plus the live notification stream, whose success is an event stream rather than the envelope. Operations
    // are counted, not paths: one path may take two methods (GET and POST /brand/palette).
    const operations = Object.values(doc.paths).flatMap((methods) => Object.keys(methods))
    expect(operations).toHaveLength(Object.keys(endpoints).length + 1)
    const stream = doc.paths[notificationStream.path]?.get
    expect(stream?.operationId).toBe('notificationStream')
    expect(JSON.stringify(stream?.responses)).toContain('text/event-stream')
    // A code-400 answer's issues by key are part of every endpoint with input.
    const register = JSON.stringify(doc.paths['/user/register']?.post?.responses)
    for (const word of ['"issues"', '"path"', '"params"', '"unrecognized_key"', '"malformed_json"'])
      expect(register).toContain(word)
  })

  it('explains every business code and declares a bearer scheme, so the reference can show the codes and sign calls in', async () => {
    const doc = (await (await fetch(`${s.url}/api/openapi.json`)).json()) as {
      info: { description: string }
      paths: Record<string, Record<string, { description: string; 'x-codes': number[] }>>
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> }
    }
    for (const meaning of [
      '| 0 | Success |',
      '| 401 | Not signed in',
      '| 429 | Too many requests',
      '| 500 |',
    ])
      expect(doc.info.description).toContain(meaning)
    const register = doc.paths['/user/register']?.post
    for (const code of register?.['x-codes'] ?? []) expect(register?.description).toContain(`- \`${code}\` `)
    expect(Object.values(doc.components.securitySchemes)).toEqual([
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    ])
  })

  it('serves the API reference as a page of Swagger UI that runs no inline script or style', async () => {
    const res = await fetch(`${s.url}/api/docs`)
    const html = await res.text()
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(res.headers.get('etag')).toMatch(/^"/)
    expect(html).toContain('<div id="swagger-ui"></div>')
    // Every script is a file of the site, and nothing is styled inline.
    expect(html.match(/<script\b[^>]*>/g)).toEqual([
      expect.stringMatching(/^<script src="\/api\/docs\/[\d.]+\/swagger-ui-bundle\.js" defer>$/),
      '<script src="/api/docs/init.js" defer>',
    ])
    expect(html).not.toMatch(/<script[^>]*>[^<]|<style|style=|\son\w+=|https?:/)
    const init = await fetch(`${s.url}/api/docs/init.js`)
    expect(init.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(await init.text()).toMatch(/SwaggerUIBundle\(\{[^}]*url: '\/api\/openapi\.json'/)
  })

  it("serves Swagger UI's files from the installed package with their types, long cached under the version's URL", async () => {
    const html = await (await fetch(`${s.url}/api/docs`)).text()
    const css = /<link rel="stylesheet" href="([^"]+)">/.exec(html)?.[1] ?? ''
    const js = /<script src="([^"]+swagger-ui-bundle\.js)"/.exec(html)?.[1] ?? ''
    const version = (await import('swagger-ui-dist/package.json', { with: { type: 'json' } })).default.version
    expect(css).toBe(`/api/docs/${version}/swagger-ui.css`)
    expect(js).toBe(`/api/docs/${version}/swagger-ui-bundle.js`)
    for (const [url, type] of [
      [css, /^text\/css/],
      [js, /^text\/javascript/],
    ] as const) {
      const res = await fetch(`${s.url}${url}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(type)
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(10_000)
    }
    // Another version's URL, or a file of the package the page does not load, is not there.
    expect((await fetch(`${s.url}/api/docs/0.0.1/swagger-ui-bundle.js`)).status).toBe(404)
    expect((await fetch(`${s.url}/api/docs/${version}/swagger-ui-bundle.js.map`)).status).toBe(404)
  })

  it("sends the reference's files compressed as the browser accepts, and 304 to a copy the browser holds", async () => {
    const html = await (await fetch(`${s.url}/api/docs`)).text()
    const js = /<script src="([^"]+swagger-ui-bundle\.js)"/.exec(html)?.[1] ?? ''
    const plain = Buffer.from(
      await (await fetch(`${s.url}${js}`, { headers: { 'Accept-Encoding': 'identity' } })).arrayBuffer(),
    )
    const br = await rawGet(`${s.url}${js}`, 'gzip, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toBe('Accept-Encoding')
    expect(brotliDecompressSync(br.body).equals(plain)).toBe(true)
    const gz = await rawGet(`${s.url}/api/openapi.json`, 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gz.body).toString()).openapi).toBe('3.1.0')
    const page = await fetch(`${s.url}/api/docs`)
    const again = await fetch(`${s.url}/api/docs`, {
      headers: { 'If-None-Match': page.headers.get('etag') ?? '' },
    })
    expect(again.status).toBe(304)
  })

  it('holds the reference page to the same policy as the rest: scripts and styles from the site only', async () => {
    const policy = (await fetch(`${s.url}/api/docs`)).headers.get('content-security-policy') ?? ''
    const directives = new Map(
      policy.split(';').map((d) => {
        const [name = '', ...values] = d.trim().split(/\s+/)
        return [name, values.join(' ')]
      }),
    )
    expect(directives.get('script-src') ?? directives.get('default-src')).toBe("'self'")
    expect(directives.get('style-src')).toBe("'self'")
    expect(directives.get('connect-src')).toBe("'self'")
    expect(policy).not.toMatch(/unsafe-|nonce-|sha256-/)
  })

  it('reports health with a database check', async () => {
    const res = await fetch(`${s.url}/healthz`)
    expect(await res.json()).toEqual({ status: 'ok', db: engine })
  })
})

describe.each(engines)('without a web build on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine, {
      WEB_DIST: path.join(os.tmpdir(), 'templet-missing-build'),
      CORS_ORIGINS: 'https://app.example',
    })
  })
  afterAll(() => s.close())

  it('serves a placeholder page saying the API is running, with a link to the docs', async () => {
    const html = await (await fetch(`${s.url}/dashboard`)).text()
    expect(html).toContain("Templet's API is running")
    expect(html).toContain('href="/api/docs"')
    // Styled by a stylesheet of its own, under the policy that admits no inline style.
    expect(html).toContain('<link rel="stylesheet" href="/api/docs.css">')
    expect((await fetch(`${s.url}/api/docs.css`)).headers.get('content-type')).toMatch(/^text\/css/)
  })

  it('opens CORS to the origins listed in CORS_ORIGINS only', async () => {
    const ok = await fetch(`${s.url}/api/template-type/list`, { headers: { origin: 'https://app.example' } })
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.example')
    const other = await fetch(`${s.url}/api/template-type/list`, {
      headers: { origin: 'https://evil.example' },
    })
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('a build with pre-rendered pages', () => {
  let s: TestServer
  let webDist: string
  const page = (name: string, kind: 'public' | 'app') =>
    `<!doctype html><html data-page="${kind}"><title>${name}</title><div id="root" data-prerendered></div>`
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'templet-web-'))
    for (const dir of ['login', 'register', 'dashboard', 'assets']) fs.mkdirSync(path.join(webDist, dir))
    fs.writeFileSync(path.join(webDist, 'index.html'), page('Landing', 'public'))
    fs.writeFileSync(path.join(webDist, 'login', 'index.html'), page('Sign in', 'public'))
    fs.writeFileSync(path.join(webDist, 'register', 'index.html'), page('Register', 'public'))
    fs.writeFileSync(path.join(webDist, 'dashboard', 'index.html'), page('Dashboard', 'app'))
    fs.writeFileSync(path.join(webDist, 'app.html'), page('Shell', 'app'))
    s = await startServer('sqlite', { WEB_DIST: webDist })
  })
  afterAll(async () => {
    await s.close()
    fs.rmSync(webDist, { recursive: true, force: true })
  })

  const get = (p: string, cookie?: string) =>
    fetch(`${s.url}${p}`, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} })
  const titleOf = async (res: Response) => /<title>([^<]*)/.exec(await res.text())?.[1]

  it('sends each pre-rendered page at its path and the shell (app.html) everywhere else', async () => {
    const signedIn = 'templet_signed_in=1'
    expect(await titleOf(await get('/'))).toBe('Landing')
    expect(await titleOf(await get('/login'))).toBe('Sign in')
    expect(await titleOf(await get('/login/'))).toBe('Sign in')
    expect(await titleOf(await get('/login?redirect=%2Fcreation'))).toBe('Sign in')
    expect(await titleOf(await get('/dashboard', signedIn))).toBe('Dashboard')
    for (const p of ['/creation', '/checkout/main/payment-49-9', '/login/x'])
      expect(await titleOf(await get(p, signedIn)), p).toBe('Shell')
    expect((await get('/assets/login')).status).toBe(404)
  })

  it('sends a browser that says it holds a session from /login and /register to their redirect or /dashboard', async () => {
    for (const [p, target] of [
      ['/login', '/dashboard'],
      ['/login/', '/dashboard'],
      ['/register', '/dashboard'],
      ['/login?redirect=%2Fcreation%3Ftype%3D2', '/creation?type=2'],
      ['/login?redirect=%2F%2Fevil.example', '/dashboard'],
    ] as const) {
      const res = await get(p, 'theme=dark; templet_signed_in=1')
      expect(res.status, p).toBe(302)
      expect(res.headers.get('location'), p).toBe(target)
      expect(res.headers.get('cache-control'), p).toBe('no-store')
    }
    for (const [p, cookie] of [
      ['/login', undefined],
      ['/login', 'templet_signed_in=0'],
      ['/login', 'other_templet_signed_in=1'],
      ['/register', 'templet_signed_in='],
      ['/', 'templet_signed_in=1'],
      ['/login/x', 'templet_signed_in=1'],
    ] as const)
      expect((await get(p, cookie)).status, `${p} ${cookie}`).toBe(200)
    const posted = await fetch(`${s.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: 'templet_signed_in=1', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.c',
    })
    expect(posted.status).toBe(303)
    expect(posted.headers.get('location')).toBe('/login')
  })

  it('sends a browser without the session hint from every page of the app to sign in, and back with its query', async () => {
    for (const [p, cookie] of [
      ['/dashboard', undefined],
      ['/dashboard/', 'templet_signed_in=0'],
      ['/creation?type=2&q=a%20b', undefined],
      ['/no/such/page', 'theme=dark'],
    ] as const) {
      const res = await get(p, cookie)
      expect(res.status, p).toBe(302)
      expect(res.headers.get('location'), p).toBe(`/login?redirect=${encodeURIComponent(p)}`)
      expect(res.headers.get('cache-control'), p).toBe('no-store')
    }
    // Public pages and checkout paths (public, in the shell) are sent to anyone.
    for (const p of ['/', '/login', '/checkout/main/payment-49-9', '/Checkout/nope'])
      expect((await get(p)).status, p).toBe(200)
    // Files are files, whatever the cookie.
    expect((await get('/assets/x.js')).status).toBe(404)
  })
})
