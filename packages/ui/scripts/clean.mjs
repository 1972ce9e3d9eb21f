// Empties dist/ before a build: a chunk left over from an earlier build would otherwise ship in the tarball.
import { rmSync } from 'node:fs'

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true })
