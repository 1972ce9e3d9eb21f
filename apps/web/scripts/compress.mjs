#!/usr/bin/env node
/**
 * The last step of `pnpm --filter web build`: a brotli (quality 11) and a gzip (level 9) copy beside every
 * compressible file of dist over 1 kB (`x.js.br`, `x.js.gz`), so the server sends them as they are instead
 * of compressing on the first request after a deploy (brotli 11 of the shell chunk takes half a second).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist')
const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|txt|webmanifest)$/

let files = 0
let before = 0
let after = 0
for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name) || entry.parentPath.includes(`${path.sep}.vite`))
    continue
  const file = path.join(entry.parentPath, entry.name)
  const body = readFileSync(file)
  if (body.length <= 1024) continue
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  })
  writeFileSync(`${file}.br`, br)
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }))
  files += 1
  before += statSync(file).size
  after += br.length
}
console.log(
  `compressed ${files} files: ${(before / 1024).toFixed(0)} kB -> ${(after / 1024).toFixed(0)} kB brotli`,
)
