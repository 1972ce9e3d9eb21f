import createClient from 'openapi-fetch'
import { TempletError } from './errors'
import type { components, paths } from './generated/v1-api'

type Schemas = components['schemas']
export type Template = Schemas['Template']
export type Render = Schemas['Render']
export type RenderCreate = Schemas['RenderCreate']
export type Batch = Schemas['Batch']
export type BatchCreate = Schemas['BatchCreate']
export type Upload = Schemas['Upload']
export type Balance = Schemas['Balance']
export type WebhookEndpoint = Schemas['WebhookEndpoint']

export interface PageQuery {
  limit?: number
  starting_after?: number
  ending_before?: number
}

export interface TempletOptions {
  /** An API key from Developer settings: `tk_live_…`. */
  apiKey: string
  /** Where Templet is: `https://templet.example` (the client adds `/v1`). */
  baseUrl: string
  /** A `fetch` of your own (a proxy, a test double); the global one by default. */
  fetch?: typeof globalThis.fetch
}

export interface WaitOptions {
  /** Give up after this long (default 5 minutes): a `TempletError`-free timeout error is thrown. */
  timeoutMs?: number
  /** Pause between reads (default 1 s; a 429's `Retry-After` is honoured over it). */
  intervalMs?: number
  signal?: AbortSignal
}

export interface Sent {
  /** Sent as `Idempotency-Key`: the same key and body within 24 hours answers the first answer, charging once. */
  idempotencyKey?: string
}

type Answer<T> = { data?: T; error?: unknown; response: Response }

/** The answer's data, or the problem it carries as a {@link TempletError}. */
function dataOf<T>(answer: Answer<T>): T {
  if (answer.error !== undefined || answer.data === undefined)
    throw new TempletError(
      answer.response.status,
      (answer.error ?? {
        type: 'about:blank',
        title: answer.response.statusText,
        status: answer.response.status,
        detail: `HTTP ${answer.response.status}`,
      }) as Schemas['Problem'],
      answer.response.headers.get('retry-after'),
    )
  return answer.data
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(signal.reason)
    })
  })

/** Reads `read` until `done` says so, pausing between reads, within the wait's time. */
async function waitUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  o: WaitOptions,
  what: string,
) {
  const deadline = Date.now() + (o.timeoutMs ?? 300_000)
  for (;;) {
    let pause = o.intervalMs ?? 1000
    try {
      const value = await read()
      if (done(value)) return value
    } catch (error) {
      if (!(error instanceof TempletError && error.status === 429)) throw error
      pause = Math.max(pause, (error.retryAfterSeconds ?? 1) * 1000)
    }
    if (Date.now() + pause > deadline)
      throw new Error(`${what} did not finish within ${o.timeoutMs ?? 300_000} ms`)
    await sleep(pause, o.signal)
  }
}

const idempotency = (o?: Sent) => (o?.idempotencyKey ? { 'idempotency-key': o.idempotencyKey } : {})

/**
 * A client of Templet's developer API, typed from its OpenAPI document. Each call answers the data or throws a
 * {@link TempletError} with the problem; `raw` is the typed `openapi-fetch` client for anything else.
 */
export function createTemplet(options: TempletOptions) {
  const raw = createClient<paths>({
    baseUrl: `${options.baseUrl.replace(/\/+$/, '')}/v1`,
    headers: { authorization: `Bearer ${options.apiKey}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  const id = (value: number) => ({ params: { path: { id: value } } })

  const renders = {
    /** Starts a render; with `async`, answers at once (`queued`), else within the server's wait (5 s). */
    create: async (body: RenderCreate, o?: Sent & { async?: boolean }): Promise<Render> =>
      dataOf(
        await raw.POST('/renders', {
          body,
          params: { header: { ...idempotency(o), ...(o?.async ? { prefer: 'respond-async' } : {}) } },
        }),
      ),
    get: async (renderId: number): Promise<Render> => dataOf(await raw.GET('/renders/{id}', id(renderId))),
    list: async (query: PageQuery = {}) => dataOf(await raw.GET('/renders', { params: { query } })),
    delete: async (renderId: number): Promise<void> => {
      const answer = await raw.DELETE('/renders/{id}', id(renderId))
      if (!answer.response.ok) dataOf(answer)
    },
    /** The render once `completed` or `failed` (a failed one carries its `error`; it is not thrown). */
    waitFor: (renderId: number, o: WaitOptions = {}): Promise<Render> =>
      waitUntil(
        () => renders.get(renderId),
        (r) => r.status === 'completed' || r.status === 'failed' || r.status === 'canceled',
        o,
        `Render ${renderId}`,
      ),
  }

  const batches = {
    /** Starts a batch from JSON rows, or from a CSV (`csv`, one column per field) with its settings. */
    create: async (
      body: BatchCreate | { csv: string; template_id: number; size_id?: string; formats?: string },
      o?: Sent,
    ): Promise<Batch> => {
      if ('csv' in body) {
        const { csv, ...query } = body
        return dataOf(
          await raw.POST('/batches', {
            params: { query, header: idempotency(o) },
            body: csv as never,
            bodySerializer: (text: unknown) => text as string,
            headers: { 'content-type': 'text/csv' },
          }),
        )
      }
      return dataOf(await raw.POST('/batches', { body, params: { header: idempotency(o) } }))
    },
    get: async (batchId: number): Promise<Batch> => dataOf(await raw.GET('/batches/{id}', id(batchId))),
    list: async (query: PageQuery = {}) => dataOf(await raw.GET('/batches', { params: { query } })),
    /** One page of the batch's rows in row order (renders with their files or errors). */
    rows: async (batchId: number, query: PageQuery & { status?: Render['status'] } = {}) =>
      dataOf(await raw.GET('/batches/{id}/rows', { params: { path: { id: batchId }, query } })),
    cancel: async (batchId: number, o?: Sent): Promise<Batch> =>
      dataOf(
        await raw.POST('/batches/{id}/cancel', { params: { path: { id: batchId }, header: idempotency(o) } }),
      ),
    /** The batch once it is no longer `running`: its ZIP (and PDF) URLs are then set. */
    waitFor: (batchId: number, o: WaitOptions = {}): Promise<Batch> =>
      waitUntil(
        () => batches.get(batchId),
        (b) => b.status !== 'running',
        o,
        `Batch ${batchId}`,
      ),
  }

  const uploads = {
    /** Stores an image sent as a file (a Blob) or fetched once from a public `https://` URL. */
    create: async (source: { file: Blob; name?: string } | { url: string }, o?: Sent): Promise<Upload> => {
      if ('url' in source)
        return dataOf(
          await raw.POST('/uploads', { body: { url: source.url }, params: { header: idempotency(o) } }),
        )
      const form = new FormData()
      form.append('file', source.file, source.name ?? 'image')
      return dataOf(
        await raw.POST('/uploads', {
          body: form as never,
          bodySerializer: (body: unknown) => body as FormData,
          params: { header: idempotency(o) },
        }),
      )
    },
    get: async (uploadId: number): Promise<Upload> => dataOf(await raw.GET('/uploads/{id}', id(uploadId))),
  }

  return {
    raw,
    templates: {
      list: async (query: PageQuery = {}) => dataOf(await raw.GET('/templates', { params: { query } })),
      get: async (templateId: number): Promise<Template> =>
        dataOf(await raw.GET('/templates/{id}', id(templateId))),
    },
    balance: async (): Promise<Balance> => dataOf(await raw.GET('/balance')),
    renders,
    batches,
    uploads,
    webhookEndpoints: {
      list: async () => dataOf(await raw.GET('/webhook_endpoints')),
      create: async (body: Schemas['WebhookEndpointCreate'], o?: Sent) =>
        dataOf(await raw.POST('/webhook_endpoints', { body, params: { header: idempotency(o) } })),
      delete: async (endpointId: number): Promise<void> => {
        const answer = await raw.DELETE('/webhook_endpoints/{id}', id(endpointId))
        if (!answer.response.ok) dataOf(answer)
      },
    },
  }
}

export type Templet = ReturnType<typeof createTemplet>
