import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { openSqlite } from '../src/db/connection'

const require = createRequire(import.meta.url)

describe('opening a SQLite file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'templet-sqlite-open-'))
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('waits for another process that holds the new file in its first mode, instead of failing to start', async () => {
    const file = path.join(dir, 'templet.db')
    // Another process opens the file first and writes in rollback mode (what a second server process starting
    // at the same moment can meet), and holds its lock for 400 ms; it marks the moment it lets go.
    const lettingGo = path.join(dir, 'letting-go')
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `const db = new (require(${JSON.stringify(require.resolve('better-sqlite3'))}))(${JSON.stringify(file)})
         db.exec('BEGIN IMMEDIATE'); db.exec('CREATE TABLE held (x)'); console.log('locked')
         setTimeout(() => {
           require('node:fs').writeFileSync(${JSON.stringify(lettingGo)}, '')
           db.exec('COMMIT'); db.close()
         }, 400)`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    const exited = new Promise((resolve) => holder.on('exit', resolve))
    await new Promise<void>((resolve, reject) => {
      holder.stdout.once('data', () => resolve())
      holder.once('error', reject)
    })
    const db = openSqlite(file)
    try {
      // It returned only once the other process was letting go of its lock: it waited for it.
      expect(fs.existsSync(lettingGo)).toBe(true)
      const mode = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(db.kysely)
      expect(mode.rows[0]?.journal_mode).toBe('wal')
      const tables = await sql<{ name: string }>`SELECT name FROM sqlite_master`.execute(db.kysely)
      expect(tables.rows.map((r) => r.name)).toContain('held')
    } finally {
      await db.close()
      await exited
    }
  })
})
