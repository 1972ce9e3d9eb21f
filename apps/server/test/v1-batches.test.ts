import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'
import { balance, developer, plainTemplate, v1 } from './v1-helpers'

/** Adds credits straight to the ledger (a purchase is the billing tests' business). */
async function grant(s: TestServer, userId: number, credits: number) {
  await s.db.kysely
    .insertInto('credit_ledger')
    .values({ user_id: userId, delta: credits, reason: 'test', idempotency_key: null, created_at: s.now() })
    .execute()
}

async function settled(s: TestServer, key: string, id: number) {
  let b = (await v1(s, 'GET', `/batches/${id}`, { key })).body
  for (let i = 0; i < 600 && b.status === 'running'; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    b = (await v1(s, 'GET', `/batches/${id}`, { key })).body
  }
  return b
}

describe.each(engines)('batches on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine, { WORKER_CONCURRENCY: '2' }, { jobs: true })
  })
  afterAll(() => s.close())

  it('50 rows with 3 bad: 47 made, the 3 reported by row number and refunded, one notification, a ZIP of 47', async () => {
    const dev = await developer(s)
    await grant(s, dev.user.id, 95)
    const t = await plainTemplate(s, dev.key)
    const text = t.fields.find((f) => f.kind === 'text' && f.max_length !== undefined)
    if (!text?.max_length) throw new Error('no text field')
    const rows = Array.from({ length: 50 }, (_, i) => ({
      values: { [text.key]: `Row ${i + 1}` },
      name: `card ${i + 1}`,
    }))
    rows[4] = { values: { [text.key]: 'x'.repeat(text.max_length + 1) }, name: 'too long' }
    rows[16] = { values: { nope: 'x' }, name: 'unknown field' }
    rows[41] = { values: { [text.key]: 'a\nb'.repeat(1), ...{ missing: '' } }, name: 'two problems' }
    const r = await v1(s, 'POST', '/batches', {
      key: dev.key,
      body: { template_id: t.id, formats: ['png'], rows },
    })
    expect(r.status).toBe(202)
    expect(r.headers.get('location')).toBe(`/v1/batches/${r.body.id}`)
    expect(r.body).toMatchObject({ object: 'batch', status: 'running', total_rows: 50, credits_reserved: 50 })
    expect(r.body.errors.map((e: { row: number }) => e.row)).toEqual([5, 17, 42])
    expect(r.body.errors[0].issues[0]).toMatchObject({ path: ['values', text.key], code: 'too_big' })
    expect(r.body.errors[1].issues[0]).toEqual({
      path: ['values', 'nope'],
      code: 'unrecognized_key',
      params: {},
    })

    const b = await settled(s, dev.key, r.body.id)
    expect(b).toMatchObject({
      status: 'completed',
      completed_rows: 47,
      failed_rows: 3,
      canceled_rows: 0,
      credits_refunded: 3,
    })
    expect(await balance(s, dev.token)).toBe(100 - 47)
    const made = await s.db.kysely
      .selectFrom('creations')
      .select('id')
      .where('user_id', '=', dev.user.id)
      .execute()
    expect(made).toHaveLength(47)

    // One notification for the batch, none per row (raised by the job after the last row).
    let notes = await s.call('GET', '/user/my-notification', { token: dev.token })
    for (let i = 0; i < 100 && notes.data.length < 2; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      notes = await s.call('GET', '/user/my-notification', { token: dev.token })
    }
    expect(notes.data.map((n: { type: string }) => n.type)).toEqual(['batch_completed', 'welcome'])
    expect(notes.data[0].params).toEqual({ batchId: b.id, total: 50, completed: 47, failed: 3, canceled: 0 })

    const zip = await fetch(b.archive_url)
    expect(zip.status).toBe(200)
    expect(zip.headers.get('content-type')).toBe('application/zip')
    const entries = Object.keys(unzipSync(new Uint8Array(await zip.arrayBuffer())))
    expect(entries).toHaveLength(47)
    expect(entries[0]).toBe('0001-card-1.png')
    expect(entries).not.toContain('0005-too-long.png')
    // The signature covers the batch: another id is refused.
    expect((await fetch(b.archive_url.replace(`/batch/${b.id}/`, `/batch/${b.id + 1}/`))).status).toBe(404)
  }, 120_000)

  it('lists a batch’s rows in row order, page by page both ways, and only its failed ones when asked', async () => {
    const dev = await developer(s)
    await grant(s, dev.user.id, 10)
    const t = await plainTemplate(s, dev.key)
    const text = t.fields.find((f) => f.kind === 'text' && f.max_length !== undefined)
    if (!text?.max_length) throw new Error('no text field')
    const rows = Array.from({ length: 12 }, (_, i) => ({ values: { [text.key]: `Row ${i + 1}` } }))
    rows[2] = { values: { [text.key]: 'x'.repeat(text.max_length + 1) } }
    rows[9] = { values: { nope: 'x' } }
    const r = await v1(s, 'POST', '/batches', { key: dev.key, body: { template_id: t.id, rows } })
    expect(r.status).toBe(202)
    await settled(s, dev.key, r.body.id)

    const rowsOf = (query: string) => v1(s, 'GET', `/batches/${r.body.id}/rows?${query}`, { key: dev.key })
    const first = await rowsOf('limit=5')
    expect(first.status).toBe(200)
    expect(first.body.object).toBe('list')
    expect(first.body.data.map((x: { row: number }) => x.row)).toEqual([1, 2, 3, 4, 5])
    expect(first.body.has_more).toBe(true)
    expect(first.body.data[0]).toMatchObject({ object: 'render', status: 'completed', batch_id: r.body.id })
    expect((await fetch(first.body.data[0].files.png)).status).toBe(200)
    expect(first.body.data[2]).toMatchObject({ status: 'failed', files: null, credits_spent: 0 })
    expect(first.body.data[2].error.issues[0]).toMatchObject({ path: ['values', text.key], code: 'too_big' })

    const second = await rowsOf(`limit=5&starting_after=${first.body.data[4].id}`)
    expect(second.body.data.map((x: { row: number }) => x.row)).toEqual([6, 7, 8, 9, 10])
    const third = await rowsOf(`limit=5&starting_after=${second.body.data[4].id}`)
    expect(third.body.data.map((x: { row: number }) => x.row)).toEqual([11, 12])
    expect(third.body.has_more).toBe(false)
    // Back from the third page: the second again, in the same order, with more before it.
    const back = await rowsOf(`limit=5&ending_before=${third.body.data[0].id}`)
    expect(back.body.data).toEqual(second.body.data)
    expect(back.body.has_more).toBe(true)
    const start = await rowsOf(`limit=5&ending_before=${second.body.data[0].id}`)
    expect(start.body.data.map((x: { row: number }) => x.row)).toEqual([1, 2, 3, 4, 5])
    expect(start.body.has_more).toBe(false)

    const failed = await rowsOf('status=failed&limit=100')
    expect(failed.body.data.map((x: { row: number }) => x.row)).toEqual([3, 10])
    expect(failed.body.data[1].error.issues[0]).toMatchObject({ path: ['values', 'nope'] })

    const both = await rowsOf(`starting_after=1&ending_before=9`)
    expect(both.status).toBe(400)
    expect(both.body.issues[0].path).toEqual(['ending_before'])
    expect((await rowsOf('status=done')).status).toBe(400)
    const other = await developer(s)
    expect((await v1(s, 'GET', `/batches/${r.body.id}/rows`, { key: other.key })).status).toBe(404)
  }, 120_000)

  it('lists the caller’s batches newest first, and no one else’s', async () => {
    const dev = await developer(s)
    const t = await plainTemplate(s, dev.key)
    const ids: number[] = []
    for (let i = 0; i < 3; i += 1)
      ids.push(
        (
          await v1(s, 'POST', '/batches', {
            key: dev.key,
            body: { template_id: t.id, rows: [{ values: {} }] },
          })
        ).body.id,
      )
    await developer(s).then((other) =>
      v1(s, 'POST', '/batches', { key: other.key, body: { template_id: t.id, rows: [{ values: {} }] } }),
    )
    const page = await v1(s, 'GET', '/batches?limit=2', { key: dev.key })
    expect(page.status).toBe(200)
    expect(page.body.data.map((b: { id: number }) => b.id)).toEqual([ids[2], ids[1]])
    expect(page.body.data[0]).toMatchObject({ object: 'batch', total_rows: 1 })
    expect(page.body.has_more).toBe(true)
    const rest = await v1(s, 'GET', `/batches?limit=2&starting_after=${ids[1]}`, { key: dev.key })
    expect(rest.body.data.map((b: { id: number }) => b.id)).toEqual([ids[0]])
    expect(rest.body.has_more).toBe(false)
    const before = await v1(s, 'GET', `/batches?limit=2&ending_before=${ids[0]}`, { key: dev.key })
    expect(before.body.data.map((b: { id: number }) => b.id)).toEqual([ids[2], ids[1]])
    expect(before.body.has_more).toBe(false)
    for (const id of ids) await settled(s, dev.key, id)
  }, 60_000)

  it('takes a CSV with a header of field keys', async () => {
    const dev = await developer(s)
    const t = await plainTemplate(s, dev.key)
    const text = t.fields.find((f) => f.kind === 'text')?.key ?? ''
    const csv = `${text},name\n"Hello, CSV",first\n\nSecond,\n`
    const r = await v1(s, 'POST', `/batches?template_id=${t.id}&formats=png,webp`, {
      key: dev.key,
      rawBody: csv,
      headers: { 'content-type': 'text/csv; charset=utf-8' },
    })
    expect(r.status).toBe(202)
    expect(r.body.total_rows).toBe(2)
    expect(r.body.formats).toEqual(['png', 'webp'])
    const b = await settled(s, dev.key, r.body.id)
    expect(b.completed_rows).toBe(2)
    const entries = Object.keys(unzipSync(new Uint8Array(await (await fetch(b.archive_url)).arrayBuffer())))
    expect(entries.sort()).toEqual(['0001-first.png', '0001-first.webp', '0002.png', '0002.webp'])
    const values = await s.db.kysely
      .selectFrom('renders')
      .select('field_values')
      .where('batch_id', '=', r.body.id)
      .orderBy('row_number')
      .execute()
    expect(JSON.parse(values[0]?.field_values ?? '')).toEqual({ [text]: 'Hello, CSV' })

    const noTemplate = await v1(s, 'POST', '/batches', {
      key: dev.key,
      rawBody: csv,
      headers: { 'content-type': 'text/csv' },
    })
    expect(noTemplate.status).toBe(400)
    expect(noTemplate.body.issues).toEqual([{ path: ['template_id'], code: 'required', params: {} }])
  })

  it('refuses a CSV holding a NUL character, or past the row cap before reading the rest', async () => {
    const dev = await developer(s)
    const t = await plainTemplate(s, dev.key)
    const text = t.fields.find((f) => f.kind === 'text')?.key ?? ''
    const csv = async (body: string) =>
      v1(s, 'POST', `/batches?template_id=${t.id}`, {
        key: dev.key,
        rawBody: body,
        headers: { 'content-type': 'text/csv' },
      })
    const nul = await csv(`${text},name\nHello\u0000there,first\n`)
    expect(nul.status).toBe(400)
    expect(nul.body.detail).toBe('body: Must not contain NUL characters')
    expect(nul.body.issues).toEqual([{ path: ['body'], code: 'invalid', params: {} }])
    // 250,000 short rows and a quote never closed after them: refused at row 1,001, for the cap.
    const long = await csv(`${text}\n${'a\n'.repeat(250_000)}"never closed\n`)
    expect(long.status).toBe(400)
    expect(long.body.issues).toEqual([
      { path: ['rows'], code: 'too_big', params: { maximum: 1000, origin: 'array' } },
    ])
    expect(await balance(s, dev.token)).toBe(5)
  })

  it('refuses a CSV with a column the template does not have, naming it and the columns it takes', async () => {
    const dev = await developer(s)
    const t = await plainTemplate(s, dev.key)
    // The error names the columns the CSV template is headed by (a field's column name; its key is taken too).
    const detail = await s.call('GET', '/template/detail', { token: dev.token, query: { id: t.id } })
    const columns = detail.data.fields.map((f: { column: string }) => f.column)
    const text = t.fields.find((f) => f.kind === 'text')?.key ?? ''
    const r = await v1(s, 'POST', `/batches?template_id=${t.id}`, {
      key: dev.key,
      rawBody: `${text},titel,name,${text}.lang\nHello,Hallo,first,en\n`,
      headers: { 'content-type': 'text/csv' },
    })
    expect(r.status).toBe(400)
    expect(r.body.detail).toBe(
      `body: The template has no column "titel"; its columns are ${[...columns, 'name'].join(', ')}`,
    )
    expect(r.body.issues).toEqual([{ path: ['csv', 'titel'], code: 'unrecognized_key', params: {} }])
    expect(await balance(s, dev.token)).toBe(5)
  })

  it('fails alone a CSV row whose name has a line break or a text-direction override', async () => {
    const dev = await developer(s)
    const t = await plainTemplate(s, dev.key)
    const text = t.fields.find((f) => f.kind === 'text')?.key ?? ''
    const r = await v1(s, 'POST', `/batches?template_id=${t.id}`, {
      key: dev.key,
      rawBody: `${text},name\nOne,"two\r\nlines"\nTwo,invoice\u202Efdp.exe\nThree,Third card\n`,
      headers: { 'content-type': 'text/csv' },
    })
    expect(r.status).toBe(202)
    expect(r.body).toMatchObject({ total_rows: 3, failed_rows: 2, credits_refunded: 2 })
    expect(r.body.errors).toEqual([
      expect.objectContaining({ row: 1, issues: [{ path: ['name'], code: 'invalid', params: {} }] }),
      expect.objectContaining({ row: 2, issues: [{ path: ['name'], code: 'invalid', params: {} }] }),
    ])
    const json = await v1(s, 'POST', '/batches', {
      key: dev.key,
      body: { template_id: t.id, rows: [{ values: {}, name: 'a\u202Eb' }] },
    })
    expect(json.status).toBe(400)
    expect(json.body.issues).toEqual([{ path: ['rows', 0, 'name'], code: 'invalid', params: {} }])
  })

  it('answers 402 when the balance cannot cover every row, and reserves nothing', async () => {
    const dev = await developer(s)
    const t = await plainTemplate(s, dev.key)
    const r = await v1(s, 'POST', '/batches', {
      key: dev.key,
      body: { template_id: t.id, rows: Array.from({ length: 6 }, () => ({ values: {} })) },
    })
    expect(r.status).toBe(402)
    expect(await balance(s, dev.token)).toBe(5)
  })

  it('a read key cannot start a batch; a replayed Idempotency-Key starts one', async () => {
    const reader = await developer(s, ['read'])
    const t = await plainTemplate(s, reader.key)
    const body = { template_id: t.id, rows: [{ values: {} }] }
    expect((await v1(s, 'POST', '/batches', { key: reader.key, body })).status).toBe(403)
    const dev = await developer(s)
    const [a, b] = await Promise.all([
      v1(s, 'POST', '/batches', { key: dev.key, body, headers: { 'idempotency-key': 'batch-1' } }),
      v1(s, 'POST', '/batches', { key: dev.key, body, headers: { 'idempotency-key': 'batch-1' } }),
    ])
    expect(a.body.id).toBe(b.body.id)
    await settled(s, dev.key, a.body.id)
    expect(await balance(s, dev.token)).toBe(4)
  })
})

describe.each(engines)('cancelling a batch on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    // No workers: every row waits, as behind a long queue.
    s = await startServer(engine, {}, { jobs: 'queue' })
  })
  afterAll(() => s.close())

  it('cancels the rows not started and refunds them', async () => {
    const dev = await developer(s)
    const t = await plainTemplate(s, dev.key)
    const r = await v1(s, 'POST', '/batches', {
      key: dev.key,
      body: { template_id: t.id, rows: Array.from({ length: 4 }, () => ({ values: {} })) },
    })
    expect(await balance(s, dev.token)).toBe(1)
    const cancel = () =>
      v1(s, 'POST', `/batches/${r.body.id}/cancel`, {
        key: dev.key,
        headers: { 'idempotency-key': `cancel-${r.body.id}` },
      })
    const canceled = await cancel()
    expect(canceled.status).toBe(200)
    expect(canceled.body).toMatchObject({
      status: 'canceled',
      canceled_rows: 4,
      credits_refunded: 4,
      archive_url: null,
    })
    expect(await balance(s, dev.token)).toBe(5)
    // The same cancel with its Idempotency-Key is its first answer replayed.
    const replayed = await cancel()
    expect(replayed.headers.get('idempotent-replayed')).toBe('true')
    expect(replayed.body).toEqual(canceled.body)
    const again = await v1(s, 'POST', `/batches/${r.body.id}/cancel`, { key: dev.key })
    expect(again.body.canceled_rows).toBe(4)
    expect(await balance(s, dev.token)).toBe(5)
    const other = await developer(s)
    expect((await v1(s, 'POST', `/batches/${r.body.id}/cancel`, { key: other.key })).status).toBe(404)
  })
})
