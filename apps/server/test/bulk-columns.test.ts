import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'
import { ownCopyOfCatalogue } from './media/catalogue'
import { developer, v1 } from './v1-helpers'

const label = (en: string, zh: string) => ({ en, 'zh-CN': zh })

/** A customer's own template, its fields as an earlier release saved them: keys no form shows, no column names. */
async function tealOrCoral(s: TestServer, token: string) {
  const { id, document } = await ownCopyOfCatalogue(s, token)
  const fields = [
    { key: 'text_2', kind: 'text', label: label('Headline', '标题'), default: 'Hello', maxLength: 40 },
    {
      key: 'option_fill',
      kind: 'choice',
      label: label('Colour', '颜色'),
      default: 'option1',
      options: [
        { value: 'option1', label: label('Teal', '青色') },
        { value: 'option2', label: label('Coral', '珊瑚色') },
      ],
    },
  ]
  const mine = {
    ...document,
    fields,
    layers: [
      {
        id: 'bg',
        type: 'shape',
        fill: { field: 'option_fill', map: { option1: '#008080', option2: '#ff7f50' } },
      },
      { id: 'headline', type: 'text', text: '{{text_2}} {{option_fill}}', size: 20 },
    ],
    samples: { en: {}, 'zh-CN': {} },
  }
  const saved = await s.call('POST', '/template/save', {
    token,
    body: { id, name: 'Teal or coral', document: mine },
  })
  expect(saved.code, saved.msg).toBe(0)
  return { id, document: mine }
}

describe.each(engines)('column names in bulk create and /v1 batches on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine, {}, { jobs: 'queue' })
  })
  afterAll(() => s.close())

  it('a save writes each field’s column name from its label, and a later label change leaves it', async () => {
    const { token } = await s.signUp()
    const { id, document } = await tealOrCoral(s, token)
    const read = async () =>
      (await s.call('GET', '/template/document', { token, query: { id } })).data.document.fields as {
        key: string
        column?: string
      }[]
    expect((await read()).map((f) => [f.key, f.column])).toEqual([
      ['text_2', 'headline'],
      ['option_fill', 'colour'],
    ])
    // Saved again without column names (as an earlier designer would) and the label changed: the name stays.
    const relabelled = {
      ...document,
      fields: document.fields.map((f) => (f.key === 'text_2' ? { ...f, label: label('Title', '题目') } : f)),
    }
    expect(
      (await s.call('POST', '/template/save', { token, body: { id, name: 'T', document: relabelled } })).code,
    ).toBe(0)
    expect((await read()).map((f) => f.column)).toEqual(['headline', 'colour'])
    const detail = await s.call('GET', '/template/detail', { token, query: { id } })
    expect(detail.data.fields.map((f: { column: string }) => f.column)).toEqual(['headline', 'colour'])
    // Two fields may not share one.
    const twice = {
      ...document,
      fields: document.fields.map((f) => ({ ...f, column: 'same' })),
    }
    const refused = await s.call('POST', '/template/save', {
      token,
      body: { id, name: 'T', document: twice },
    })
    expect(refused.code).toBe(400)
    expect(refused.msg).toContain('fields[1].column')
  })

  it('the CSV template is headed by column names, and a choice’s sample is its label', async () => {
    const { token } = await s.signUp()
    const { id } = await tealOrCoral(s, token)
    const en = await s.call('GET', '/batch/csv-template', { token, query: { templateId: id } })
    const [header, sample] = en.data.csv.slice(1).split('\r\n')
    expect(header).toBe('headline,headline.lang,colour,name')
    expect(sample).toBe(',,Teal,Teal or coral')
    const zh = await s.call('GET', '/batch/csv-template', {
      token,
      query: { templateId: id, locale: 'zh-CN' },
    })
    expect(zh.data.csv.slice(1).split('\r\n')[1]).toBe(',,青色,Teal or coral')
    const checked = await s.call('POST', '/batch/validate', {
      token,
      body: { templateId: id, csv: zh.data.csv, locale: 'zh-CN' },
    })
    expect(checked.data).toMatchObject({ totalRows: 1, errors: [], cost: 1 })
  })

  it('bulk create takes column names and earlier keys, a choice by label in English or Chinese, and lists the labels when one is wrong', async () => {
    const { token } = await s.signUp()
    const { id } = await tealOrCoral(s, token)
    const csv =
      'headline,colour,name\r\nOne,Teal,a\r\nTwo, coral ,b\r\nThree,珊瑚色,c\r\nFour,option1,d\r\nFive,Mauve,e\r\n'
    const r = await s.call('POST', '/batch/validate', { token, body: { templateId: id, csv } })
    expect(r.code, r.msg).toBe(0)
    expect(r.data.columns).toEqual([
      { header: 'headline', target: 'text_2' },
      { header: 'colour', target: 'option_fill' },
      { header: 'name', target: 'name' },
    ])
    expect(r.data.rows.map((row: { values: Record<string, string> }) => row.values.option_fill)).toEqual([
      'option1',
      'option2',
      'option2',
      'option1',
      'Mauve',
    ])
    expect(r.data.errors).toHaveLength(1)
    expect(r.data.errors[0]).toMatchObject({ row: 5 })
    expect(r.data.errors[0].message).toContain(
      'values.option_fill: Must be one of Teal, Coral (or their values: option1, option2)',
    )
    // A CSV of an earlier release, headed by keys, still reads.
    const old = await s.call('POST', '/batch/validate', {
      token,
      body: { templateId: id, csv: 'text_2,option_fill\r\nOld,Coral\r\n' },
    })
    expect(old.data.columns.map((c: { target: string }) => c.target)).toEqual(['text_2', 'option_fill'])
    expect(old.data.rows[0].values).toEqual({ text_2: 'Old', option_fill: 'option2' })
    expect(old.data.errors).toEqual([])
  })

  it('/v1 batches take column names in a CSV and in JSON values, keys too, and name the columns of an unknown one', async () => {
    const dev = await developer(s)
    const { id } = await tealOrCoral(s, dev.token)
    const csv = await v1(s, 'POST', `/batches?template_id=${id}`, {
      key: dev.key,
      rawBody: 'headline,colour,headline.lang,name\nOne,Coral,en,a\nTwo,青色,,b\n',
      headers: { 'content-type': 'text/csv' },
    })
    expect(csv.status, JSON.stringify(csv.body)).toBe(202)
    expect(csv.body.errors ?? []).toEqual([])
    const rows = await v1(s, 'GET', `/batches/${csv.body.id}/rows`, { key: dev.key })
    expect(rows.body.data.map((r: { values: Record<string, string> }) => r.values)).toEqual([
      { text_2: 'One', option_fill: 'option2' },
      { text_2: 'Two', option_fill: 'option1' },
    ])

    const json = await v1(s, 'POST', '/batches', {
      key: dev.key,
      body: {
        template_id: id,
        rows: [{ values: { headline: 'By column', colour: 'option2' } }, { values: { text_2: 'By key' } }],
      },
    })
    expect(json.status, JSON.stringify(json.body)).toBe(202)
    expect(json.body.errors ?? []).toEqual([])

    const unknown = await v1(s, 'POST', `/batches?template_id=${id}`, {
      key: dev.key,
      rawBody: 'headline,titel\nOne,x\n',
      headers: { 'content-type': 'text/csv' },
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.detail).toBe(
      'body: The template has no column "titel"; its columns are headline, colour, name',
    )
  })
})
