import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'

describe.each(engines)('a choice of a property other than a colour on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine)
  })
  afterAll(() => s.close())

  /** A copy of a catalogue template whose first text layer's weight is the customer's choice (`map`). */
  const withWeightChoice = async (token: string, map: Record<string, number>) => {
    const list = await s.call('GET', '/template/list', { query: { pageSize: 1 } })
    const dup = await s.call('POST', '/template/duplicate', { token, body: { id: list.data[0].id } })
    const doc = (await s.call('GET', '/template/document', { token, query: { id: dup.data.id } })).data
      .document as { fields: unknown[]; layers: Array<Record<string, unknown>> }
    const text = doc.layers.find((l) => l.type === 'text')
    const document = {
      ...doc,
      fields: [
        ...doc.fields,
        {
          key: 'heft',
          kind: 'choice',
          label: { en: 'Weight', 'zh-CN': '字重' },
          default: 'light',
          options: [
            { value: 'light', label: { en: 'Light', 'zh-CN': '细' } },
            { value: 'heavy', label: { en: 'Heavy', 'zh-CN': '粗' } },
          ],
        },
      ],
      layers: doc.layers.map((l) => (l === text ? { ...l, weight: { field: 'heft', map } } : l)),
    }
    const saved = await s.call('POST', '/template/save', {
      token,
      body: { id: dup.data.id, name: 'Weights', document },
    })
    return { id: dup.data.id as number, saved, layer: text?.id as string }
  }

  it('is offered as a choice field, takes one of its options and refuses any other value', async () => {
    const { token } = await s.signUp()
    const { id, saved } = await withWeightChoice(token, { light: 400, heavy: 800 })
    expect(saved.code).toBe(0)
    const detail = await s.call('GET', '/template/detail', { token, query: { id } })
    expect(detail.data.fields.find((f: { key: string }) => f.key === 'heft')).toMatchObject({
      kind: 'choice',
      options: [{ value: 'light' }, { value: 'heavy' }],
    })
    const refused = await s.call('POST', '/creation/create', {
      token,
      body: { templateId: id, values: { heft: 'bold' } },
    })
    expect(refused.code).toBe(400)
    expect(refused.msg).toContain('heft')
    const made = await s.call('POST', '/creation/create', {
      token,
      body: { templateId: id, values: { heft: 'heavy' } },
    })
    expect(made.code).toBe(0)
  })

  it('refuses a document whose option maps to a weight there is none of, naming the layer and property', async () => {
    const { token } = await s.signUp()
    const { saved, layer } = await withWeightChoice(token, { light: 400, heavy: 450 })
    expect(saved.code).toBe(400)
    expect(saved.msg).toContain(`layer "${layer}", property "weight`)
  })
})
