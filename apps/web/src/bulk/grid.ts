import { foldedName } from '@templet/template'

/**
 * The rules of Bulk create's grid, apart from the screen: what a paste from a spreadsheet puts where, and the
 * CSV the grid sends to the same check and batch as an uploaded file.
 */

/** A column of the grid: a field (or the creation's name) under the header the CSV gives it. */
export interface GridColumn {
  /** The CSV header: the field's column name, or `name`. */
  header: string
  /** Other names a pasted header row may call it by (the field's key and labels). */
  aliases: readonly string[]
}

/** The grid's cells, a row per image; every row has a cell per column. */
export type GridRows = readonly (readonly string[])[]

export const emptyRow = (width: number): string[] => Array.from({ length: width }, () => '')
const isBlank = (row: readonly string[]) => row.every((cell) => cell.trim() === '')

/**
 * Cells copied from a spreadsheet (Google Sheets, Excel, Numbers): rows by line, cells by tab; a cell holding a
 * tab, a line break or a quote comes quoted, with its quotes doubled. The line break after the last row is not
 * a row.
 */
export function parsePastedTable(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let i = 0
  const endCell = () => {
    row.push(cell)
    cell = ''
  }
  const endRow = () => {
    endCell()
    rows.push(row)
    row = []
  }
  while (i < text.length) {
    const c = text[i] as string
    if (c === '"' && cell === '') {
      // A quoted cell runs to the quote not doubled; what follows it up to the next tab or line is kept too.
      let j = i + 1
      let quoted = ''
      for (; j < text.length; j++) {
        if (text[j] !== '"') quoted += text[j]
        else if (text[j + 1] === '"') {
          quoted += '"'
          j++
        } else break
      }
      if (j >= text.length) {
        // No closing quote: the quote was the cell's first character, not a quoting.
        cell = '"'
        i++
        continue
      }
      cell = quoted
      i = j + 1
      continue
    }
    if (c === '\t') endCell()
    else if (c === '\r' || c === '\n') {
      endRow()
      if (c === '\r' && text[i + 1] === '\n') i++
    } else cell += c
    i++
  }
  if (cell !== '' || row.length > 0) endRow()
  return rows
}

/**
 * For a pasted first row that is a header (each of its non-empty cells names a column, and one at least does):
 * the column each pasted column goes to (-1: none). Undefined when the first row is data.
 */
export function headerColumns(
  first: readonly string[],
  columns: readonly GridColumn[],
): number[] | undefined {
  const byName = new Map<string, number>()
  columns.forEach((c, i) => {
    for (const name of [c.header, ...c.aliases])
      if (!byName.has(foldedName(name))) byName.set(foldedName(name), i)
  })
  const targets = first.map((cell) => (cell.trim() === '' ? -1 : (byName.get(foldedName(cell)) ?? -2)))
  if (targets.some((t) => t === -2) || targets.every((t) => t === -1)) return undefined
  return targets
}

export interface Pasted {
  rows: string[][]
  /** Pasted rows left out: the grid holds at most `maxRows`. */
  dropped: number
}

/**
 * The grid after `block` is pasted with its top-left cell at (`row`, `column`): cells past the last column are
 * left out, rows are added as needed up to `maxRows`. A header row (see {@link headerColumns}) is not pasted:
 * it places each pasted column under the grid's column it names instead, from the first column.
 */
export function pasteBlock(
  rows: GridRows,
  block: readonly (readonly string[])[],
  at: { row: number; column: number },
  columns: readonly GridColumn[],
  maxRows: number,
): Pasted {
  const header = block.length > 1 && block[0] ? headerColumns(block[0], columns) : undefined
  const data = header ? block.slice(1) : block
  const target = (i: number) => (header ? (header[i] ?? -1) : at.column + i)
  const next = rows.map((r) => [...r])
  const fits = Math.max(0, Math.min(data.length, maxRows - at.row))
  for (let r = 0; r < fits; r++) {
    const line = next[at.row + r] ?? emptyRow(columns.length)
    next[at.row + r] = line
    data[r]?.forEach((cell, i) => {
      const column = target(i)
      if (column >= 0 && column < columns.length) line[column] = cell
    })
  }
  return { rows: next, dropped: data.length - fits }
}

/** The rows under other columns: each cell moves to the column of its header; a new column starts empty. */
export function remapRows(rows: GridRows, from: readonly string[], to: readonly string[]): string[][] {
  const at = new Map(from.map((header, i) => [header, i]))
  return rows.map((row) => to.map((header) => row[at.get(header) ?? -1] ?? ''))
}

/** A CSV cell: quoted when it holds a comma, a quote or a line break. */
const csvCell = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s)

/**
 * The grid as the CSV Bulk create checks and starts: the columns' headers, then each row that is not blank.
 * `gridRowOf[n - 1]` is the grid row of the CSV's row `n` (as the check numbers rows), so that a refusal lands
 * in its cells.
 */
export function gridCsv(
  columns: readonly GridColumn[],
  rows: GridRows,
): { csv: string; gridRowOf: number[] } {
  const gridRowOf: number[] = []
  const lines = [columns.map((c) => csvCell(c.header)).join(',')]
  rows.forEach((row, i) => {
    if (isBlank(row)) return
    gridRowOf.push(i)
    lines.push(row.map(csvCell).join(','))
  })
  return { csv: `${lines.join('\r\n')}\r\n`, gridRowOf }
}
