import { BATCH_CSV_MAX_BYTES, BATCH_MAX_COLUMNS, BATCH_MAX_ROWS } from '@templet/api/limits'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'
import { balance, developer, plainTemplate, v1 } from './v1-helpers'

async function grant(s: TestServer, userId: number, credits: number) {
  await s.db.kysely
    .insertInto('credit_ledger')
    .values({ user_id: userId, delta: credits, reason: 'test', idempotency_key: null, created_at: s.now() })
    .execute()
}

/** A fresh account with `credits` on top of the free ones, and a catalogue template that needs no upload. */
async function customer(s: TestServer, credits = 0) {
  const dev = await developer(s)
  if (credits > 0) await grant(s, dev.user.id, credits)
  const plain = await plainTemplate(s, dev.key)
  const detail = await s.call('GET', '/template/detail', { token: dev.token, query: { id: plain.id } })
  const text = detail.data.fields.find((f: { kind: string }) => f.kind === 'text') as {
    key: string
    column: string
    maxLength: number
    labels: { en: string; 'zh-CN': string }
  }
  return { ...dev, templateId: plain.id as number, text }
}

async function settled(s: TestServer, token: string, id: number) {
  let b = (await s.call('GET', '/batch/detail', { token, query: { id } })).data
  for (let i = 0; i < 600 && b.status === 'running'; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    b = (await s.call('GET', '/batch/detail', { token, query: { id } })).data
  }
  return b
}

describe.each(engines)('bulk create in the app on %s', (engine) => {
  let s: TestServer
  /** The same database without workers: rows stay queued, so cancelling is deterministic. */
  let idle: TestServer
  beforeAll(async () => {
    s = await startServer(engine, { WORKER_CONCURRENCY: '2' }, { jobs: true })
    idle = await startServer(engine, {}, { jobs: 'queue' })
  })
  afterAll(async () => {
    await s.close()
    await idle.close()
  })

  it('hands out a CSV headed by the fields’ column names with a sample row, with a BOM, in the asked language', async () => {
    const c = await customer(s)
    const en = await s.call('GET', '/batch/csv-template', {
      token: c.token,
      query: { templateId: c.templateId },
    })
    expect(en.code).toBe(0)
    expect(en.data.fileName).toMatch(/\.csv$/)
    expect(en.data.csv.startsWith('\uFEFF')).toBe(true)
    const [header, sample, rest] = en.data.csv.slice(1).split('\r\n')
    expect(header.split(',')).toContain(c.text.column)
    expect(header.split(',').at(-1)).toBe('name')
    expect(sample.length).toBeGreaterThan(0)
    expect(rest).toBe('')

    const zh = await s.call('GET', '/batch/csv-template', {
      token: c.token,
      query: { templateId: c.templateId, locale: 'zh-CN' },
    })
    expect(zh.data.csv).toMatch(/[\u4e00-\u9fff]/)
    // The file it hands out is one the batch takes as it is: the sample row is valid.
    const checked = await s.call('POST', '/batch/validate', {
      token: c.token,
      body: { templateId: c.templateId, csv: zh.data.csv, locale: 'zh-CN' },
    })
    expect(checked.data).toMatchObject({ totalRows: 1, errors: [], refusedRows: 0, cost: 1 })

    expect(
      (await s.call('GET', '/batch/csv-template', { token: c.token, query: { templateId: 999_999 } })).code,
    ).toBe(404)
  })

  it('takes a choice by the label the form shows, in either language, as well as by its value', async () => {
    const c = await customer(s)
    const all = await v1(s, 'GET', '/templates?limit=100', { key: c.key })
    const badge = all.body.data.find((t: { fields: { key: string; kind: string }[] }) =>
      t.fields.some((f) => f.key === 'role' && f.kind === 'choice'),
    )
    const csv = 'Badge type,name\r\nSpeaker,one\r\n演讲嘉宾,two\r\nstaff,three\r\nJuggler,four\r\n'
    const r = await s.call('POST', '/batch/validate', { token: c.token, body: { templateId: badge.id, csv } })
    expect(r.code, r.msg).toBe(0)
    expect(r.data.rows.map((row: { values: { role?: string } }) => row.values.role)).toEqual([
      'speaker',
      'speaker',
      'staff',
      'Juggler',
    ])
    const refused = r.data.errors.filter((e: { issues?: { path: string[] }[] }) =>
      e.issues?.some((i) => i.path.join('.') === 'values.role'),
    )
    expect(refused.map((e: { row: number }) => e.row)).toEqual([4])
  })

  it('checks a CSV before spending: BOM, Chinese headers and text, the bad row by number, the cost', async () => {
    const c = await customer(s)
    const before = await balance(s, c.token)
    // Headers by the field's Chinese label and 名称; a BOM as spreadsheets write; row 2 is too long.
    const csv = `\uFEFF${c.text.labels['zh-CN']},名称\r\n你好，世界,第一张\r\n${'长'.repeat(c.text.maxLength + 1)},太长\r\n"Line, with comma",third\r\n`
    const r = await s.call('POST', '/batch/validate', {
      token: c.token,
      body: { templateId: c.templateId, csv },
    })
    expect(r.code).toBe(0)
    expect(r.data.columns).toEqual([
      { header: c.text.labels['zh-CN'], target: c.text.key },
      { header: '名称', target: 'name' },
    ])
    expect(r.data.totalRows).toBe(3)
    expect(r.data.rows[0]).toEqual({
      row: 1,
      name: '第一张',
      values: { [c.text.key]: '你好，世界' },
      valueLanguages: {},
    })
    expect(r.data.rows[2].values[c.text.key]).toBe('Line, with comma')
    expect(r.data.errors).toHaveLength(1)
    expect(r.data.errors[0]).toMatchObject({ row: 2, code: 400 })
    expect(r.data.errors[0].issues[0]).toMatchObject({ path: ['values', c.text.key], code: 'too_big' })
    expect(r.data.cost).toBe(2)
    expect(r.data.balance).toBe(before)
    // Nothing spent, nothing started.
    expect(await balance(s, c.token)).toBe(before)
    expect((await s.call('GET', '/batch/list', { token: c.token })).total).toBe(0)

    // A column left out, another one remapped.
    const mapped = await s.call('POST', '/batch/validate', {
      token: c.token,
      body: { templateId: c.templateId, csv, mapping: { [c.text.labels['zh-CN']]: null, 名称: c.text.key } },
    })
    expect(mapped.data.columns.map((x: { target: string | null }) => x.target)).toEqual([null, c.text.key])
    expect(mapped.data.errors).toEqual([])
    expect(mapped.data.rows[1].values).toEqual({ [c.text.key]: '太长' })

    const unknown = await s.call('POST', '/batch/validate', {
      token: c.token,
      body: { templateId: c.templateId, csv, mapping: { 名称: 'nope' } },
    })
    expect(unknown.code).toBe(400)
    expect(unknown.data.issues[0].path).toEqual(['mapping', '名称'])
  })

  it('marks every refused row the preview shows, lists 20 after them and counts the rest', async () => {
    const c = await customer(s)
    // 1,000 rows, every third too long: 333 refused, 33 of them among the 100 previewed.
    const rows = Array.from({ length: 1000 }, (_, i) =>
      i % 3 === 1 ? `${'x'.repeat(c.text.maxLength + 1)},long ${i}` : `ok,fine ${i}`,
    )
    const r = await s.call('POST', '/batch/validate', {
      token: c.token,
      body: { templateId: c.templateId, csv: `${c.text.key},name\r\n${rows.join('\r\n')}\r\n` },
    })
    expect(r.code).toBe(0)
    expect(r.data).toMatchObject({
      totalRows: 1000,
      refusedRows: 333,
      cost: 667,
      errorsOmitted: 333 - 33 - 20,
    })
    const listed = (r.data.errors as Array<{ row: number }>).map((e) => e.row)
    expect(listed).toEqual(Array.from({ length: 53 }, (_, k) => 3 * k + 2))
  })

  it('takes the language of a text value from its `.lang` column; a bad tag fails its row alone', async () => {
    const c = await customer(s)
    const template = await s.call('GET', '/batch/csv-template', {
      token: c.token,
      query: { templateId: c.templateId },
    })
    // The template has an empty language column right after each text field.
    const [header, sample] = template.data.csv.slice(1).split('\r\n')
    const headers = header.split(',')
    expect(headers[headers.indexOf(c.text.key) + 1]).toBe(`${c.text.key}.lang`)
    expect(sample.split(',')[headers.indexOf(`${c.text.key}.lang`)]).toBe('')

    // By the key, by the English label, and mapped from a header of the customer's own.
    const rows = '骨直海,ja,one\r\n骨直海,not a tag!,two\r\n骨直海,,three\r\n骨直海,zh-tw,four\r\n'
    for (const [head, mapping] of [
      [`${c.text.key}.lang`, undefined],
      [`${c.text.labels.en}.lang`, undefined],
      ['Sprache', { Sprache: `${c.text.key}.lang` }],
    ] as const) {
      const r = await s.call('POST', '/batch/validate', {
        token: c.token,
        body: { templateId: c.templateId, csv: `${c.text.key},${head},name\r\n${rows}`, mapping },
      })
      expect(r.code).toBe(0)
      expect(r.data.columns[1]).toEqual({ header: head, target: `${c.text.key}.lang` })
      expect(r.data.rows.map((x: { valueLanguages: object }) => x.valueLanguages)).toEqual([
        { [c.text.key]: 'ja' },
        { [c.text.key]: 'not a tag!' },
        {},
        { [c.text.key]: 'zh-tw' },
      ])
      expect(r.data.errors).toEqual([
        {
          row: 2,
          code: 400,
          message: `value_languages.${c.text.key}: Must be a language tag such as ja, zh-TW, zh-CN or ko`,
          issues: [
            {
              path: ['value_languages', c.text.key],
              code: 'invalid_format',
              params: { format: 'language_tag' },
            },
          ],
        },
      ])
      expect(r.data.cost).toBe(3)
    }
    // A language column names a text field's: not a field that is none.
    const unknown = await s.call('POST', '/batch/validate', {
      token: c.token,
      body: { templateId: c.templateId, csv: `${c.text.key},x\r\na,ja\r\n`, mapping: { x: 'name.lang' } },
    })
    expect(unknown.code).toBe(400)
    expect(unknown.data.issues[0].path).toEqual(['mapping', 'x'])
  })

  it('makes each row with its language, kept on its creation; the row with a bad tag is not charged', async () => {
    const c = await customer(s, 10)
    const before = await balance(s, c.token)
    const csv = `${c.text.key},${c.text.key}.lang,name\r\n骨直海,ja,one\r\n骨直海,xx-!,two\r\n骨直海,zh-tw,three\r\n骨直海,,four\r\n`
    const started = await s.call('POST', '/batch/create', {
      token: c.token,
      body: { templateId: c.templateId, csv },
    })
    expect(started.code).toBe(0)
    expect(started.data).toMatchObject({ totalRows: 4, failedRows: 1, creditsSpent: 3 })
    expect(started.data.errors).toMatchObject([
      { row: 2, issues: [{ path: ['value_languages', c.text.key], code: 'invalid_format' }] },
    ])
    const b = await settled(s, c.token, started.data.id)
    expect(b).toMatchObject({ status: 'completed', completedRows: 3, failedRows: 1 })
    expect(await balance(s, c.token)).toBe(before - 3)
    const made = await s.call('GET', '/creation/list', { token: c.token, query: { sort: 'name' } })
    const languages: Record<string, object> = {}
    for (const { id, name } of made.data as { id: number; name: string }[])
      languages[name] = (
        await s.call('GET', '/creation/detail', { token: c.token, query: { id } })
      ).data.valueLanguages
    // Kept in canonical case, as a creation made in the editor keeps it.
    expect(languages).toEqual({ one: { [c.text.key]: 'ja' }, three: { [c.text.key]: 'zh-TW' }, four: {} })
  }, 120_000)

  it('refuses files past the limits with messages that say what to do', async () => {
    const c = await customer(s)
    const many = `${c.text.key}\n${Array.from({ length: 1001 }, (_, i) => `r${i}`).join('\n')}\n`
    const tooMany = await s.call('POST', '/batch/validate', {
      token: c.token,
      body: { templateId: c.templateId, csv: many },
    })
    expect(tooMany.code).toBe(400)
    expect(tooMany.msg).toMatch(/At most 1000 rows/)
    const headerOnly = await s.call('POST', '/batch/validate', {
      token: c.token,
      body: { templateId: c.templateId, csv: `${c.text.key}\n` },
    })
    expect(headerOnly.code).toBe(400)
    expect(headerOnly.data.issues[0]).toMatchObject({ path: ['rows'], code: 'too_small' })
    const big = await s.call('POST', '/batch/validate', {
      token: c.token,
      body: { templateId: c.templateId, csv: 'x'.repeat(BATCH_CSV_MAX_BYTES + 1) },
    })
    expect(big.code).toBe(400)
    expect(big.msg).toMatch(/split it into several batches/)
    const broken = await s.call('POST', '/batch/validate', {
      token: c.token,
      body: { templateId: c.templateId, csv: `${c.text.key}\n"never closed\n` },
    })
    expect(broken.code).toBe(400)
    expect(broken.msg).toMatch(/^csv: The CSV could not be read/)
  })

  it('stops reading a CSV at the first row or column past the caps, and names the cap', async () => {
    const c = await customer(s)
    // 250,000 short rows (500 kB) and, after them, a quote never closed: the refusal names the row cap, not
    // the broken line, so the file was not read past row 1,001.
    const long = `${c.text.key}\n${'a\n'.repeat(250_000)}"never closed\n`
    const tooMany = await s.call('POST', '/batch/validate', {
      token: c.token,
      body: { templateId: c.templateId, csv: long },
    })
    expect(tooMany.code).toBe(400)
    expect(tooMany.msg).toBe(
      `rows: At most ${BATCH_MAX_ROWS} rows in one batch; split the rows into several batches`,
    )
    expect(tooMany.data.issues).toEqual([
      { path: ['rows'], code: 'too_big', params: { maximum: BATCH_MAX_ROWS, origin: 'array' } },
    ])

    const columnCap = [
      { path: ['csv'], code: 'too_big', params: { maximum: BATCH_MAX_COLUMNS, origin: 'columns' } },
    ]
    const extra = Array.from({ length: BATCH_MAX_COLUMNS }, (_, i) => `extra${i}`).join(',')
    const wide = await s.call('POST', '/batch/validate', {
      token: c.token,
      body: { templateId: c.templateId, csv: `${c.text.key},${extra}\nHello\n` },
    })
    expect(wide.code).toBe(400)
    expect(wide.msg).toBe(
      `csv: At most ${BATCH_MAX_COLUMNS} columns in a batch CSV; leave out the columns no field takes`,
    )
    expect(wide.data.issues).toEqual(columnCap)
    // One row of 400,000 commas, then a broken line: refused at its 201st cell.
    const commas = await s.call('POST', '/batch/validate', {
      token: c.token,
      body: { templateId: c.templateId, csv: `${c.text.key}\nHello${','.repeat(400_000)}\n"never closed\n` },
    })
    expect(commas.code).toBe(400)
    expect(commas.data.issues).toEqual(columnCap)
  })

  it('fails the rows whose name holds a line break or a text-direction override, as the app refuses them', async () => {
    const c = await customer(s)
    const csv = `${c.text.key},name\nOne,"first\nline"\nTwo,invoice\u202Efdp.exe\nThree,Third card\n`
    const r = await s.call('POST', '/batch/validate', {
      token: c.token,
      body: { templateId: c.templateId, csv },
    })
    expect(r.code).toBe(0)
    expect(r.data.errors.map((e: { row: number }) => e.row)).toEqual([1, 2])
    expect(r.data.errors[0].issues).toEqual([{ path: ['name'], code: 'invalid', params: {} }])
    expect(r.data.errors[1].message).toBe('name: Name must not contain control or text-direction characters')
    expect(r.data.cost).toBe(1)
    // The same name typed in the app is refused with the same issue.
    const renamed = await s.call('POST', '/creation/create', {
      token: c.token,
      body: { templateId: c.templateId, values: {}, name: 'invoice\u202Efdp.exe' },
    })
    expect(renamed.data.issues).toEqual(r.data.errors[1].issues)
  })

  it('runs a batch: bad rows reported and not charged, progress, one notification, the ZIP, the history', async () => {
    const c = await customer(s, 10)
    const before = await balance(s, c.token)
    const rows = ['一', '二', 'x'.repeat(c.text.maxLength + 1), '四', '五']
    const csv = `${c.text.key},name\n${rows.map((v, i) => `${v},卡片 ${i + 1}`).join('\n')}\n`
    const started = await s.call('POST', '/batch/create', {
      token: c.token,
      body: { templateId: c.templateId, csv, locale: 'zh-CN' },
    })
    expect(started.code).toBe(0)
    expect(started.data).toMatchObject({ totalRows: 5, failedRows: 1, creditsSpent: 4 })
    expect(started.data.errors.map((e: { row: number }) => e.row)).toEqual([3])

    const b = await settled(s, c.token, started.data.id)
    expect(b).toMatchObject({ status: 'completed', completedRows: 4, failedRows: 1, creditsSpent: 4 })
    expect(await balance(s, c.token)).toBe(before - 4)
    const zip = await fetch(`${s.url}${b.archiveUrl}`)
    expect(zip.status).toBe(200)
    const entries = Object.keys(unzipSync(new Uint8Array(await zip.arrayBuffer())))
    expect(entries).toEqual(['0001-卡片-1.png', '0002-卡片-2.png', '0004-卡片-4.png', '0005-卡片-5.png'])

    let notes = await s.call('GET', '/user/my-notification', { token: c.token })
    for (let i = 0; i < 100 && notes.data[0]?.type !== 'batch_completed'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      notes = await s.call('GET', '/user/my-notification', { token: c.token })
    }
    expect(notes.data.filter((n: { type: string }) => n.type === 'batch_completed')).toHaveLength(1)
    expect(notes.data.filter((n: { type: string }) => n.type === 'creation_ready')).toHaveLength(0)

    const list = await s.call('GET', '/batch/list', { token: c.token })
    expect(list.total).toBe(1)
    expect(list.data[0]).toMatchObject({ id: b.id, status: 'completed', templateId: c.templateId })
    // Someone else's batch is as unknown as a missing one.
    const other = await customer(s)
    expect((await s.call('GET', '/batch/detail', { token: other.token, query: { id: b.id } })).code).toBe(404)
    expect((await s.call('POST', '/batch/cancel', { token: other.token, body: { id: b.id } })).code).toBe(404)
  }, 120_000)

  it('cancels the rows not started and refunds them', async () => {
    const c = await customer(idle, 10)
    const before = await balance(idle, c.token)
    const csv = `${c.text.key}\n${['a', 'b', 'c'].join('\n')}\n`
    const started = await idle.call('POST', '/batch/create', {
      token: c.token,
      body: { templateId: c.templateId, csv },
    })
    expect(await balance(idle, c.token)).toBe(before - 3)
    const canceled = await idle.call('POST', '/batch/cancel', {
      token: c.token,
      body: { id: started.data.id },
    })
    expect(canceled.data).toMatchObject({
      status: 'canceled',
      canceledRows: 3,
      creditsSpent: 0,
      archiveUrl: null,
    })
    expect(await balance(idle, c.token)).toBe(before)
  })

  it('starts one of two batches sent at once when the balance covers one', async () => {
    const c = await customer(idle)
    const credits = await balance(idle, c.token)
    const csv = `${c.text.key}\n${Array.from({ length: credits }, (_, i) => `r${i}`).join('\n')}\n`
    const answers = await Promise.all(
      [0, 1].map(() =>
        idle.call('POST', '/batch/create', { token: c.token, body: { templateId: c.templateId, csv } }),
      ),
    )
    expect(answers.map((a) => a.code).sort()).toEqual([0, 402])
    expect(await balance(idle, c.token)).toBe(0)
  })
})
