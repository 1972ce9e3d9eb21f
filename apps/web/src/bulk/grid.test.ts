import { describe, expect, it } from 'vitest'
import { type GridColumn, gridCsv, headerColumns, parsePastedTable, pasteBlock, remapRows } from './grid'

const columns: GridColumn[] = [
  { header: 'headline', aliases: ['text_2', 'Headline', '标题'] },
  { header: 'colour', aliases: ['option_fill', 'Colour', '颜色'] },
  { header: 'name', aliases: ['名称'] },
]

describe('a paste from a spreadsheet', () => {
  it('reads rows by line and cells by tab, without a row for the last line break', () => {
    expect(parsePastedTable('a\tb\r\nc\td\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ])
    expect(parsePastedTable('a\t\tc\n')).toEqual([['a', '', 'c']])
  })

  it('reads a quoted cell with its line breaks, tabs and doubled quotes', () => {
    expect(parsePastedTable('"two\nlines"\t"say ""hi"""\nx\t"a\tb"')).toEqual([
      ['two\nlines', 'say "hi"'],
      ['x', 'a\tb'],
    ])
  })

  it('keeps a quote that opens no quoting', () => {
    expect(parsePastedTable('"inch\tb')).toEqual([['"inch', 'b']])
    expect(parsePastedTable('12" screen\tb')).toEqual([['12" screen', 'b']])
  })
})

describe('a pasted header row', () => {
  it('is one when every cell names a column, in any order and language', () => {
    expect(headerColumns(['颜色', 'HEADLINE'], columns)).toEqual([1, 0])
    expect(headerColumns(['text_2', '', 'name'], columns)).toEqual([0, -1, 2])
  })

  it('is data when a cell names no column, or every cell is empty', () => {
    expect(headerColumns(['Hello', 'Teal'], columns)).toBeUndefined()
    expect(headerColumns(['', ''], columns)).toBeUndefined()
  })
})

describe('pasting a block', () => {
  const empty = [
    ['', '', ''],
    ['', '', ''],
  ]

  it('fills from the cell pasted into, adds rows and leaves out cells past the last column', () => {
    const { rows, dropped } = pasteBlock(
      empty,
      [
        ['Teal', 'first', 'extra'],
        ['Coral', 'second', 'extra'],
        ['Teal', 'third', 'extra'],
      ],
      { row: 1, column: 1 },
      columns,
      10,
    )
    expect(rows).toEqual([
      ['', '', ''],
      ['', 'Teal', 'first'],
      ['', 'Coral', 'second'],
      ['', 'Teal', 'third'],
    ])
    expect(dropped).toBe(0)
  })

  it('places the columns a header row names, wherever it was pasted', () => {
    const { rows } = pasteBlock(
      empty,
      [
        ['Colour', 'Headline'],
        ['Teal', 'Hi'],
      ],
      { row: 0, column: 2 },
      columns,
      10,
    )
    expect(rows[0]).toEqual(['Hi', 'Teal', ''])
  })

  it('stops at the most rows a batch takes and says how many were left out', () => {
    const block = Array.from({ length: 5 }, (_, i) => [`row ${i}`])
    const { rows, dropped } = pasteBlock(empty, block, { row: 1, column: 0 }, columns, 3)
    expect(rows.map((r) => r[0])).toEqual(['', 'row 0', 'row 1'])
    expect(dropped).toBe(3)
  })

  it('leaves the grid it was given as it was', () => {
    const before = JSON.stringify(empty)
    pasteBlock(empty, [['x']], { row: 0, column: 0 }, columns, 10)
    expect(JSON.stringify(empty)).toBe(before)
  })
})

describe('the grid as CSV', () => {
  it('heads it with the column names, quotes what needs it and numbers rows without the blank ones', () => {
    const { csv, gridRowOf } = gridCsv(columns, [
      ['Hello, world', 'Teal', ''],
      ['  ', '', ''],
      ['Say "hi"\nthere', 'Coral', 'card 2'],
    ])
    expect(csv).toBe('headline,colour,name\r\n"Hello, world",Teal,\r\n"Say ""hi""\nthere",Coral,card 2\r\n')
    expect(gridRowOf).toEqual([0, 2])
  })
})

describe('the grid under other columns', () => {
  it('moves each cell to the column of its header, a new column empty, a column gone with its cells', () => {
    const rows = [
      ['Hello', 'Teal', 'card 1'],
      ['', 'Coral', ''],
    ]
    expect(
      remapRows(rows, ['headline', 'colour', 'name'], ['headline', 'headline.lang', 'colour', 'name']),
    ).toEqual([
      ['Hello', '', 'Teal', 'card 1'],
      ['', '', 'Coral', ''],
    ])
    expect(
      remapRows([['Hello', 'ja', 'card 1']], ['headline', 'headline.lang', 'name'], ['headline', 'name']),
    ).toEqual([['Hello', 'card 1']])
  })
})
