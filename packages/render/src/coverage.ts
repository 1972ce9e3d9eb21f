import { closeSync, openSync, readSync } from 'node:fs'
import {
  codePointRanges,
  type FontFamily,
  isBrandFace,
  uncoveredCharacters as uncoveredWith,
} from '@templet/template'
import { brandCoverage } from './brand-fonts'
import { forEachMapping } from './cmap'
import { facesOf } from './fonts'

/** Reads `length` bytes at `offset` of an open file. */
function readAt(fd: number, offset: number, length: number): Buffer {
  const buf = Buffer.alloc(length)
  readSync(fd, buf, 0, length, offset)
  return buf
}

/**
 * The `cmap` table of a TrueType/OpenType file, read alone (a CJK or emoji font is 10 to 25 MB; its cmap a
 * few hundred kB).
 */
function readCmap(file: string): Buffer | undefined {
  const fd = openSync(file, 'r')
  try {
    const numTables = readAt(fd, 4, 2).readUInt16BE(0)
    const dir = readAt(fd, 12, numTables * 16)
    for (let i = 0; i < numTables; i++)
      if (dir.toString('latin1', i * 16, i * 16 + 4) === 'cmap')
        return readAt(fd, dir.readUInt32BE(i * 16 + 8), dir.readUInt32BE(i * 16 + 12))
    return undefined
  } finally {
    closeSync(fd)
  }
}

/** A set of code points as one bit each (139 kB for all of Unicode, against megabytes for a Set of a CJK font). */
export class CodePoints {
  private readonly bits = new Uint8Array(0x110000 >> 3)
  add(c: number) {
    if (c >= 0 && c < 0x110000) this.bits[c >> 3] = (this.bits[c >> 3] ?? 0) | (1 << (c & 7))
  }
  has(c: number): boolean {
    return ((this.bits[c >> 3] ?? 0) & (1 << (c & 7))) !== 0
  }
}

/**
 * The code points a `cmap` table maps to a glyph (subtable format 12 when present, else format 4). Enough
 * to know, before drawing, whether the shipped fonts can draw a text; Skia would otherwise look for a
 * missing character in the machine's system fonts.
 */
export function cmapCoverage(cmap: Buffer): CodePoints {
  const covered = new CodePoints()
  forEachMapping(cmap, (c) => covered.add(c))
  return covered
}

const familyCoverage = new Map<string, CodePoints>()
/** What a family can draw, read from its regular face (the weights of a family cover the same) on first use. */
export function coverageOf(family: string): Pick<CodePoints, 'has'> {
  if (isBrandFace(family)) return brandCoverage(family)
  let set = familyCoverage.get(family)
  if (!set) {
    const faces = facesOf(family)
    const face = faces.find((f) => f.weight === 400 && !f.italic) ?? faces[0]
    const cmap = face && readCmap(face.file)
    set = cmap ? cmapCoverage(cmap) : new CodePoints()
    familyCoverage.set(family, set)
  }
  return set
}

/** The characters of a text that none of the faces it draws with has (`uncoveredCharacters` of the model). */
export const uncoveredCharacters = (text: string, family: FontFamily, lang?: string): string[] =>
  uncoveredWith(text, family, lang, coverageOf)

const rangesOfFace = new Map<string, number[]>()
/** What a shipped face can draw, as the ranges a browser is sent (`GET /api/fonts/coverage.json`). */
export function coverageRanges(face: string): number[] {
  let ranges = rangesOfFace.get(face)
  if (!ranges) {
    ranges = codePointRanges(coverageOf(face))
    rangesOfFace.set(face, ranges)
  }
  return ranges
}

/**
 * The text without the characters its faces cannot draw. Dropping them keeps every render identical on
 * every machine (Skia would take them from whatever system fonts exist); validateValues reports them first.
 */
export function drawableText(text: string, family: FontFamily, lang?: string): string {
  const missing = uncoveredCharacters(text, family, lang)
  if (!missing.length) return text
  const drop = new Set(missing)
  return [...text].filter((ch) => !drop.has(ch)).join('')
}
