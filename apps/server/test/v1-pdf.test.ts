import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { unzipSync } from 'fflate'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'
import { developer, v1 } from './v1-helpers'

// PDF through the developer API, read back with poppler (Debian's poppler-utils, scripts/ensure-tools.sh).
const dir = mkdtempSync(path.join(tmpdir(), 'templet-v1-pdf-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const saved = (pdf: Buffer) => {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`)
  writeFileSync(file, pdf)
  return file
}
const pdfinfo = (pdf: Buffer, ...args: string[]) =>
  execFileSync('pdfinfo', [...args, saved(pdf)], { encoding: 'utf8' })
/** A page box from `pdfinfo -box`: [x0, y0, x1, y1] in points. */
const box = (info: string, name: string) => {
  const m = info.match(new RegExp(`${name}:\\s+([-\\d.]+)\\s+([-\\d.]+)\\s+([-\\d.]+)\\s+([-\\d.]+)`))
  if (!m) throw new Error(`no ${name} in:\n${info}`)
  return m.slice(1).map(Number) as [number, number, number, number]
}
const MM = 72 / 25.4

async function download(url: string) {
  const res = await fetch(url)
  expect(res.status).toBe(200)
  return { res, body: Buffer.from(await res.arrayBuffer()) }
}

async function grant(s: TestServer, userId: number, credits: number) {
  await s.db.kysely
    .insertInto('credit_ledger')
    .values({ user_id: userId, delta: credits, reason: 'test', idempotency_key: null, created_at: s.now() })
    .execute()
}

async function settled(s: TestServer, key: string, id: number) {
  let b = (await v1(s, 'GET', `/batches/${id}`, { key })).body
  for (let i = 0; i < 1200 && b.status === 'running'; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    b = (await v1(s, 'GET', `/batches/${id}`, { key })).body
  }
  return b
}

// Print pages at 300 dpi and a 30-page batch: minutes, not seconds, on a machine shared with other work.
describe.each(engines)('PDF through /v1 on %s', { timeout: 180_000 }, (engine) => {
  let s: TestServer
  let award: { id: number; sizes: { id: string; print?: unknown; formats: string[] }[] }
  beforeAll(async () => {
    // A render answers 201 once done: on a loaded machine an A4 page at 300 dpi can take longer than the default wait.
    s = await startServer(engine, { WORKER_CONCURRENCY: '2' }, { jobs: true })
    const dev = await developer(s, ['read'])
    const all = await v1(s, 'GET', '/templates?limit=100', { key: dev.key })
    award = all.body.data.find((t: { slug: string }) => t.slug === 'award-certificate')
  })
  afterAll(() => s.close())

  it('a template’s sizes say their sheet and formats: PDF for the print sizes', () => {
    expect(award.sizes.find((x) => x.id === 'a4-portrait')).toMatchObject({
      print: { width: 210, height: 297, unit: 'mm' },
      formats: ['png', 'jpeg', 'webp', 'pdf'],
    })
    expect(award.sizes.find((x) => x.id === 'square')).toMatchObject({ formats: ['png', 'jpeg', 'webp'] })
  })

  it('a PDF render is the A4 sheet in points; with bleed the media box grows by 3 mm a side around the trim', async () => {
    const dev = await developer(s)
    const plain = await v1(s, 'POST', '/renders', {
      key: dev.key,
      body: { template_id: award.id, size_id: 'a4-portrait', formats: ['pdf', 'png'], values: {} },
    })
    expect(plain.status).toBe(201)
    expect(Object.keys(plain.body.files).sort()).toEqual(['pdf', 'png'])
    const trimmed = await download(plain.body.files.pdf)
    expect(trimmed.res.headers.get('content-type')).toBe('application/pdf')
    const info = pdfinfo(trimmed.body, '-box')
    expect(info).toMatch(/Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/)
    const [mx0, my0, mx1, my1] = box(info, 'MediaBox')
    expect(mx1 - mx0).toBeCloseTo(595.28, 1)
    expect(my1 - my0).toBeCloseTo(841.89, 1)

    const bled = await v1(s, 'POST', '/renders', {
      key: dev.key,
      body: {
        template_id: award.id,
        size_id: 'a4-portrait',
        formats: ['pdf'],
        pdf_options: { bleed: true },
        values: {},
      },
    })
    expect(bled.status).toBe(201)
    expect(bled.body.pdf_options).toEqual({ bleed: true, crop_marks: false })
    const withBleed = pdfinfo((await download(bled.body.files.pdf)).body, '-box')
    const media = box(withBleed, 'MediaBox')
    const trim = box(withBleed, 'TrimBox')
    expect(trim[2] - trim[0]).toBeCloseTo(595.28, 1)
    expect(trim[3] - trim[1]).toBeCloseTo(841.89, 1)
    for (const side of [trim[0] - media[0], trim[1] - media[1], media[2] - trim[2], media[3] - trim[3]])
      expect(side).toBeCloseTo(3 * MM, 1)
    expect(media[2] - media[0]).toBeCloseTo(595.28 + 6 * MM, 1)
  })

  it('a PDF alone makes no raster files, and its thumbnail is the PDF’s first page', async () => {
    const dev = await developer(s)
    const r = await v1(s, 'POST', '/renders', {
      key: dev.key,
      body: {
        template_id: award.id,
        size_id: 'a4-portrait',
        formats: ['pdf'],
        values: { recipient: 'Maryam Haddad' },
      },
    })
    expect(r.status).toBe(201)
    expect(Object.keys(r.body.files)).toEqual(['pdf'])
    expect([r.body.width, r.body.height]).toEqual([2480, 3508])
    const pdf = saved((await download(r.body.files.pdf)).body)
    const thumb = (await download(r.body.thumbnail_url)).body
    const meta = await sharp(thumb).metadata()
    expect(meta.format).toBe('webp')
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(480)
    // poppler rasterises page 1 at the thumbnail's size; the two pictures agree pixel for pixel, nearly.
    const out = path.join(dir, `page-${r.body.id}`)
    execFileSync('pdftoppm', ['-png', '-f', '1', '-l', '1', '-singlefile', '-scale-to', '480', pdf, out])
    const size = { width: meta.width ?? 0, height: meta.height ?? 0 }
    const pixels = (img: Buffer) =>
      sharp(img).resize(size.width, size.height, { fit: 'fill' }).removeAlpha().raw().toBuffer()
    const [a, b] = await Promise.all([pixels(readFileSync(`${out}.png`)), pixels(thumb)])
    let sum = 0
    for (let i = 0; i < a.length; i += 1) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0))
    expect(sum / a.length).toBeLessThan(6)
    // Not a blank page compared with a blank thumbnail: the certificate has ink.
    const { channels } = await sharp(thumb).stats()
    expect(Math.max(...channels.map((c) => c.stdev))).toBeGreaterThan(20)
  })

  it('PDF is refused for a screen size, naming the print sizes; PDF options without PDF are refused', async () => {
    const dev = await developer(s)
    const square = await v1(s, 'POST', '/renders', {
      key: dev.key,
      body: { template_id: award.id, size_id: 'square', formats: ['png', 'pdf'], values: {} },
    })
    expect(square.status).toBe(400)
    expect(square.body.detail).toContain('a4-portrait, letter-portrait')
    expect(square.body.issues[0]).toMatchObject({ path: ['formats', 1], code: 'invalid_value' })
    const options = await v1(s, 'POST', '/renders', {
      key: dev.key,
      body: { template_id: award.id, formats: ['png'], pdf_options: { crop_marks: true }, values: {} },
    })
    expect(options.status).toBe(400)
    expect(options.body.issues[0].path).toEqual(['pdf_options'])
  })

  it('a 30-row batch with PDF has one PDF of 30 pages beside its ZIP; another key’s account gets a 404', async () => {
    const dev = await developer(s)
    await grant(s, dev.user.id, 30)
    const rows = Array.from({ length: 30 }, (_, i) => ({
      values: { recipient: `Pupil ${i + 1}` },
      name: `Pupil ${i + 1}`,
    }))
    const r = await v1(s, 'POST', '/batches', {
      key: dev.key,
      body: {
        template_id: award.id,
        size_id: 'a4-portrait',
        formats: ['pdf'],
        pdf_options: { bleed: true, crop_marks: true },
        rows,
      },
    })
    expect(r.status).toBe(202)
    expect(r.body.pdf_url).toBeNull()
    const b = await settled(s, dev.key, r.body.id)
    expect(b).toMatchObject({ status: 'completed', completed_rows: 30, failed_rows: 0 })
    expect(b.pdf_options).toEqual({ bleed: true, crop_marks: true })

    // The batch turns completed with its PDF written: one page per row, in row order, each with its bleed.
    const pdf = await download(b.pdf_url)
    expect(pdf.res.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''award-a4-batch-${b.id}.pdf`,
    )
    const info = pdfinfo(pdf.body, '-box', '-f', '1', '-l', '30')
    expect(info).toMatch(/Pages:\s+30\n/)
    expect(info.match(/Page\s+\d+ TrimBox:/g)).toHaveLength(30)
    const first = execFileSync('pdftotext', ['-f', '1', '-l', '1', saved(pdf.body), '-'], {
      encoding: 'utf8',
    })
    const last = execFileSync('pdftotext', ['-f', '30', '-l', '30', saved(pdf.body), '-'], {
      encoding: 'utf8',
    })
    expect(first).toMatch(/\bPupil 1\b/)
    expect(last).toContain('Pupil 30')

    // The ZIP beside it holds each row's own PDF.
    const zip = unzipSync(new Uint8Array((await download(b.archive_url)).body))
    expect(Object.keys(zip)).toHaveLength(30)
    expect(Object.keys(zip)[0]).toBe('0001-pupil-1.pdf')

    // Another account's key does not see the batch; a signed URL changed to another batch is refused.
    const other = await developer(s)
    expect((await v1(s, 'GET', `/batches/${b.id}`, { key: other.key })).status).toBe(404)
    const forged = b.pdf_url.replace(`/batch/${b.id}/`, `/batch/${b.id + 1}/`)
    expect((await fetch(forged)).status).toBe(404)
  })

  it('another key’s render, and so its PDF, is a 404', async () => {
    const dev = await developer(s)
    const r = await v1(s, 'POST', '/renders', {
      key: dev.key,
      body: { template_id: award.id, formats: ['pdf'], values: {} },
    })
    expect(r.status).toBe(201)
    const other = await developer(s)
    const seen = await v1(s, 'GET', `/renders/${r.body.id}`, { key: other.key })
    expect(seen.status).toBe(404)
    expect(seen.body.files).toBeUndefined()
    expect((await v1(s, 'DELETE', `/renders/${r.body.id}`, { key: other.key })).status).toBe(404)
    // Deleting it makes its PDF's URL stop working at once.
    expect((await v1(s, 'DELETE', `/renders/${r.body.id}`, { key: dev.key })).status).toBe(204)
    expect((await fetch(r.body.files.pdf)).status).toBe(404)
  })
})

describe('a batch with PDF left unfinished by a stopped process (SQLite, in-process queue)', {
  timeout: 180_000,
}, () => {
  it('is finished, with its PDF, at the next start', async () => {
    const s = await startServer('sqlite', {}, { jobs: true })
    try {
      const dev = await developer(s)
      const templates = await v1(s, 'GET', '/templates?limit=100', { key: dev.key })
      const award = templates.body.data.find((t: { slug: string }) => t.slug === 'award-certificate')
      const r = await v1(s, 'POST', '/batches', {
        key: dev.key,
        body: { template_id: award.id, formats: ['pdf'], rows: [{ values: {} }, { values: {} }] },
      })
      expect((await settled(s, dev.key, r.body.id)).pdf_url).not.toBeNull()
      // As a process that stopped after the last row settled, before its finishing job ran.
      await s.db.kysely
        .updateTable('batches')
        .set({ status: 'running', completed_at: null, notified_at: null, pdf_pages: 0 })
        .where('id', '=', r.body.id)
        .execute()
      expect((await v1(s, 'GET', `/batches/${r.body.id}`, { key: dev.key })).body.pdf_url).toBeNull()
      const next = await s.twin()
      try {
        await next.parts.jobs.start()
        const b = await settled(next, dev.key, r.body.id)
        expect(b.status).toBe('completed')
        expect(pdfinfo((await download(b.pdf_url)).body)).toMatch(/Pages:\s+2\n/)
      } finally {
        await next.close()
      }
    } finally {
      await s.close()
    }
  })
})
