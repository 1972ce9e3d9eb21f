import { readFile, writeFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { CATALOGUE_DIR, SAMPLE_NAME, SAMPLES_DIR, sampleImageFile } from '@templet/catalogue'
import { FAMILIES, facesOf } from '@templet/render'
import { parseTemplate, TemplateError } from '@templet/template'
import type { Plugin } from 'vite'
import { catalogueFileText } from './catalogue-file'

/** Where the workflow reads and writes: the repository's catalogue, or a copy (`CATALOGUE_DIR`, `SAMPLES_DIR`). */
export interface CatalogueDirs {
  templates: string
  types: string
  samples: string
}

export function catalogueDirs(env: NodeJS.ProcessEnv = process.env): CatalogueDirs {
  const catalogue = env.CATALOGUE_DIR ? path.resolve(env.CATALOGUE_DIR) : CATALOGUE_DIR
  return {
    templates: `${catalogue}/templates`,
    types: `${catalogue}/types.json`,
    samples: env.SAMPLES_DIR ? path.resolve(env.SAMPLES_DIR) : SAMPLES_DIR,
  }
}

const TEMPLATE_ID = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])
/** A logo is small; this bounds what a request may make the workflow write. */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024

/** `localhost:5190` → `localhost`, `[::1]:5190` → `[::1]`. */
const hostName = (host: string) => host.replace(/:\d+$/, '')

/**
 * Whether a request may use the workflow: it writes files of the repository, so only a page of this loopback
 * server may call it. The Host header must name the loopback (a DNS name rebound to 127.0.0.1 is refused), and
 * a write's Origin must be this server (another site open in the same browser cannot post to it).
 */
export function loopbackOnly(req: Pick<IncomingMessage, 'headers' | 'method'>): string | undefined {
  const host = req.headers.host ?? ''
  if (!LOOPBACK.has(hostName(host))) return `the catalogue workflow answers on the loopback only, not ${host}`
  if (req.method === 'GET' || req.method === 'HEAD') return undefined
  const origin = req.headers.origin
  if (origin !== `http://${host}`)
    return `a change must come from the workflow's own page, not ${origin ?? 'no origin'}`
  return undefined
}

const send = (res: ServerResponse, status: number, body: string | Buffer, type = 'application/json') => {
  res.writeHead(status, {
    'Content-Type': type,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  })
  res.end(body)
}
const problem = (res: ServerResponse, status: number, message: string) =>
  send(res, status, JSON.stringify({ message }))

async function body(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > limit) throw new RangeError(`larger than ${limit} bytes`)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

const readText = (file: string) => readFile(file, 'utf8').catch(() => undefined)

/** `400` or `700i`: a face's weight, and `i` for italic (as the server names its font files). */
const faceFileName = (weight: number, italic: boolean) => `${weight}${italic ? 'i' : ''}`

/**
 * The dev server's side of the catalogue workflow: what the host page loads and saves, as files.
 *
 * - `GET /api/fonts/manifest.json`, `/api/fonts/<face>/<file>`: the shipped fonts, in the shape the server
 *   gives them, so the page loads them with the app's own `loadTemplateFonts`;
 * - `GET /catalogue/types`, `GET /catalogue/templates/<id>` (the file's text; 404 for a new one);
 * - `PUT /catalogue/templates/<id>[?from=<id>]`: the designer's document, checked by the model and written in
 *   the catalogue's formatting (a new file as the one it was made from); answers whether the file changed;
 * - `GET /catalogue/images/<name>`: a catalogue image (`sample:<name>`); `POST /catalogue/images/<name>` stores a
 *   PNG or JPEG the designer places as a fixed image and answers its reference.
 */
export function catalogueHost(dirs: CatalogueDirs = catalogueDirs()): Plugin {
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://loopback')
    const route = url.pathname
    if (!route.startsWith('/api/fonts/') && !route.startsWith('/catalogue/')) return false
    const refused = loopbackOnly(req)
    if (refused) {
      problem(res, 403, refused)
      return true
    }
    if (route === '/api/fonts/manifest.json') {
      const manifest = Object.fromEntries(
        FAMILIES.map((family) => [
          family,
          facesOf(family).map((f) => ({
            weight: f.weight,
            italic: f.italic,
            url: `/api/fonts/${encodeURIComponent(family)}/${faceFileName(f.weight, f.italic)}`,
          })),
        ]),
      )
      send(res, 200, JSON.stringify(manifest))
      return true
    }
    const font = /^\/api\/fonts\/([^/]+)\/(\d+i?)$/.exec(route)
    if (font) {
      const family = decodeURIComponent(font[1] ?? '')
      const file = FAMILIES.includes(family)
        ? facesOf(family).find((f) => faceFileName(f.weight, f.italic) === font[2])
        : undefined
      if (!file) problem(res, 404, `no font file ${route}`)
      else send(res, 200, await readFile(file.file), 'font/ttf')
      return true
    }
    if (route === '/catalogue/types') {
      send(res, 200, (await readText(dirs.types)) ?? '[]')
      return true
    }
    const template = /^\/catalogue\/templates\/([^/]+)$/.exec(route)
    if (template) {
      const id = template[1] ?? ''
      if (!TEMPLATE_ID.test(id)) {
        problem(res, 400, `"${id}" is no template id: lower-case letters, digits and hyphens`)
        return true
      }
      const file = `${dirs.templates}/${id}.json`
      if (req.method === 'GET') {
        const text = await readText(file)
        if (text === undefined) problem(res, 404, `no catalogue template "${id}" yet`)
        else send(res, 200, text)
        return true
      }
      if (req.method !== 'PUT') return false
      let doc: unknown
      try {
        doc = JSON.parse((await body(req, 2 * 1024 * 1024)).toString('utf8'))
      } catch (e) {
        problem(res, 400, `the document is not JSON: ${(e as Error).message}`)
        return true
      }
      try {
        const next = parseTemplate(doc)
        if (next.id !== id) throw new TemplateError(next.id, [{ property: 'id', message: `saved as ${id}` }])
        const previous = await readText(file)
        // A new template made from another is written as that file is (its keys' order, its line breaks).
        const from = url.searchParams.get('from')
        const source =
          previous === undefined && from && TEMPLATE_ID.test(from)
            ? await readText(`${dirs.templates}/${from}.json`)
            : undefined
        const text = catalogueFileText(next, previous ?? source)
        if (text !== previous) await writeFile(file, text)
        send(res, 200, JSON.stringify({ changed: text !== previous }))
      } catch (e) {
        problem(res, 400, e instanceof Error ? e.message : String(e))
      }
      return true
    }
    const image = /^\/catalogue\/images\/([^/]+)$/.exec(route)
    if (image) {
      const name = image[1] ?? ''
      if (!SAMPLE_NAME.test(name)) {
        problem(res, 400, `"${name}" is no image name: lower-case letters, digits and hyphens`)
        return true
      }
      if (req.method === 'GET') {
        const found = await sampleImageFile(`sample:${name}`, dirs.samples)
        if (!found) problem(res, 404, `no catalogue image "${name}"`)
        else send(res, 200, await readFile(found.path), found.type)
        return true
      }
      if (req.method !== 'POST') return false
      try {
        const bytes = await body(req, MAX_IMAGE_BYTES)
        const ext = isPng(bytes) ? 'png' : isJpeg(bytes) ? 'jpg' : undefined
        if (!ext) throw new TypeError('a catalogue image is a PNG (a logo) or a JPEG (a photograph)')
        const existing = await sampleImageFile(`sample:${name}`, dirs.samples)
        // The same file placed again (a logo the catalogue has) is that image; another file needs its own name.
        if (existing && !(await readFile(existing.path)).equals(bytes))
          throw new TypeError(
            `the catalogue has another image "${name}" already: name the new file differently`,
          )
        if (!existing) await writeFile(`${dirs.samples}/${name}.${ext}`, bytes)
        send(res, existing ? 200 : 201, JSON.stringify({ ref: `sample:${name}` }))
      } catch (e) {
        problem(res, 400, (e as Error).message)
      }
      return true
    }
    return false
  }
  return {
    name: 'templet:catalogue-host',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        handle(req, res).then(
          (done) => {
            if (!done) next()
          },
          (e: unknown) => problem(res, 500, e instanceof Error ? e.message : String(e)),
        )
      })
    },
  }
}

const isPng = (b: Buffer) =>
  b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
const isJpeg = (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff
