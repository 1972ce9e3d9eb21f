import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from './harness'
import { templateWith } from './media/catalogue'
import { form } from './media/images'

/** Validation answers do not depend on the database: one engine is enough. */
describe('input rules', () => {
  let s: TestServer
  let token: string
  beforeAll(async () => {
    s = await startServer('sqlite')
    ;({ token } = await s.signUp())
  })
  afterAll(() => s.close())

  it('refuses a creation name with a direction override, a control character or nothing visible, as the register form does', async () => {
    const t = await templateWith(s, 'text')
    for (const name of [
      'Invoice \u202eexe.png',
      'Bell\u0007',
      'Esc\u001b[31m',
      '\u200b\u200b',
      '\u2066x\u2069',
    ]) {
      const r = await s.call('POST', '/creation/create', {
        token,
        body: { templateId: t.id, values: {}, name },
      })
      expect(r.code, JSON.stringify(name)).toBe(400)
      expect(r.data.issues[0]).toMatchObject({ path: ['name'] })
      expect(r.msg).toMatch(
        /^name: Name must (not contain control or text-direction characters|contain visible characters)$/,
      )
    }
    const ok = await s.call('POST', '/creation/create', {
      token,
      body: { templateId: t.id, values: {}, name: '春季海报 1' },
    })
    expect(ok.code, ok.msg).toBe(0)
    expect(ok.data.name).toBe('春季海报 1')
  })

  it('gives every code-400 its issues: a bad size, bad values, a file that is not an image, a bad Last-Event-ID', async () => {
    const t = await templateWith(s, 'image')
    const size = await s.call('POST', '/creation/create', {
      token,
      body: { templateId: t.id, values: {}, sizeId: 'poster-xxl' },
    })
    expect(size).toMatchObject({ code: 400, data: { issues: [{ path: ['sizeId'], code: 'invalid_value' }] } })

    const text = t.fields.find((f) => f.kind === 'text')
    const image = t.fields.find((f) => f.kind === 'image')
    const values = {
      nope: 'x',
      ...(text ? { [text.key]: 'x'.repeat(5000) } : {}),
      ...(image ? { [image.key]: '12@7,7' } : {}),
    }
    const bad = await s.call('POST', '/creation/preview', { token, body: { templateId: t.id, values } })
    expect(bad.code).toBe(400)
    const paths = bad.data.issues.map((i: { path: string[] }) => i.path.join('.'))
    expect(paths).toContain('values.nope')
    if (text)
      expect(bad.data.issues).toContainEqual(
        expect.objectContaining({ path: ['values', text.key], code: 'too_big' }),
      )

    const notImage = await s.call('POST', '/upload/image', {
      token,
      form: form(Buffer.from('#!/bin/sh\necho hi\n'), 'photo.png', 'image/png'),
    })
    expect(notImage).toMatchObject({
      code: 400,
      msg: 'file: The file is not a PNG, JPEG or WebP image',
      data: { issues: [{ path: ['file'], code: 'invalid_format' }] },
    })

    const res = await fetch(`${s.url}/api/notification/stream`, {
      headers: { authorization: `Bucket ${token}`, 'last-event-id': 'abc' },
    })
    expect(await res.json()).toMatchObject({
      code: 400,
      data: { issues: [{ path: ['Last-Event-ID'], code: 'invalid_format' }] },
    })
  })
})
