import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

describe('the server process', () => {
  it('creates and migrates its SQLite file on first start, answers, and stops cleanly on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'templet-main-'))
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DEMO_DATA: '1',
        LOG_LEVEL: 'info',
      },
    })
    let out = ''
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString()
    })
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', () => {
        const m = /"msg":"listening","url":"([^"]+)"/.exec(out)
        if (m?.[1]) resolve(m[1])
      })
      child.once('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)))
    })
    expect(fs.existsSync(path.join(dataDir, 'templet.db'))).toBe(true)
    const login = await fetch(`${url}/api/user/login`, {
      method: 'POST',
      body: JSON.stringify({ email: 'demo@templet.app', password: 'demo-password' }),
    })
    expect(((await login.json()) as { code: number }).code).toBe(0)
    // One JSON line per request, without the password or the token.
    const line = out.split('\n').find((l) => l.includes('"path":"/api/user/login"'))
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      method: 'POST',
      status: 200,
      code: 0,
      ms: expect.any(Number),
    })
    expect(out).not.toContain('demo-password')

    const exit = new Promise<number | null>((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    expect(await exit).toBe(0)
    expect(out).toContain('"msg":"stopped"')
    fs.rmSync(dataDir, { recursive: true, force: true })
  })
})
