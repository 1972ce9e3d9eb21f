import { getEventListeners } from 'node:events'
import { describe, expect, expectTypeOf, it, vi } from 'vitest'
import { type Notification, readTruncatedFields, TRUNCATED_FIELDS_HEADER } from '../contract'
import { type ApiClientOptions, createApiClient } from './client'
import {
  ApiError,
  DuplicateRequestError,
  HttpStatusError,
  InvalidResponseError,
  messageFor,
  NetworkError,
  TimeoutError,
  UnauthorizedError,
} from './errors'
import { localStorageSession, memorySession, type SessionRecord } from './session'
import {
  deferred,
  type Handler,
  refusedBaseUrl,
  type SeenRequest,
  sendJson,
  someUser,
  startServer,
} from './test-server'

const ok = (data: unknown, extra: Record<string, unknown> = {}) => ({ code: 0, msg: 'ok', data, ...extra })

/** A server answering `handler`, and a client on it; the session starts signed in when `record` is given. */
async function setup(
  handler: Handler,
  { record = null, ...options }: { record?: SessionRecord | null } & Partial<ApiClientOptions> = {},
) {
  const server = await startServer(handler)
  const session = memorySession(record)
  const onUnauthorized = vi.fn()
  const api = createApiClient({ baseUrl: server.baseUrl, session, onUnauthorized, ...options })
  return { server, session, onUnauthorized, api }
}

const echoUser: Handler = (_seen, res) => sendJson(res, 200, ok(someUser))

/** A server that holds every answer until `release()` is called, then answers with the user. */
function heldAnswers() {
  const gate = deferred()
  const handler: Handler = async (_seen, res) => {
    await gate.promise
    sendJson(res, 200, ok({ id: 1, starred: true, stars: 1 }))
  }
  return { handler, release: gate.resolve }
}

function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to reject')
    },
    (error: unknown) => error,
  )
}

describe('every request', () => {
  it('carries a JSON content type and no Authorization header when nobody is signed in', async () => {
    const { server, api } = await setup(echoUser)
    await api.call('myInfo')
    const [seen] = server.requests as [SeenRequest]
    expect(seen.headers['content-type']).toBe('application/json')
    expect(seen.headers.authorization).toBeUndefined()
  })

  it('carries Authorization: Bucket <token> when a session exists', async () => {
    const { server, api } = await setup(echoUser, { record: { token: 't1' } })
    await api.call('myInfo')
    expect(server.requests[0]?.headers.authorization).toBe('Bucket t1')
    expect(server.requests[0]?.headers['content-type']).toBe('application/json')
  })

  it('carries Team: <id> while a team is chosen, read for each call, and none for the personal workspace', async () => {
    let team: string | undefined = '42'
    const { server, api } = await setup(echoUser, { record: { token: 't1' }, team: () => team })
    await api.call('myInfo')
    team = undefined
    await api.call('myInfo')
    expect(server.requests.map((seen) => seen.headers.team)).toEqual(['42', undefined])
  })

  it("sends the record's accessToken instead of its token when there is one", async () => {
    const { server, api } = await setup(echoUser, { record: { token: 't1', accessToken: 'a1' } })
    await api.call('myInfo')
    expect(server.requests[0]?.headers.authorization).toBe('Bucket a1')
  })

  it('sends the query in the URL and the body as JSON, with the endpoint method and path', async () => {
    const { server, api } = await setup((_seen, res) => sendJson(res, 200, ok({})))
    await api.call('myNotification', { query: { check: '0', page: 1, pageSize: 10 } })
    await api.call('starTemplateType', { body: { id: 3, star: true } })
    const [list, star] = server.requests as [SeenRequest, SeenRequest]
    expect(list).toMatchObject({ method: 'GET', path: '/user/my-notification', body: '' })
    expect(list.query).toEqual({ check: '0', page: '1', pageSize: '10' })
    expect(star).toMatchObject({ method: 'POST', path: '/template-type/star' })
    expect(JSON.parse(star.body)).toEqual({ id: 3, star: true })
  })

  it('sends an empty JSON object as the body of a POST that declares none', async () => {
    const { server, api } = await setup((_seen, res) => sendJson(res, 200, ok({})), {
      record: { token: 't' },
    })
    await api.call('logout')
    expect(server.requests[0]).toMatchObject({ method: 'POST', path: '/user/logout', body: '{}' })
  })

  it('calls /api on the page origin by default', async () => {
    const server = await startServer(echoUser)
    const origin = new URL(server.baseUrl).origin
    const api = createApiClient({
      session: memorySession(),
      onUnauthorized: () => {},
      // What a browser does with a relative URL: resolve it against the page.
      fetch: (input, init) => fetch(new URL(String(input), origin), init),
    })
    await api.call('myInfo')
    expect(server.requests[0]?.path).toBe('/user/my-info')
  })
})

describe('answers', () => {
  it('resolve with the typed envelope, total included', async () => {
    const note = {
      id: 7,
      type: 'welcome',
      params: { name: 'Ann', credits: 5 },
      title: 'Hi',
      content: 'Welcome',
      check: 0,
      createdAt: '2026-11-22T00:00:00.000Z',
    }
    const { api } = await setup((_seen, res) => sendJson(res, 200, ok([note], { total: 3 })), {
      record: { token: 't' },
    })
    const res = await api.call('myNotification', { query: { check: '0', page: 1, pageSize: 10 } })
    expect(res).toEqual({ code: 0, msg: 'ok', data: [note], total: 3 })
    if (res.code !== 0) throw new Error('expected success')
    expectTypeOf(res.data).toEqualTypeOf<Notification[]>()
  })

  it('count a missing code as success', async () => {
    const { api } = await setup((_seen, res) => sendJson(res, 200, { msg: 'ok', data: someUser }))
    await expect(api.call('myInfo')).resolves.toEqual({ code: 0, msg: 'ok', data: someUser })
  })

  it('turn null data into an empty object', async () => {
    const { api } = await setup((_seen, res) => sendJson(res, 200, { code: 0, msg: 'bye', data: null }), {
      record: { token: 't' },
    })
    await expect(api.call('logout')).resolves.toEqual({ code: 0, msg: 'bye', data: {} })
  })

  it('with a business code other than 401 resolve with the body for the caller', async () => {
    const { api, onUnauthorized } = await setup(
      (seen, res) =>
        seen.path === '/template-type/star'
          ? sendJson(res, 200, { code: 402, msg: 'Not enough credits', data: null })
          : sendJson(res, 200, { code: 429, msg: 'Slow down', data: { retryAfterSeconds: 30 } }),
      { record: { token: 't' } },
    )
    await expect(api.call('starTemplateType', { body: { id: 1, star: true } })).resolves.toEqual({
      code: 402,
      msg: 'Not enough credits',
      data: {},
    })
    await expect(api.call('myInfo')).resolves.toEqual({
      code: 429,
      msg: 'Slow down',
      data: { retryAfterSeconds: 30 },
    })
    expect(onUnauthorized).not.toHaveBeenCalled()
  })

  it('with code 401 to a request sent without a token (a wrong password) resolve, so the form can say so', async () => {
    const { api, onUnauthorized } = await setup((_seen, res) =>
      sendJson(res, 200, { code: 401, msg: 'Wrong email or password', data: null }),
    )
    const res = await api.call('login', { body: { email: 'ann@example.com', password: 'nope' } })
    expect(res).toEqual({ code: 401, msg: 'Wrong email or password', data: {} })
    expect(onUnauthorized).not.toHaveBeenCalled()
  })
})

describe('a refused token', () => {
  it('(code 401) clears the session, calls onUnauthorized once and rejects with UnauthorizedError', async () => {
    const envelope = { code: 401, msg: 'Sign in again', data: null }
    const { api, session, onUnauthorized } = await setup((_seen, res) => sendJson(res, 200, envelope), {
      record: { token: 't1' },
    })
    const error = await rejectionOf(api.call('myInfo'))
    expect(error).toBeInstanceOf(UnauthorizedError)
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401, body: envelope, path: '/user/my-info' })
    expect(session.get()).toBeNull()
    expect(onUnauthorized).toHaveBeenCalledTimes(1)
    expect(onUnauthorized).toHaveBeenCalledWith(error)
  })

  it('(HTTP status 401) counts as unauthorized too', async () => {
    const { api, session, onUnauthorized } = await setup(
      (_seen, res) => sendJson(res, 401, { code: 401, msg: 'Sign in again', data: null }),
      { record: { token: 't1' } },
    )
    await expect(api.call('myInfo')).rejects.toBeInstanceOf(UnauthorizedError)
    expect(session.get()).toBeNull()
    expect(onUnauthorized).toHaveBeenCalledTimes(1)
  })

  it('is not what an HTTP 401 to a request without a token is: that is an HTTP status error', async () => {
    const { api, onUnauthorized } = await setup((_seen, res) => {
      res.writeHead(401)
      res.end()
    })
    const error = await rejectionOf(api.call('myInfo'))
    expect(error).toBeInstanceOf(HttpStatusError)
    expect(error).toMatchObject({ status: 401, message: '系统接口401异常' })
    expect(onUnauthorized).not.toHaveBeenCalled()
  })

  it('on several calls at once notifies the app once', async () => {
    const gate = deferred()
    const { api, onUnauthorized, server } = await setup(
      async (_seen, res) => {
        await gate.promise
        sendJson(res, 200, { code: 401, msg: 'Sign in again', data: null })
      },
      { record: { token: 't1' } },
    )
    const calls = [
      rejectionOf(api.call('myInfo')),
      rejectionOf(api.call('templateTypeList')),
      rejectionOf(api.call('myNotification')),
    ]
    await server.received(3)
    gate.resolve()
    for (const error of await Promise.all(calls)) expect(error).toBeInstanceOf(UnauthorizedError)
    expect(onUnauthorized).toHaveBeenCalledTimes(1)
  })

  it('that arrives after a new sign-in leaves the new session alone', async () => {
    const gate = deferred()
    const { api, session, onUnauthorized, server } = await setup(
      async (_seen, res) => {
        await gate.promise
        sendJson(res, 200, { code: 401, msg: 'Sign in again', data: null })
      },
      { record: { token: 'old' } },
    )
    const call = rejectionOf(api.call('myInfo'))
    await server.received(1)
    session.set({ token: 'new' })
    gate.resolve()
    expect(await call).toBeInstanceOf(UnauthorizedError)
    expect(session.get()).toEqual({ token: 'new' })
    expect(onUnauthorized).not.toHaveBeenCalled()
  })
})

describe('token rotation', () => {
  it('stores data.resetToken as the accessToken and sends it with the next request', async () => {
    let answered = 0
    const { api, session, server } = await setup(
      (_seen, res) => {
        answered += 1
        sendJson(res, 200, ok(answered === 1 ? { ...someUser, resetToken: 'fresh' } : someUser))
      },
      { record: { token: 't1', user: { name: 'Ann' } } },
    )
    await api.call('myInfo')
    expect(session.get()).toEqual({ token: 't1', user: { name: 'Ann' }, accessToken: 'fresh' })
    await api.call('myInfo')
    expect(server.requests.map((seen) => seen.headers.authorization)).toEqual(['Bucket t1', 'Bucket fresh'])
  })

  it('writes the rotated token into localStorage when the session lives there', async () => {
    const values = new Map<string, string>([['user', JSON.stringify({ token: 't1' })]])
    const storage = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => values.set(key, value),
      removeItem: (key: string) => values.delete(key),
    }
    const server = await startServer((_seen, res) => sendJson(res, 200, ok({ updated: 2, resetToken: 'r2' })))
    const api = createApiClient({
      baseUrl: server.baseUrl,
      session: localStorageSession('user', storage),
      onUnauthorized: () => {},
    })
    await api.call('markAllNotificationsRead')
    expect(JSON.parse(values.get('user') ?? '')).toEqual({ token: 't1', accessToken: 'r2' })
  })

  it('does not write a token that arrives after the session changed onto the new session', async () => {
    const gate = deferred()
    const { api, session, server } = await setup(
      async (_seen, res) => {
        await gate.promise
        sendJson(res, 200, ok({ ...someUser, resetToken: 'for-the-old-user' }))
      },
      { record: { token: 'old' } },
    )
    const call = api.call('myInfo')
    await server.received(1)
    session.set({ token: 'other-user' })
    gate.resolve()
    await call
    expect(session.get()).toEqual({ token: 'other-user' })
  })
})

describe('duplicate requests', () => {
  it('an identical request in flight is cancelled at once and the first goes on', async () => {
    const { handler, release } = heldAnswers()
    const { api, server } = await setup(handler)
    const first = api.call('starTemplateType', { body: { id: 1, star: true } })
    const second = rejectionOf(api.call('starTemplateType', { body: { id: 1, star: true } }))
    const error = await second
    expect(error).toBeInstanceOf(DuplicateRequestError)
    expect(error).toMatchObject({ kind: 'duplicate', message: '重复请求已取消' })
    release()
    await expect(first).resolves.toMatchObject({ code: 0 })
    expect(server.requests).toHaveLength(1)
  })

  it('the same body or query with keys in another order is a duplicate', async () => {
    const { handler, release } = heldAnswers()
    const { api } = await setup(handler)
    const first = api.call('starTemplateType', { body: { id: 1, star: true } })
    const list = api.call('myNotification', { query: { page: 1, pageSize: 10 } })
    await expect(api.call('starTemplateType', { body: { star: true, id: 1 } })).rejects.toBeInstanceOf(
      DuplicateRequestError,
    )
    await expect(api.call('myNotification', { query: { pageSize: 10, page: 1 } })).rejects.toBeInstanceOf(
      DuplicateRequestError,
    )
    release()
    await Promise.all([first, list])
  })

  it('a request that merely looks alike (another body or query) is sent', async () => {
    const { handler, release } = heldAnswers()
    const { api, server } = await setup(handler)
    const calls = [
      api.call('starTemplateType', { body: { id: 1, star: true } }),
      api.call('starTemplateType', { body: { id: 1, star: false } }),
      api.call('myNotification', { query: { page: 1 } }),
      api.call('myNotification', { query: { page: 2 } }),
      api.call('myNotification'),
    ]
    await server.received(5)
    release()
    await Promise.all(calls)
    expect(server.requests).toHaveLength(5)
  })

  it('a finished request frees its key', async () => {
    const { api, server } = await setup(echoUser)
    await api.call('myInfo')
    await api.call('myInfo')
    expect(server.requests).toHaveLength(2)
  })

  it('a failed or aborted request frees its key', async () => {
    let answered = 0
    const { api, server } = await setup((_seen, res) => {
      answered += 1
      if (answered === 1) sendJson(res, 500, { code: 500, msg: 'boom', data: null })
      else if (answered === 2)
        return // never answered: this one is aborted
      else sendJson(res, 200, ok(someUser))
    })
    await expect(api.call('myInfo')).rejects.toBeInstanceOf(HttpStatusError)
    const controller = new AbortController()
    const aborted = rejectionOf(api.call('myInfo', { signal: controller.signal }))
    await server.received(2)
    controller.abort()
    await aborted
    await expect(api.call('myInfo')).resolves.toMatchObject({ code: 0 })
  })

  it('allowDuplicate sends an identical request anyway', async () => {
    const { handler, release } = heldAnswers()
    const { api, server } = await setup(handler)
    const calls = [api.call('myInfo'), api.call('myInfo', { allowDuplicate: true })]
    await server.received(2)
    release()
    await Promise.all(calls)
  })
})

describe('failures', () => {
  it('a refused connection rejects with NetworkError', async () => {
    const api = createApiClient({
      baseUrl: await refusedBaseUrl(),
      session: memorySession(),
      onUnauthorized: () => {},
    })
    const error = await rejectionOf(api.call('myInfo'))
    expect(error).toBeInstanceOf(NetworkError)
    expect(error).toMatchObject({ kind: 'network', status: undefined, message: '后端接口连接异常' })
  })

  it('a connection the server drops rejects with NetworkError', async () => {
    const { api } = await setup((_seen, _res, req) => {
      req.socket.destroy()
    })
    await expect(api.call('myInfo')).rejects.toBeInstanceOf(NetworkError)
  })

  it('no answer within timeoutMs rejects with TimeoutError and aborts the request', async () => {
    const { api, server } = await setup(() => {}, { timeoutMs: 200 })
    const error = await rejectionOf(api.call('myInfo'))
    expect(error).toBeInstanceOf(TimeoutError)
    expect(error).toMatchObject({ kind: 'timeout', timeoutMs: 200, message: '系统接口请求超时' })
    await server.requests[0]?.closed
  })

  it('an answer that stops halfway is timed out too', async () => {
    const { api } = await setup(
      (_seen, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' })
        res.write('{"code":0,')
      },
      { timeoutMs: 200 },
    )
    await expect(api.call('myInfo')).rejects.toBeInstanceOf(TimeoutError)
  })

  it("a call's own timeoutMs overrides the client's", async () => {
    const { api } = await setup(() => {}, { timeoutMs: 60_000 })
    await expect(api.call('myInfo', { timeoutMs: 100 })).rejects.toMatchObject({ timeoutMs: 100 })
  })

  it('a 5xx status rejects with HttpStatusError carrying the envelope, whose code is not acted on', async () => {
    const envelope = { code: 401, msg: 'boom', data: { resetToken: 'ignored' } }
    const { api, session, onUnauthorized } = await setup((_seen, res) => sendJson(res, 500, envelope), {
      record: { token: 't1' },
    })
    const error = await rejectionOf(api.call('myInfo'))
    expect(error).toBeInstanceOf(HttpStatusError)
    expect(error).toMatchObject({ kind: 'http', status: 500, body: envelope, message: '系统接口500异常' })
    expect(onUnauthorized).not.toHaveBeenCalled()
    expect(session.get()).toEqual({ token: 't1' })
  })

  it('a non-2xx status without an envelope rejects with HttpStatusError and no body', async () => {
    const { api } = await setup((_seen, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' })
      res.end('<h1>Bad gateway</h1>')
    })
    const error = await rejectionOf(api.call('myInfo'))
    expect(error).toBeInstanceOf(HttpStatusError)
    expect(error).toMatchObject({ status: 502, body: undefined })
  })

  it('a 2xx answer that is not a JSON envelope rejects with InvalidResponseError', async () => {
    const { api } = await setup((_seen, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' })
      res.end('<!doctype html><title>App</title>')
    })
    const error = await rejectionOf(api.call('myInfo'))
    expect(error).toBeInstanceOf(InvalidResponseError)
    expect(error).toMatchObject({ kind: 'invalid-response', status: 200 })
  })

  it('every kind is an ApiError, told apart by instanceof and kind', async () => {
    const { handler, release } = heldAnswers()
    const { api } = await setup(handler)
    const held = api.call('myInfo')
    const errors = [
      await rejectionOf(api.call('myInfo')),
      new NetworkError({ method: 'GET', path: '/x' }),
      new TimeoutError({ method: 'GET', path: '/x', timeoutMs: 1 }),
      new HttpStatusError({ method: 'GET', path: '/x', status: 503 }),
      new UnauthorizedError({ method: 'GET', path: '/x' }),
      new InvalidResponseError({ method: 'GET', path: '/x', status: 200 }),
    ]
    release()
    await held
    const classes = [
      DuplicateRequestError,
      NetworkError,
      TimeoutError,
      HttpStatusError,
      UnauthorizedError,
      InvalidResponseError,
    ]
    for (const [i, error] of errors.entries()) {
      expect(error).toBeInstanceOf(ApiError)
      expect(error).toBeInstanceOf(Error)
      classes.forEach((cls, j) => {
        expect(error instanceof cls).toBe(i === j)
      })
    }
    expect(errors.map((error) => (error as ApiError).kind)).toEqual([
      'duplicate',
      'network',
      'timeout',
      'http',
      'unauthorized',
      'invalid-response',
    ])
    expect(errors.map((error) => (error as Error).name)).toEqual([
      'DuplicateRequestError',
      'NetworkError',
      'TimeoutError',
      'HttpStatusError',
      'UnauthorizedError',
      'InvalidResponseError',
    ])
  })
})

describe("the caller's AbortSignal", () => {
  it('rejects the call with the signal reason, not a timeout, and aborts the request', async () => {
    const { api, server } = await setup(() => {}, { timeoutMs: 60_000 })
    const controller = new AbortController()
    const call = rejectionOf(api.call('myInfo', { signal: controller.signal }))
    await server.received(1)
    const reason = new Error('the user left the page')
    controller.abort(reason)
    expect(await call).toBe(reason)
    await server.requests[0]?.closed
  })

  it('without a reason rejects with an AbortError', async () => {
    const { api, server } = await setup(() => {})
    const controller = new AbortController()
    const call = rejectionOf(api.call('myInfo', { signal: controller.signal }))
    await server.received(1)
    controller.abort()
    const error = await call
    expect(error).toBeInstanceOf(DOMException)
    expect(error).toMatchObject({ name: 'AbortError' })
    expect(error).not.toBeInstanceOf(ApiError)
  })

  it('already aborted rejects before anything is sent', async () => {
    const { api, server } = await setup(echoUser)
    const reason = new Error('too late')
    await expect(api.call('myInfo', { signal: AbortSignal.abort(reason) })).rejects.toBe(reason)
    expect(server.requests).toHaveLength(0)
  })
})

describe('nothing leaks', () => {
  it("each call clears its timer and removes its listener from the caller's signal, whatever the outcome", async () => {
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout')
    const clearTimeoutSpy = vi.spyOn(globalThis, 'clearTimeout')
    try {
      let answered = 0
      const { api } = await setup(
        (_seen, res, req) => {
          answered += 1
          if (answered === 1) sendJson(res, 200, ok(someUser))
          else if (answered === 2) sendJson(res, 500, {})
          else req.socket.destroy()
        },
        { timeoutMs: 123_456 },
      )
      const controller = new AbortController()
      const { signal } = controller
      await api.call('myInfo', { signal })
      await expect(api.call('myInfo', { signal })).rejects.toBeInstanceOf(HttpStatusError)
      await expect(api.call('myInfo', { signal })).rejects.toBeInstanceOf(NetworkError)

      const timers = setTimeoutSpy.mock.calls.flatMap(([, delay], i) =>
        delay === 123_456 ? [setTimeoutSpy.mock.results[i]?.value] : [],
      )
      expect(timers).toHaveLength(3)
      for (const timer of timers) expect(clearTimeoutSpy).toHaveBeenCalledWith(timer)
      expect(getEventListeners(signal, 'abort')).toHaveLength(0)
    } finally {
      setTimeoutSpy.mockRestore()
      clearTimeoutSpy.mockRestore()
    }
  })
})

describe('messages', () => {
  it('are in zh-CN by default, word for word as in the product table', async () => {
    const api = createApiClient({
      baseUrl: await refusedBaseUrl(),
      session: memorySession(),
      onUnauthorized: () => {},
    })
    await expect(api.call('myInfo')).rejects.toThrow('后端接口连接异常')
    const request = { method: 'GET', path: '/x' }
    expect(new TimeoutError({ ...request, timeoutMs: 1 }).message).toBe('系统接口请求超时')
    expect(new HttpStatusError({ ...request, status: 503 }).message).toBe('系统接口503异常')
    expect(new DuplicateRequestError(request).message).toBe('重复请求已取消')
  })

  it('are in English with locale en', async () => {
    const api = createApiClient({
      baseUrl: await refusedBaseUrl(),
      session: memorySession(),
      onUnauthorized: () => {},
      locale: 'en',
    })
    await expect(api.call('myInfo')).rejects.toThrow('Cannot reach the server')
    const request = { method: 'GET', path: '/x', locale: 'en' as const }
    expect(new TimeoutError({ ...request, timeoutMs: 1 }).message).toBe('The server took too long to answer')
    expect(new HttpStatusError({ ...request, status: 503 }).message).toBe('Server error 503')
    expect(new DuplicateRequestError(request).message).toBe('Duplicate request cancelled')
  })

  it('follow a language switch when the locale is a function', async () => {
    let locale: 'en' | 'zh-CN' = 'en'
    const { handler, release } = heldAnswers()
    const { api } = await setup(handler, { locale: () => locale })
    const held = api.call('myInfo')
    await expect(api.call('myInfo')).rejects.toThrow('Duplicate request cancelled')
    locale = 'zh-CN'
    await expect(api.call('myInfo')).rejects.toThrow('重复请求已取消')
    release()
    await held
  })

  it('can be worded in another language with messageFor', () => {
    const request = { method: 'GET', path: '/x' }
    const errors = [
      new NetworkError(request),
      new TimeoutError({ ...request, timeoutMs: 1 }),
      new HttpStatusError({ ...request, status: 500 }),
      new DuplicateRequestError(request),
    ]
    expect(errors.map((error) => messageFor(error, 'en'))).toEqual([
      'Cannot reach the server',
      'The server took too long to answer',
      'Server error 500',
      'Duplicate request cancelled',
    ])
    expect(errors.map((error) => messageFor(error, 'zh-CN'))).toEqual([
      '后端接口连接异常',
      '系统接口请求超时',
      '系统接口500异常',
      '重复请求已取消',
    ])
  })
})

describe('types', () => {
  it('come from the endpoint registry', () => {
    const api = createApiClient({ session: memorySession(), onUnauthorized: () => {} })
    expectTypeOf(api.call<'starTemplateType'>)
      .parameter(1)
      .toExtend<{ body: { id: number; star: boolean } }>()
    expectTypeOf(api.call<'myInfo'>).returns.resolves.toHaveProperty('data')
    // Only checked by tsc: these are never run.
    const notRun = () => {
      // @ts-expect-error a body is required
      void api.call('starTemplateType')
      // @ts-expect-error check is '0' or '1'
      void api.call('myNotification', { query: { check: '2' } })
      // @ts-expect-error no such endpoint
      void api.call('nope')
    }
    expect(notRun).toBeTypeOf('function')
  })
})

describe('media endpoints', () => {
  it('send an upload as multipart/form-data with the file part, and repeat uploads are not duplicates', async () => {
    const { server, api } = await setup(
      (_seen, res) => sendJson(res, 200, ok({ id: 1, width: 1, height: 1, url: '/u' })),
      {
        record: { token: 't' },
      },
    )
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' })
    const [first, second] = await Promise.all([
      api.call('uploadImage', { body: { file } }),
      api.call('uploadImage', { body: { file } }),
    ])
    expect(first.code).toBe(0)
    expect(second.code).toBe(0)
    const seen = server.requests[0] as SeenRequest
    expect(seen).toMatchObject({ method: 'POST', path: '/upload/image' })
    expect(seen.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(seen.headers.authorization).toBe('Bucket t')
    expect(seen.body).toContain('name="file"; filename="a.png"')
  })

  it('return a preview image as a Blob, and its failures as the envelope', async () => {
    let fail = false
    const { api } = await setup(
      (_seen, res) => {
        if (fail) return sendJson(res, 200, { code: 429, msg: 'Too many', data: { retryAfterSeconds: 3 } })
        res.writeHead(200, { 'Content-Type': 'image/webp', 'Truncated-Fields': 'title,caf%C3%A9' })
        res.end(Buffer.from([1, 2, 3]))
      },
      { record: { token: 't' } },
    )
    const image = await api.call('previewCreation', { body: { templateId: 1, values: {} } })
    expect(image.code).toBe(0)
    if (image.code !== 0) throw new Error('unreachable')
    expect(image.data).toBeInstanceOf(Blob)
    expect(image.data.type).toBe('image/webp')
    expect(new Uint8Array(await image.data.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]))
    // The fields the preview had to cut ride in a header.
    expect(readTruncatedFields(image.headers?.get(TRUNCATED_FIELDS_HEADER))).toEqual(['title', 'café'])
    fail = true
    const limited = await api.call('previewCreation', { body: { templateId: 1, values: {} } })
    expect(limited).toMatchObject({ code: 429, data: { retryAfterSeconds: 3 } })
  })

  it('return a receipt PDF as a Blob with its headers, and a 404 as the envelope', async () => {
    const { api, server } = await setup(
      (s, res) => {
        if (s.query.id === '9') return sendJson(res, 200, { code: 404, msg: 'Purchase not found', data: {} })
        res.writeHead(200, {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="templet-receipt-R-2026-000001.pdf"',
        })
        res.end(Buffer.from('%PDF-1.7'))
      },
      { record: { token: 't' } },
    )
    const pdf = await api.call('purchaseReceiptPdf', { query: { id: 1, lang: 'zh-CN' } })
    expect(server.requests[0]).toMatchObject({
      method: 'GET',
      path: '/purchase/receipt-pdf',
      query: { id: '1', lang: 'zh-CN' },
    })
    if (pdf.code !== 0) throw new Error(`expected the PDF, got ${pdf.msg}`)
    expect(pdf.data.type).toBe('application/pdf')
    expect(await pdf.data.text()).toBe('%PDF-1.7')
    expect(pdf.headers?.get('content-disposition')).toContain('templet-receipt-R-2026-000001.pdf')
    expect(await api.call('purchaseReceiptPdf', { query: { id: 9 } })).toMatchObject({ code: 404 })
  })

  it('send an upload through XMLHttpRequest when progress is asked for, reporting it and storing a rotated token', async () => {
    // Node has no XMLHttpRequest: a stand-in with the browser's surface sends through fetch (to the real
    // loopback server) and reports the body's size as progress, as a browser does at the end of an upload.
    class FetchBackedXhr {
      status = 0
      responseText = ''
      upload: {
        onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null
      } = {
        onprogress: null,
      }
      onload: (() => void) | null = null
      onerror: (() => void) | null = null
      onabort: (() => void) | null = null
      private method = 'GET'
      private url = ''
      private headers: Record<string, string> = {}
      open(method: string, url: string) {
        this.method = method
        this.url = url
      }
      setRequestHeader(name: string, value: string) {
        this.headers[name] = value
      }
      abort() {
        this.onabort?.()
      }
      send(body: FormData) {
        const request = new Request(this.url, { method: this.method, headers: this.headers, body })
        void request
          .clone()
          .arrayBuffer()
          .then((bytes) => {
            this.upload.onprogress?.({
              lengthComputable: true,
              loaded: bytes.byteLength,
              total: bytes.byteLength,
            })
            return fetch(request)
          })
          .then(
            async (response) => {
              this.status = response.status
              this.responseText = await response.text()
              this.onload?.()
            },
            () => this.onerror?.(),
          )
      }
    }
    vi.stubGlobal('XMLHttpRequest', FetchBackedXhr)
    try {
      const { server, api, session } = await setup(
        (_seen, res) =>
          sendJson(res, 200, ok({ id: 7, width: 1, height: 1, url: '/u', resetToken: 'rotated' })),
        { record: { token: 't' } },
      )
      const file = new File([new Uint8Array(1000)], 'a.png', { type: 'image/png' })
      const progress: number[] = []
      const result = await api.call('uploadImage', {
        body: { file },
        onUploadProgress: ({ loaded, total }) => progress.push(loaded / total),
      })
      expect(result).toMatchObject({ code: 0, data: { id: 7 } })
      expect(progress.at(-1)).toBe(1)
      const seen = server.requests[0] as SeenRequest
      expect(seen.headers.authorization).toBe('Bucket t')
      expect(seen.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
      expect(seen.body).toContain('filename="a.png"')
      expect(session.get()).toMatchObject({ accessToken: 'rotated' })
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
