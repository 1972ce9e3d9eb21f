import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { assertSafeKey, type MediaStorage, type StoredObject } from './storage'

/** Media files in a local directory (the embedded default: `DATA_DIR/media`). */
export class DirectoryStorage implements MediaStorage {
  readonly kind = 'directory'
  /**
   * Directories this process made lately (or is making): a creation's files, written at once into one new
   * directory, share one `mkdir` instead of one each. Bounded; a directory removed meanwhile is made again.
   */
  private readonly made = new Map<string, Promise<unknown>>()

  constructor(private readonly root: string) {}

  private makeDir(dir: string): Promise<unknown> {
    let making = this.made.get(dir)
    if (!making) {
      making = fs.mkdir(dir, { recursive: true })
      making.catch(() => this.made.delete(dir))
      this.made.set(dir, making)
      if (this.made.size > 256) this.made.delete(this.made.keys().next().value as string)
    }
    return making
  }

  private file(key: string): string {
    assertSafeKey(key)
    return path.join(this.root, key)
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.file(key)
    const dir = path.dirname(target)
    await this.makeDir(dir)
    // Write then rename, so a reader never sees half a file.
    const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`
    try {
      await fs.writeFile(tmp, data)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
      // Removed since it was made (a delete, the sweep of another process): make it again.
      this.made.delete(dir)
      await this.makeDir(dir)
      await fs.writeFile(tmp, data)
    }
    await fs.rename(tmp, target)
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await fs.readFile(this.file(key))
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw err
    }
  }

  async delete(keys: string[]): Promise<void> {
    await Promise.all(keys.map((k) => fs.rm(this.file(k), { force: true })))
    // Drop the directories the keys leave empty (a creation's folder), up to the root.
    for (const dir of new Set(keys.map((k) => path.dirname(this.file(k))))) {
      this.made.delete(dir)
      await fs.rmdir(dir).catch(() => {})
    }
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    const walk = async function* (dir: string, rel: string): AsyncIterable<StoredObject> {
      let entries: import('node:fs').Dirent[]
      try {
        entries = await fs.readdir(dir, { withFileTypes: true })
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return
        throw err
      }
      for (const e of entries) {
        const key = rel ? `${rel}/${e.name}` : e.name
        const full = path.join(dir, e.name)
        if (e.isDirectory()) yield* walk(full, key)
        else if (e.isFile()) yield { key, modifiedAt: (await fs.stat(full)).mtimeMs }
      }
    }
    for await (const o of walk(this.root, '')) if (o.key.startsWith(prefix)) yield o
  }

  async directUrl(): Promise<undefined> {
    return undefined
  }
}
