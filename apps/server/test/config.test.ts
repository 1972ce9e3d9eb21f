import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../src/config'

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

describe('configuration', () => {
  it('has safe defaults: loopback on port 3000, SQLite under ./data, 7-day sessions and the product’s limits', () => {
    const c = loadConfig({})
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      sessionTtlSeconds: 604800,
      sessionGraceSeconds: 60,
      rateLimits: {
        register: { limit: 20, windowSeconds: 600 },
        loginIp: { limit: 30, windowSeconds: 60 },
        contact: { limit: 5, windowSeconds: 3600 },
      },
      loginThrottle: { accountLimit: 10, sourceLimit: 5, maxDelaySeconds: 900 },
      logLevel: 'info',
      demoData: false,
      trustProxy: false,
      corsOrigins: [],
    })
    expect(c.webDist.endsWith(path.join('apps', 'web', 'dist'))).toBe(true)
    expect(c.media.documentMegapixels).toEqual({ free: 250, plans: [500, 1000, 2000] })
  })

  it('reads every setting from the environment and treats empty values as unset', () => {
    const c = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db:5432/templet',
      SESSION_TTL_SECONDS: '3600',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      DEMO_DATA: '1',
      TRUST_PROXY: '1',
      LOG_LEVEL: '',
    })
    expect(c).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u@db:5432/templet',
      sessionTtlSeconds: 3600,
      corsOrigins: ['https://a.example', 'https://b.example'],
      demoData: true,
      trustProxy: true,
      logLevel: 'info',
    })
  })

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['SESSION_TTL_SECONDS', '5'],
    ['LOG_LEVEL', 'loud'],
    ['DEMO_DATA', 'yes'],
    ['REGISTER_LIMIT', '0'],
    ['METRICS_TOKEN', 'short'],
    ['METRICS_TOKEN', 'a token with spaces in it'],
    ['TEMPLATE_MAX_MEGAPIXELS_FREE', '0'],
    ['TEMPLATE_MAX_MEGAPIXELS_PLANS', '500,1000'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError)
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}=`))
  })

  it('reads the megapixels a saved template may draw by plan, and says a malformed list is of megapixels', () => {
    const c = loadConfig({ TEMPLATE_MAX_MEGAPIXELS_FREE: '5', TEMPLATE_MAX_MEGAPIXELS_PLANS: ' 10, 20 ,40 ' })
    expect(c.media.documentMegapixels).toEqual({ free: 5, plans: [10, 20, 40] })
    expect(() => loadConfig({ TEMPLATE_MAX_MEGAPIXELS_PLANS: '500,1000,2k' })).toThrow(
      'TEMPLATE_MAX_MEGAPIXELS_PLANS="500,1000,2k": must be three whole numbers of megapixels, e.g. 500,1000,2000',
    )
    // The storage lists keep saying MB.
    expect(() => loadConfig({ TEMPLATE_QUOTA_MB_PLANS: '200;500;1000' })).toThrow(
      'TEMPLATE_QUOTA_MB_PLANS="200;500;1000": must be three whole numbers of MB, e.g. 200,500,1000',
    )
  })

  it('makes the server exit with code 1 and a clear message on a bad value', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 20_000,
    })
    expect(r.status).toBe(1)
    expect(r.stderr).toContain('Invalid configuration')
    expect(r.stderr).toContain('PORT="not-a-port": must be a whole number')
  })
})
