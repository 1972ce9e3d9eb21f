import type { Template, Values } from '@templet/template'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config'
import { threadedRenderer } from '../src/media-services'
import type { AccountRenderOptions } from '../src/services/renderer'
import { engines, startServer, type TestServer, testEnv } from './harness'
import { balance, developer, plainTemplate, settledRender, v1 } from './v1-helpers'

/**
 * A design the renderer throws on in its thread (a renderer's defect, like the colour-emoji PDFs of an earlier
 * release) is refused once with a 422 naming the error: retrying would throw again, and a failure the customer
 * cannot act on must not read "try again later" or cost a credit.
 */
describe.each(engines)('a drawing that throws in its thread, on %s', (engine) => {
  let s: TestServer
  const renderer = threadedRenderer(loadConfig(testEnv()))
  /** Renders asked of the thread. */
  let asked = 0
  beforeAll(async () => {
    s = await startServer(
      engine,
      {},
      {
        jobs: true,
        media: {
          renderer: {
            ...renderer,
            // Every text layer's words made a number, past the model's parser: the real thread throws on it.
            render: (template: Template, values: Values, options?: AccountRenderOptions) => {
              asked += 1
              const broken = {
                ...template,
                layers: template.layers.map((l) => (l.type === 'text' ? { ...l, text: 42 } : l)),
              } as unknown as Template
              return renderer.render(broken, values, options)
            },
          },
        },
      },
    )
  }, 60_000)
  afterAll(async () => {
    await s.close()
    await renderer.close()
  })

  it('refuses a creation with a 422 that names the error, spending nothing', async () => {
    const dev = await developer(s)
    const template = await plainTemplate(s, dev.key)
    const r = await s.call('POST', '/creation/create', {
      token: dev.token,
      body: { templateId: template.id, values: {} },
    })
    expect(r.code).toBe(422)
    expect(r.msg).toMatch(/^This design could not be drawn \(.+\): change or remove the layer or size/)
    // The error itself, for a client that words the refusal in its reader's language.
    expect(r.data).toEqual({ reason: expect.stringMatching(/.+/) })
    expect(await balance(s, dev.token)).toBe(5)
  }, 60_000)

  it('fails a /v1 render after one attempt as render_not_drawable, its credit refunded', async () => {
    const dev = await developer(s)
    const template = await plainTemplate(s, dev.key)
    const before = asked
    const r = await v1(s, 'POST', '/renders', {
      key: dev.key,
      body: { template_id: template.id },
      headers: { prefer: 'respond-async' },
    })
    expect(r.status).toBe(202)
    const render = await settledRender(s, dev.key, r.body.id)
    expect(render).toMatchObject({
      status: 'failed',
      credits_spent: 0,
      files: null,
      error: {
        type: 'https://templet.app/problems/render_not_drawable',
        title: 'The design cannot be drawn',
        status: 422,
      },
    })
    expect(render.error.detail).toMatch(/^This design could not be drawn/)
    expect(asked - before).toBe(1)
    expect(await balance(s, dev.token)).toBe(5)
  }, 120_000)
})
