import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { a2Sheet, shadowLayers } from './costly-documents'
import { engines, startServer, type TestServer } from './harness'

const card = { cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' }

type Doc = Record<string, unknown> & {
  layers: Array<Record<string, unknown>>
  fields: Array<Record<string, unknown>>
}

/**
 * What a saved document may cost to draw: a save beyond a limit is a 400 naming the limit and the layer; the
 * megapixels are the saver's plan's.
 */
describe.each(engines)('what a template may cost to draw, on %s', (engine) => {
  let s: TestServer
  let token: string
  let doc: Doc
  beforeAll(async () => {
    // Fewer layers than the default, to show the setting is read, and few megapixels by plan, so that a shadow
    // or a print size takes a document past one; the other limits keep their defaults.
    s = await startServer(engine, {
      TEMPLATE_MAX_LAYERS: '12',
      TEMPLATE_MAX_MEGAPIXELS_FREE: '5',
      TEMPLATE_MAX_MEGAPIXELS_PLANS: '10,20,40',
    })
    token = (await s.signUp()).token
    const list = await s.call('GET', '/template/list', { query: { pageSize: 100 } })
    const boldQuote = (list.data as Array<{ id: number; slug: string }>).find((t) => t.slug === 'bold-quote')
    if (!boldQuote) throw new Error('bold-quote left the catalogue')
    doc = (await s.call('GET', '/template/document', { token, query: { id: boldQuote.id } })).data.document
  })
  afterAll(() => s.close())

  const save = (document: Doc, name = 'Costly', as = token) =>
    s.call('POST', '/template/save', { token: as, body: { name, document } })
  /** A new account with a live subscription of `tier` (a checkout of the main group paid by card). */
  const subscriber = async (tier: '49-9' | '139-9') => {
    const { token } = await s.signUp()
    const checkout = await s.call('POST', '/checkout/create', {
      token,
      body: { offerId: `main/subscription-${tier}`, variant: 'checkout' },
    })
    const paid = await s.call('POST', '/checkout/pay', {
      token,
      body: { checkoutId: checkout.data.checkoutId, ...card },
    })
    expect(paid.data.status).toBe('paid')
    return token
  }
  const withLayer = (layer: Record<string, unknown>): Doc => ({ ...doc, layers: [...doc.layers, layer] })

  it('saves a catalogue template as it is', async () => {
    expect((await save(doc, 'Plain')).code).toBe(0)
  })

  it('refuses a text layer of 30,000 characters, naming the layer and the limit', async () => {
    const r = await save(
      withLayer({
        id: 'wall',
        type: 'text',
        text: '7'.repeat(30_000),
        size: 12,
        box: { x: 0, y: 0, w: 1080, h: 1080 },
      }),
    )
    expect(r.code).toBe(400)
    expect(r.msg).toContain('layer "wall", property "text": may show 30,000 characters')
    expect(r.msg).toContain('at most 10,000')
    expect(r.data.issues[0]).toMatchObject({ params: { layer: 'wall', property: 'text' } })
  })

  it('counts the longest value of each field a text shows', async () => {
    const fields = Array.from({ length: 6 }, (_, i) => ({
      key: `long_${i}`,
      kind: 'text',
      label: { en: `Long ${i}`, 'zh-CN': `长 ${i}` },
      default: 'x',
      maxLength: 2000,
    }))
    const r = await save({
      ...doc,
      fields: [...doc.fields, ...fields],
      layers: [
        ...doc.layers,
        { id: 'six', type: 'text', text: fields.map((f) => `{{${f.key}}}`).join(' '), size: 12 },
      ],
    })
    expect(r.code).toBe(400)
    expect(r.msg).toContain('layer "six", property "text": may show 12,005 characters')
  })

  it('refuses nine A2 sheets with shadows, saying what to remove', async () => {
    const r = await save({
      ...doc,
      // The sizes the layers are placed in, and nine A2 sheets.
      sizes: [...(doc.sizes as unknown[]), ...Array.from({ length: 9 }, (_, i) => a2Sheet(i))],
      layers: [...doc.layers, ...shadowLayers(3)],
    })
    expect(r.code).toBe(400)
    // No subscription would draw it either, so the refusal offers none.
    expect(r.msg).toMatch(
      /property "sizes": drawing every size takes 1,266 megapixels \(11 sizes, each drawn once more for each of 3 layers with a shadow\); at most 5 are accepted: remove sizes or shadows$/,
    )
  })

  /** The catalogue card (3.2 megapixels) with one shadow: 6.5 megapixels, past the free plan's 5, within 49.9's 10. */
  const shadowed = (): Doc => ({ ...doc, layers: [...doc.layers, ...shadowLayers(1)] })

  it('refuses a free account’s document past its plan’s megapixels, naming the subscription that draws it', async () => {
    const r = await save(shadowed())
    expect(r.code).toBe(400)
    expect(r.msg).toBe(
      'document: property "sizes": drawing every size takes 7 megapixels (2 sizes, each drawn once more for each of 1 layers with a shadow); at most 5 are accepted: remove sizes or shadows; a subscription allows up to 10 megapixels',
    )
    // The issues are the model's, without the offer.
    expect(r.data.issues).toEqual([
      {
        path: ['document', 'sizes'],
        code: 'invalid',
        params: {
          property: 'sizes',
          message: expect.stringMatching(/at most 5 are accepted: remove sizes or shadows$/),
        },
      },
    ])
  })

  it('saves the same document for a 49.9 subscriber', async () => {
    const r = await save(shadowed(), 'Shadowed', await subscriber('49-9'))
    expect(r.code, r.msg).toBe(0)
  })

  it('refuses a 139.9 subscriber’s document past the top tier’s megapixels, offering nothing more', async () => {
    // An A2 sheet (35 megapixels) beside the card's sizes, all drawn twice: 76 megapixels, past the top tier's 40.
    const r = await save(
      { ...shadowed(), sizes: [...(doc.sizes as unknown[]), a2Sheet(0)] },
      'Poster',
      await subscriber('139-9'),
    )
    expect(r.code).toBe(400)
    expect(r.msg).toMatch(
      /property "sizes": drawing every size takes 77 megapixels \(3 sizes, each drawn once more for each of 1 layers with a shadow\); at most 40 are accepted: remove sizes or shadows$/,
    )
  })

  it('refuses more layers than configured', async () => {
    const extra = Array.from({ length: 5 }, (_, i) => ({ id: `dot-${i}`, type: 'shape', fill: '#ff0000' }))
    const r = await save({ ...doc, layers: [...doc.layers, ...extra] })
    expect(r.code).toBe(400)
    expect(r.msg).toContain('property "layers": has 13 layers; at most 12 are accepted')
  })
})
