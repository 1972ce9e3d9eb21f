import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'
import { form, jpegWithExif, pngBomb, solidImage } from './media/images'

describe.each(engines)('image uploads on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine, { UPLOAD_MAX_PIXELS: '50000000' })
  })
  afterAll(() => s.close())

  const upload = (token: string, f: FormData) => s.call('POST', '/upload/image', { token, form: f })

  it.each(['png', 'jpeg', 'webp'] as const)(
    'accepts a %s and serves it at a URL that needs no token',
    async (format) => {
      const { token } = await s.signUp()
      const r = await upload(token, form(await solidImage(format, 40, 20), `a.${format}`, `image/${format}`))
      expect(r.code).toBe(0)
      expect(r.data).toMatchObject({ width: 40, height: 20 })
      const res = await fetch(`${s.url}${r.data.url}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe(`image/${format}`)
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
      expect(meta).toMatchObject({ format, width: 40, height: 20 })
    },
  )

  it('applies the EXIF orientation and strips EXIF and GPS metadata', async () => {
    const { token } = await s.signUp()
    const original = await jpegWithExif(40, 20)
    expect(await sharp(original).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) })
    const r = await upload(token, form(original, 'photo.jpg', 'image/jpeg'))
    expect(r.code).toBe(0)
    // Orientation 6 = rotate 90°: the stored image is upright, 20 wide and 40 high.
    expect(r.data).toMatchObject({ width: 20, height: 40 })
    const stored = Buffer.from(await (await fetch(`${s.url}${r.data.url}`)).arrayBuffer())
    const meta = await sharp(stored).metadata()
    expect(meta).toMatchObject({ width: 20, height: 40 })
    expect(meta.exif).toBeUndefined()
    expect(meta.orientation).toBeUndefined()
    expect(stored.includes('secret owner')).toBe(false)
    expect(stored.includes('TestCam')).toBe(false)
  })

  it('refuses a renamed non-image with 400, whatever its name and declared type', async () => {
    const { token } = await s.signUp()
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(2000, 7)])
    for (const f of [
      form(elf, 'cat.png', 'image/png'),
      form('<svg xmlns="http://www.w3.org/2000/svg"/>', 'logo.webp', 'image/webp'),
      form(await solidImage('png').then((b) => sharp(b).gif().toBuffer()), 'anim.png', 'image/png'),
      form((await solidImage('png')).subarray(0, 60), 'truncated.png', 'image/png'),
    ]) {
      const r = await upload(token, f)
      expect(r).toMatchObject({ code: 400, msg: 'file: The file is not a PNG, JPEG or WebP image' })
    }
  })

  it('refuses a file over 10 MB with 413', async () => {
    const { token } = await s.signUp()
    const big = Buffer.concat([await solidImage('png'), Buffer.alloc(10 * 1024 * 1024 + 10)])
    const r = await upload(token, form(big, 'big.png', 'image/png'))
    expect(r.code).toBe(413)
  })

  it('refuses a 20,000 × 20,000 PNG of a few kB (decompression bomb) with 400 naming its size', async () => {
    const { token } = await s.signUp()
    const bomb = pngBomb(20_000)
    expect(bomb.byteLength).toBeLessThan(100_000)
    const r = await upload(token, form(bomb, 'bomb.png', 'image/png'))
    expect(r.code).toBe(400)
    expect(r.msg).toBe('file: The image has 20000 × 20000 pixels; at most 50 megapixels are accepted')
  })

  it('answers 400 without a file part or without multipart, and 401 without a token', async () => {
    const { token } = await s.signUp()
    const empty = new FormData()
    empty.append('other', 'x')
    expect((await upload(token, empty)).code).toBe(400)
    const json = await s.call('POST', '/upload/image', { token, body: { file: 'x' } })
    expect(json).toMatchObject({ code: 400, msg: 'body: Send multipart/form-data' })
    expect(
      (await s.call('POST', '/upload/image', { form: form(await solidImage('png'), 'a.png', 'image/png') }))
        .code,
    ).toBe(401)
  })

  it('signs upload URLs: a changed id or signature is refused, and the URL expires', async () => {
    const { token } = await s.signUp()
    const r = await upload(token, form(await solidImage('png'), 'a.png', 'image/png'))
    const url: string = r.data.url
    expect((await fetch(`${s.url}${url}`)).status).toBe(200)
    expect((await fetch(`${s.url}${url.replace(/sig=[^&]+/, 'sig=AAAA')}`)).status).toBe(403)
    expect(
      (await fetch(`${s.url}${url.replace(`/upload/${r.data.id}/`, `/upload/${r.data.id + 1}/`)}`)).status,
    ).toBe(403)
    expect((await fetch(`${s.url}${url.split('?')[0]}`)).status).toBe(403)
    s.advance(3600 * 1000 + 1000)
    expect((await fetch(`${s.url}${url}`)).status).toBe(403)
  })
})
