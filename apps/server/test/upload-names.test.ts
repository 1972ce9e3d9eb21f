import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findOwnUploadsNamed } from '../src/features/uploads/uploads.queries'
import { engines, startServer, type TestServer } from './harness'
import { templateWith } from './media/catalogue'
import { imageHost } from './media/image-host'
import { form, solidImage } from './media/images'
import { balance, developer, v1 } from './v1-helpers'

type Account = Awaited<ReturnType<typeof developer>>

async function uploadAs(s: TestServer, token: string, name: string): Promise<number> {
  const sent = await s.call('POST', '/upload/image', {
    token,
    form: form(await solidImage('png', 32, 24), name, 'image/png'),
  })
  if (sent.code !== 0) throw new Error(`upload/image: ${sent.code} ${sent.msg}`)
  return sent.data.id
}

async function listed(s: TestServer, token: string) {
  const list = await s.call('GET', '/upload/list', { token, query: { page: 1, pageSize: 50 } })
  return list.data as { id: number; name: string | null }[]
}

const uploadCount = async (s: TestServer, userId: number) =>
  (await s.db.kysely.selectFrom('uploads').select('id').where('user_id', '=', userId).execute()).length

const csvCell = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s)

/**
 * A catalogue template with an image field, and a CSV of its sample row once per image cell given: the image
 * column's header, and the CSV itself.
 */
async function imageCsv(s: TestServer, c: Account) {
  const t = await templateWith(s, 'image')
  const image = t.fields.find((f) => f.kind === 'image') as { key: string; column?: string }
  const template = await s.call('GET', '/batch/csv-template', { token: c.token, query: { templateId: t.id } })
  const [header, sample] = parse(template.data.csv, { bom: true }) as string[][]
  const column = (header ?? []).indexOf(image.column ?? image.key)
  const csv = (cells: string[]) =>
    [header ?? [], ...cells.map((cell) => (sample ?? []).map((v, i) => (i === column ? cell : v)))]
      .map((r) => r.map(csvCell).join(','))
      .join('\r\n')
  return { templateId: t.id, key: image.key, header: (header ?? [])[column] as string, csv, fields: t.fields }
}

describe.each(engines)('upload names on %s', (engine) => {
  let s: TestServer
  let host: Awaited<ReturnType<typeof imageHost>>
  beforeAll(async () => {
    host = await imageHost()
    // The test's image host is on the loopback, allowed here (v1-uploads tests the refusal of private addresses).
    s = await startServer(engine, { IMAGE_URL_ALLOW_PRIVATE: '1', WORKER_CONCURRENCY: '2' }, { jobs: true })
  })
  afterAll(async () => {
    await s.close()
    await host.close()
  })

  it('names an upload by its file (the app’s and /v1’s) or its URL’s last segment, and lists the name', async () => {
    const c = await developer(s)
    const app = await uploadAs(s, c.token, ' Ada\u202e Love\u0007lace.png ')
    const long = await uploadAs(s, c.token, `${'长'.repeat(250)}.png`)
    const file = await fetch(`${s.url}/v1/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.key}` },
      body: form(await solidImage('png', 16, 16), 'grace.png', 'image/png'),
    })
    const multipart = (await file.json()) as { id: number; name: string }
    expect(file.status).toBe(201)
    expect(multipart.name).toBe('grace.png')
    const byUrl = await v1(s, 'POST', '/uploads', {
      key: c.key,
      body: { url: `${host.base}/photo%20of%20Ada.png?size=big` },
    })
    expect(byUrl.status).toBe(201)
    expect(byUrl.body.name).toBe('photo of Ada.png')
    expect((await v1(s, 'GET', `/uploads/${byUrl.body.id}`, { key: c.key })).body.name).toBe(
      'photo of Ada.png',
    )

    // An upload of an earlier release has no name.
    const old = await uploadAs(s, c.token, 'old.png')
    await s.db.kysely.updateTable('uploads').set({ name: null }).where('id', '=', old).execute()
    const names = new Map((await listed(s, c.token)).map((u) => [u.id, u.name]))
    expect(names.get(app)).toBe('Ada Lovelace.png')
    expect(names.get(long)).toBe('长'.repeat(200))
    expect(names.get(multipart.id)).toBe('grace.png')
    expect(names.get(byUrl.body.id)).toBe('photo of Ada.png')
    expect(names.get(old)).toBeNull()
  }, 60_000)

  it('checks image cells by upload name, id or URL, fetching nothing; refuses names and ids not the caller’s', async () => {
    const c = await developer(s)
    const other = await developer(s)
    const t = await imageCsv(s, c)
    const older = await uploadAs(s, c.token, 'team.png')
    const newer = await uploadAs(s, c.token, 'team.png')
    const theirs = await uploadAs(s, other.token, 'theirs.png')
    const url = `${host.base}/photo.png?validate`
    const before = await uploadCount(s, c.user.id)

    const checked = await s.call('POST', '/batch/validate', {
      token: c.token,
      body: {
        templateId: t.templateId,
        csv: t.csv([
          ' team.png',
          String(older),
          url,
          'Team.png',
          'theirs.png',
          String(theirs),
          `team.png@0.2,0.8`,
        ]),
      },
    })
    expect(checked.code).toBe(0)
    expect(checked.data.refusedRows).toBe(3)
    expect(checked.data.cost).toBe(4)
    const errors = new Map(
      (checked.data.errors as { row: number; message: string; issues: unknown[] }[]).map((e) => [e.row, e]),
    )
    expect([...errors.keys()]).toEqual([4, 5, 6])
    for (const row of [4, 5, 6])
      expect(errors.get(row)?.issues).toEqual([
        { path: ['values', t.key], code: 'invalid_value', params: { reason: 'unknown_upload' } },
      ])
    expect(errors.get(4)?.message).toBe(
      `${t.header}: No upload of yours is named "Team.png"; My uploads shows each upload's name and id`,
    )
    expect(errors.get(6)?.message).toMatch(new RegExp(`No upload of yours has the id ${theirs};.*My uploads`))
    // The preview shows the cells as written; nothing was fetched or stored.
    expect(checked.data.rows[0].values[t.key]).toBe('team.png')
    expect(host.hits.get('/photo.png?validate')).toBeUndefined()
    expect(await uploadCount(s, c.user.id)).toBe(before)
    expect(newer).toBeGreaterThan(older)

    const http = await s.call('POST', '/batch/validate', {
      token: c.token,
      body: { templateId: t.templateId, csv: t.csv(['ftp://images.example.com/a.png']) },
    })
    // Not a URL to fetch: a name no upload has.
    expect(http.data.errors[0].issues[0].params.reason).toBe('unknown_upload')
  }, 60_000)

  it('checks the rest of a row whose image is a URL: its other problems are told by the check, not at the start', async () => {
    const c = await developer(s)
    const t = await imageCsv(s, c)
    const url = `${host.base}/photo.png?rest`
    const [header = '', row = ''] = t.csv([url]).split('\r\n')
    const cells = parse(`${header}\r\n${row}`) as string[][]
    const text = t.fields.find((f) => f.kind === 'text')
    if (text?.kind !== 'text') throw new Error('the template has no text field')
    const column = (cells[0] ?? []).indexOf(text.column ?? text.key)
    const long = (cells[1] ?? []).map((v, i) => (i === column ? 'x'.repeat(text.maxLength + 1) : v))
    const checked = await s.call('POST', '/batch/validate', {
      token: c.token,
      body: { templateId: t.templateId, csv: [header, row, long.map(csvCell).join(',')].join('\r\n') },
    })
    expect(checked.code).toBe(0)
    expect(checked.data.refusedRows).toBe(1)
    expect(checked.data.errors).toHaveLength(1)
    expect(checked.data.errors[0].row).toBe(2)
    expect(checked.data.errors[0].issues).toEqual([
      expect.objectContaining({ path: ['values', text.key], code: 'too_big' }),
    ])
    expect(host.hits.get('/photo.png?rest')).toBeUndefined()
  }, 60_000)

  it('refuses by their rows a malformed URL and the URLs past 20 different ones, fetching none', async () => {
    const c = await developer(s)
    const t = await imageCsv(s, c)
    const urls = Array.from({ length: 22 }, (_, i) => `${host.base}/photo.png?n=${i}`)
    const checked = await s.call('POST', '/batch/validate', {
      token: c.token,
      body: { templateId: t.templateId, csv: t.csv(['https://bad host/a.png', ...urls, urls[0] as string]) },
    })
    expect(checked.data.refusedRows).toBe(3)
    expect(checked.data.errors.map((e: { row: number }) => e.row)).toEqual([1, 22, 23])
    expect(checked.data.errors[0].issues).toEqual([
      { path: ['values', t.key], code: 'invalid', params: { reason: 'not_https' } },
    ])
    expect(checked.data.errors[1].issues).toEqual([
      { path: ['values', t.key], code: 'too_big', params: { maximum: 20, origin: 'image_urls' } },
    ])
    expect([...host.hits.keys()].some((k) => k.startsWith('/photo.png?n='))).toBe(false)
  }, 60_000)

  it('looks up more names than one query takes', async () => {
    const c = await developer(s)
    const id = await uploadAs(s, c.token, 'last.png')
    const names = [...Array.from({ length: 25_000 }, (_, i) => `nobody-${i}.png`), 'last.png']
    expect(await findOwnUploadsNamed(s.db.kysely, c.user.id, { ids: [1, 2], names })).toEqual([
      expect.objectContaining({ id, name: 'last.png' }),
    ])
  })

  it('creates with a URL fetched once for all its rows; a URL giving no image refuses naming row and column', async () => {
    const c = await developer(s)
    const t = await imageCsv(s, c)
    await uploadAs(s, c.token, 'named.png')
    const named = await uploadAs(s, c.token, 'named.png')
    const shared = `${host.base}/photo.png?create`
    const before = await uploadCount(s, c.user.id)
    const made = await s.call('POST', '/batch/create', {
      token: c.token,
      body: { templateId: t.templateId, csv: t.csv([shared, 'named.png', shared, shared]) },
    })
    expect(made.code).toBe(0)
    expect(host.hits.get('/photo.png?create')).toBe(1)
    expect(await uploadCount(s, c.user.id)).toBe(before + 1)
    let b = made.data
    for (let i = 0; i < 600 && b.status === 'running'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      b = (await s.call('GET', '/batch/detail', { token: c.token, query: { id: b.id } })).data
    }
    expect(b).toMatchObject({ status: 'completed', completedRows: 4, failedRows: 0 })
    // Rows draw uploads by id: the URL's one upload, and the newer of the two uploads named alike.
    const drawn = await s.db.kysely
      .selectFrom('renders')
      .select(['row_number', 'field_values'])
      .where('batch_id', '=', b.id)
      .orderBy('row_number')
      .execute()
    const images = drawn.map((r) => (JSON.parse(r.field_values) as Record<string, string>)[t.key])
    expect(images[1]).toBe(String(named))
    expect(new Set([images[0], images[2], images[3]]).size).toBe(1)
    expect(images[0]).toMatch(/^\d+$/)

    const credits = await balance(s, c.token)
    const refused = await s.call('POST', '/batch/create', {
      token: c.token,
      body: { templateId: t.templateId, csv: t.csv(['named.png', `${host.base}/missing.png`]) },
    })
    expect(refused.code).toBe(400)
    expect(refused.msg).toMatch(new RegExp(`^Row 2, column "${t.header}": .*answered 404`))
    const text = await s.call('POST', '/batch/create', {
      token: c.token,
      body: { templateId: t.templateId, csv: t.csv([`${host.base}/text`]) },
    })
    expect(text.code).toBe(400)
    expect(text.msg).toMatch(new RegExp(`^Row 1, column "${t.header}": The file is not a PNG, JPEG or WebP`))
    expect(await balance(s, c.token)).toBe(credits)
  }, 120_000)
})
