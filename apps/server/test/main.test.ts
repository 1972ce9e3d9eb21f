import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { startProcess } from './process'

describe('the server process', () => {
  it('creates and migrates its SQLite file on first start, answers, and stops cleanly on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'templet-main-'))
    const server = await startProcess({ DATA_DIR: dataDir, DEMO_DATA: '1' })
    const url = server.url
    expect(fs.existsSync(path.join(dataDir, 'templet.db'))).toBe(true)
    const login = await fetch(`${url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@templet.app', password: 'demo-password' }),
    })
    expect(((await login.json()) as { code: number }).code).toBe(0)
    // One JSON line per request, without the password or the token.
    const line = server
      .output()
      .split('\n')
      .find((l) => l.includes('"path":"/api/user/login"'))
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      method: 'POST',
      status: 200,
      code: 0,
      ms: expect.any(Number),
    })
    expect(server.output()).not.toContain('demo-password')

    expect(await server.stop('SIGTERM')).toBe(0)
    expect(server.output()).toContain('"msg":"stopped"')
    fs.rmSync(dataDir, { recursive: true, force: true })
  })
})
