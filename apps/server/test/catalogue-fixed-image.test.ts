import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'
import { allTemplates } from './media/catalogue'

/** The catalogue's template with a logo of its own (`sample:logo-peak`), and where the logo sits in its square size. */
const SLUG = 'hiring-post-logo'
const LOGO = { x: 90, y: 940, w: 84, h: 84 }
/** The logo's rounded square is navy (#14213d); the post around it is the accent colour. */
const NAVY = [0x14, 0x21, 0x3d]

/** The colour of a picture at a point of its square (1080 px) layout, scaled to the picture's own width. */
async function colourAt(bytes: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const k = info.width / 1080
  const at = (Math.round(y * k) * info.width + Math.round(x * k)) * info.channels
  return [...data.subarray(at, at + 3)]
}
const near = (a: number[], b: number[], tolerance = 12) =>
  a.every((v, i) => Math.abs(v - (b[i] ?? 0)) <= tolerance)
/** Left of the peaks, inside the logo's square. */
const inLogo = [LOGO.x + LOGO.w * 0.12, LOGO.y + LOGO.h * 0.5] as const

describe.each(engines)("a catalogue template's own logo on %s", (engine) => {
  let s: TestServer
  let id: number
  beforeAll(async () => {
    s = await startServer(engine)
    const summary = (await allTemplates(s)).find((t) => t.slug === SLUG)
    if (!summary) throw new Error(`${SLUG} is not in the catalogue`)
    id = summary.id
  })
  afterAll(() => s.close())

  const bytes = async (url: string) => {
    const res = await fetch(`${s.url}${url}`)
    expect(res.status).toBe(200)
    return Buffer.from(await res.arrayBuffer())
  }

  it("is drawn in a creation, its thumbnail, the editor's preview and the catalogue thumbnail", async () => {
    const { token } = await s.signUp()
    const made = await s.call('POST', '/creation/create', { token, body: { templateId: id, values: {} } })
    expect(made.code).toBe(0)
    expect(near(await colourAt(await bytes(made.data.files.png), ...inLogo), NAVY)).toBe(true)
    expect(near(await colourAt(await bytes(made.data.thumbnailUrl), ...inLogo), NAVY, 24)).toBe(true)
    // The editor's preview from the server (PNG, at the size asked).
    const preview = await fetch(`${s.url}/api/creation/preview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bucket ${token}` },
      body: JSON.stringify({ templateId: id, values: {}, format: 'png' }),
    })
    expect(preview.headers.get('content-type')).toBe('image/png')
    expect(near(await colourAt(Buffer.from(await preview.arrayBuffer()), ...inLogo), NAVY, 24)).toBe(true)
    const listed = (await allTemplates(s)).find((t) => t.id === id)
    expect(near(await colourAt(await bytes(listed?.thumbnailUrl ?? ''), ...inLogo), NAVY, 24)).toBe(true)
  })

  it('is served to browsers at /api/catalogue-images, and nothing else is', async () => {
    const res = await fetch(`${s.url}/api/catalogue-images/logo-peak`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).hasAlpha).toBe(true)
    for (const name of ['missing', '..%2Fpackage.json', 'LOGO-PEAK'])
      expect((await fetch(`${s.url}/api/catalogue-images/${name}`)).status).toBe(404)
  })

  it("is copied into the customer's uploads by Duplicate, so their copy saves and draws it", async () => {
    const { token } = await s.signUp()
    const dup = await s.call('POST', '/template/duplicate', { token, body: { id } })
    expect(dup.code).toBe(0)
    const doc = await s.call('GET', '/template/document', { token, query: { id: dup.data.id } })
    const logo = (doc.data.document.layers as Array<{ id: string; src?: string }>).find(
      (l) => l.id === 'logo',
    )
    expect(logo?.src).toMatch(/^[1-9]\d*$/)
    const uploads = await s.call('GET', '/upload/list', { token })
    expect(uploads.data.map((u: { id: number }) => String(u.id))).toContain(logo?.src)
    // Their copy saves as it is (the logo is theirs now) and a creation from it draws the logo.
    const saved = await s.call('POST', '/template/save', {
      token,
      body: { id: dup.data.id, name: 'Our hiring post', document: doc.data.document },
    })
    expect(saved.code).toBe(0)
    const made = await s.call('POST', '/creation/create', {
      token,
      body: { templateId: dup.data.id, values: {} },
    })
    expect(made.code).toBe(0)
    expect(near(await colourAt(await bytes(made.data.files.png), ...inLogo), NAVY)).toBe(true)
  })

  it("draws a catalogue template's sample photo in its preview, never in a creation", async () => {
    const { token } = await s.signUp()
    const photoFeature = (await allTemplates(s)).find((t) => t.slug === 'photo-feature')
    if (!photoFeature) throw new Error('photo-feature is not in the catalogue')
    const doc = await s.call('GET', '/template/document', { token, query: { id: photoFeature.id } })
    const samples = doc.data.document.samples.en as Record<string, string>
    expect(samples.photo).toBe('sample:coffee')
    const preview = async (values: Record<string, string>) => {
      const res = await fetch(`${s.url}/api/creation/preview`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bucket ${token}` },
        body: JSON.stringify({ templateId: photoFeature.id, values, format: 'png', maxSide: 270 }),
      })
      expect(res.headers.get('content-type')).toBe('image/png')
      return sharp(Buffer.from(await res.arrayBuffer()))
        .removeAlpha()
        .raw()
        .toBuffer()
    }
    const [withSample, withoutPhoto] = [await preview(samples), await preview({ ...samples, photo: '' })]
    let differing = 0
    for (let i = 0; i < withSample.length; i += 3)
      if (Math.abs((withSample[i] ?? 0) - (withoutPhoto[i] ?? 0)) > 16) differing++
    // Measured: 19.5 % of the pixels (the photo's, less its darkest) against the placeholder's grey.
    expect(differing / (withSample.length / 3)).toBeGreaterThan(0.15)
    // Asked for by width, a size whose sides are in no whole ratio (1080 × 1350) is drawn exactly that wide.
    const byWidth = await fetch(`${s.url}/api/creation/preview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bucket ${token}` },
      body: JSON.stringify({
        templateId: photoFeature.id,
        values: samples,
        sizeId: 'portrait',
        format: 'png',
        width: 294,
      }),
    })
    const { width, height } = await sharp(Buffer.from(await byWidth.arrayBuffer())).metadata()
    expect([width, Math.abs((height ?? 0) - 367.5)]).toEqual([294, 0.5])
    // A catalogue photo its samples do not name is no image of the caller's, nor is any in a creation.
    const other = await s.call('POST', '/creation/preview', {
      token,
      body: { templateId: photoFeature.id, values: { ...samples, photo: 'sample:dusk' } },
    })
    expect(other.code).toBe(404)
    const made = await s.call('POST', '/creation/create', {
      token,
      body: { templateId: photoFeature.id, values: samples },
    })
    expect(made.code).toBe(404)
  })
})
