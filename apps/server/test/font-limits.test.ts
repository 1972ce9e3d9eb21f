import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { checkFontLimits, FONT_LIMITS, FontLimitError, facesOf } from '@templet/render'
import { describe, expect, it } from 'vitest'
import { brotli, cmapTable, format4, format12, sfnt, tablesOf, withCmap, woff, woff2 } from './font-bytes'

const require = createRequire(import.meta.url)
const shipped = (family: string, weight = 400) =>
  readFileSync(facesOf(family).find((f) => f.weight === weight && !f.italic)?.file ?? '')
const INTER = shipped('Templet Inter', 700)
const NOTO_SC = shipped('Templet Noto Sans SC')
const INTER_WOFF2 = readFileSync(require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff2'))
const INTER_WOFF = readFileSync(require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff'))

/** The FontLimitError `check` throws, or a failure naming what it did instead. */
function refusal(bytes: Uint8Array): FontLimitError {
  try {
    checkFontLimits(bytes)
  } catch (e) {
    if (e instanceof FontLimitError) return e
    throw e
  }
  throw new Error('the font was accepted')
}

describe('the font limits', () => {
  it('accept the fonts the product ships and the WOFF and WOFF2 of a font package, measuring them', () => {
    expect(checkFontLimits(INTER)).toMatchObject({
      container: 'sfnt',
      expandedBytes: INTER.length,
      glyphs: expect.any(Number),
    })
    const cjk = checkFontLimits(NOTO_SC)
    expect(cjk?.characters).toBeGreaterThan(20_000)
    expect(cjk?.characters).toBeLessThan(70_000)
    const compressed = [checkFontLimits(INTER_WOFF2), checkFontLimits(INTER_WOFF)]
    expect(compressed.map((m) => m?.container)).toEqual(['woff2', 'woff'])
    for (const m of compressed) {
      expect(m?.characters).toBeGreaterThan(100)
      expect(m?.glyphs).toBeGreaterThan(100)
    }
    // The same font in all three containers measures the same.
    const tables = tablesOf(INTER)
    const measures = [INTER, woff(tables), woff2(tables)].map((b) => checkFontLimits(b))
    expect(new Set(measures.map((m) => `${m?.characters} ${m?.glyphs} ${m?.tables}`)).size).toBe(1)
  })

  it('leave a file that is no single font to the parser, which says what it is', () => {
    expect(checkFontLimits(new TextEncoder().encode('this is not a font'))).toBeUndefined()
    expect(checkFontLimits(Buffer.from('ttcf\0\x02\0\0'))).toBeUndefined()
    expect(checkFontLimits(new Uint8Array(2))).toBeUndefined()
  })

  it('refuse a character map whose ranges add up to 65 million characters, naming the count', () => {
    const bomb = withCmap(
      INTER,
      cmapTable(format4(Array.from({ length: 1000 }, (): [number, number] => [0, 0xfffe]))),
    )
    const e = refusal(bomb)
    expect(e.code).toBe('too_many_characters')
    expect(e.message).toBe('the font maps 65 million characters; at most 200,000 are accepted')
  })

  it('refuse format 12 groups over all of Unicode, and any character map past the limit, not at it', () => {
    const everything = Array.from({ length: 50 }, (): [number, number] => [0, 0x10ffff])
    expect(refusal(withCmap(INTER, cmapTable(format4([[0x20, 0x7e]]), format12(everything)))).message).toBe(
      'the font maps 55 million characters; at most 200,000 are accepted',
    )
    const wide = 2 ** 32 - 1
    expect(refusal(withCmap(INTER, cmapTable(format12([[0, wide]])))).message).toMatch(/maps 4 billion/)
    const at = (n: number) => withCmap(INTER, cmapTable(format12([[0x10000, 0x10000 + n - 1]])))
    expect(checkFontLimits(at(FONT_LIMITS.characters))?.characters).toBe(FONT_LIMITS.characters)
    expect(refusal(at(FONT_LIMITS.characters + 1)).message).toBe(
      'the font maps 200,001 characters; at most 200,000 are accepted',
    )
  })

  it('refuse a format 10 map of 4 billion characters, too many character maps and too many tables', () => {
    const format10 = Buffer.alloc(20)
    format10.writeUInt16BE(10, 0)
    format10.writeUInt32BE(0xffffffff, 16)
    expect(refusal(withCmap(INTER, cmapTable(format10))).code).toBe('too_many_characters')
    const maps = cmapTable(...Array.from({ length: 17 }, () => format4([[0x20, 0x7e]])))
    expect(refusal(withCmap(INTER, maps)).message).toBe(
      'the font has 17 character maps; at most 16 are accepted',
    )
    const many = Array.from({ length: 101 }, (_, i): [string, Uint8Array] => [
      `t${i}`.padEnd(4),
      new Uint8Array(4),
    ])
    expect(refusal(sfnt(many)).message).toBe('the font has 101 tables; at most 100 are accepted')
  })

  it('refuse a font with two tables of one tag, as parsers differ on which of them they read', () => {
    const tables = [...tablesOf(INTER)]
    const bomb = cmapTable(format4(Array.from({ length: 1000 }, (): [number, number] => [0, 0xfffe])))
    const twice: Array<[string, Uint8Array]> = [...tables, ['cmap', bomb]]
    expect(refusal(sfnt(twice)).message).toBe('the font has two cmap tables')
    expect(refusal(woff2(twice)).message).toBe('the font has two cmap tables')
    expect(refusal(woff(twice)).message).toBe('the font has two cmap tables')
  })

  it('refuse a WOFF2 declaring a gigabyte by its header, before decompressing it', () => {
    const tables = tablesOf(INTER)
    // The compressed data is no brotli at all: a check that reached it would call it corrupt instead.
    const bomb = woff2(tables, { declared: { glyf: 2 ** 30 }, compressed: new Uint8Array(64) })
    const e = refusal(bomb)
    expect(e.code).toBe('too_large_expanded')
    expect(e.message).toBe('the WOFF2 file declares 1.0 GB of font data; at most 30 MB is accepted')
  })

  it('refuse a small WOFF2 or WOFF declaring a hundred times its size', () => {
    const tiny = new Map<string, Uint8Array>([
      ['cmap', cmapTable(format4([[0x20, 0x7e]]))],
      ['name', new Uint8Array(4)],
    ])
    const e = refusal(woff2(tiny, { declared: { name: 1024 * 1024 }, compressed: new Uint8Array(64) }))
    expect(e.code).toBe('too_much_expansion')
    expect(e.message).toMatch(
      /^the WOFF2 file would expand [\d,]+ times, from \d+ bytes to 1 MB; at most 100 times/,
    )
    const w = refusal(woff(tiny, { name: 1024 * 1024 }))
    expect(w.code).toBe('too_much_expansion')
    expect(w.message).toMatch(
      /^the WOFF file would expand [\d,]+ times, from \d+ bytes to 1 MB; at most 100 times/,
    )
  })

  it('refuse compressed data that expands past what the header declares', () => {
    const tables = tablesOf(INTER)
    // The real tables and then 8 MB of zeros, which compress to a few kilobytes more; the header declares
    // the real tables' size.
    const more = brotli(Buffer.concat([...tables.values(), Buffer.alloc(8 * 1024 * 1024)]))
    const e = refusal(woff2(tables, { compressed: more }))
    expect(e.code).toBe('bad_compression')
    expect(e.message).toMatch(
      /^the WOFF2 file's compressed data does not expand to the \d+ kB its header declares$/,
    )
    // A WOFF cmap table whose deflated data holds 1 MB, where its header declares 4 kB.
    const cmap = Buffer.concat([cmapTable(format4([[0x20, 0x7e]])), Buffer.alloc(1024 * 1024)])
    const lying = refusal(woff(new Map([...tables, ['cmap', cmap]]), { cmap: 4096 }))
    expect(lying.code).toBe('bad_compression')
    expect(lying.message).toBe(
      "the WOFF file's compressed data does not expand to the size its header declares for its cmap table",
    )
  })

  it('refuse a WOFF2 collection, which the product does not take', () => {
    expect(refusal(woff2(tablesOf(INTER), { flavor: 'ttcf' })).code).toBe('collection')
  })

  it('refuse a cut file of every container as cut short, never with another error', () => {
    for (const font of [INTER, INTER_WOFF, INTER_WOFF2, woff(tablesOf(INTER)), woff2(tablesOf(INTER))]) {
      for (let length = 4; length < font.length - 4; length += Math.ceil(font.length / 300)) {
        const e = refusal(font.subarray(0, length))
        expect(['cut_short', 'bad_compression']).toContain(e.code)
      }
    }
    expect(refusal(INTER.subarray(0, 4000)).message).toBe(
      'the file is cut short: its GPOS table runs past its end',
    )
  })

  it('refuse a character map that runs past its table', () => {
    const map = format4([[0x20, 0x7e]])
    const e = refusal(withCmap(INTER, cmapTable(map).subarray(0, 20)))
    expect(e.message).toBe("the font's cmap table is cut short: a format 4 character map runs past its end")
  })
})
