import { graphemesOf, PAPER_SIZES, type PrintSize, type Size } from '@templet/template'

/**
 * A name as a file name's stem that every OS takes: lower case, letters (of any script, with their marks) and
 * digits, words joined by dashes, at most `max` characters (never cutting a character in two). Nothing that
 * Windows, macOS or Linux reserve survives: no separators, no `<>:"|?*`, control or direction characters, and
 * no leading or trailing dot or space. Empty when the name has no letter or digit.
 */
export function fileStem(name: string, max = 60): string {
  const stem = name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
  const kept: string[] = []
  for (const g of graphemesOf(stem)) {
    if (kept.length === max) break
    kept.push(g.segment)
  }
  return kept.join('').replace(/-+$/, '')
}

const samePaper = (a: PrintSize, b: PrintSize) =>
  a.unit === b.unit &&
  ((a.width === b.width && a.height === b.height) || (a.width === b.height && a.height === b.width))

/** How a size reads in a file name: its paper (`a4`, `letter`, `card-5x7`), else its id (`square`). */
export function sizeTag(size: Pick<Size, 'id' | 'print'>): string {
  const print = size.print
  if (!print) return fileStem(size.id) || 'image'
  const paper = Object.entries(PAPER_SIZES).find(([, p]) => samePaper(p, print))?.[0]
  return paper ?? `${print.width}x${print.height}${print.unit}`.replace(/\./g, '_')
}

/**
 * The name a download is saved under: the creation's name and what it is (`award-certificate-a4.pdf`); a name
 * without letters or digits becomes `creation`. Chinese, Arabic and every other script are kept.
 */
export function downloadName(name: string, tags: string[], extension: string): string {
  return `${[fileStem(name) || 'creation', ...tags].join('-')}.${extension}`
}

/**
 * `Content-Disposition: attachment` for a download name: the exact name in `filename*` (RFC 6266, UTF-8), and
 * for the rare client that reads only `filename`, the name when it is ASCII, else its ASCII part after `creation-`.
 */
export function attachment(fileName: string): string {
  const ascii = fileName
    .replace(/[^\x20-\x7e]+/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-/, '')
  const fallback = ascii === fileName ? fileName : `creation-${ascii}`
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${fallback.replace(/["\\]/g, '')}"; filename*=UTF-8''${encoded}`
}
