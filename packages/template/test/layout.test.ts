import { describe, expect, it } from 'vitest'
import { breakPieces, layoutText, textDirection } from '../src/index'
import { monospaceContext, style } from './monospace'

describe('layoutText', () => {
  it('wraps at word boundaries to the box width', () => {
    // 10 px a character at size 20: a 100 px box holds 10 characters.
    const layout = layoutText(monospaceContext(), 'one two three four', style(), { w: 100, h: 200 })
    expect(layout.lines).toEqual(['one two', 'three four'])
    expect(layout.truncated).toBe(false)
  })

  it('shrinks to the largest whole size that fits, not below minSize', () => {
    const text = 'a sentence that is long'
    const layout = layoutText(monospaceContext(), text, style({ minSize: 8, maxLines: 1 }), {
      w: 100,
      h: 200,
    })
    // 23 characters in 100 px: 100 / 23 / 0.5 = 8.69, so 8 px.
    expect(layout.size).toBe(8)
    expect(layout.lines).toEqual([text])
  })

  it('cuts what does not fit even at the smallest size, and says so', () => {
    const layout = layoutText(monospaceContext(), 'word '.repeat(40), style({ maxLines: 2 }), {
      w: 100,
      h: 200,
    })
    expect(layout.lines).toHaveLength(2)
    expect(layout.lines[1]?.endsWith('…')).toBe(true)
    expect(layout.truncated).toBe(true)
  })

  it('keeps closing punctuation on the word before it', () => {
    expect(breakPieces('你好，世界。')).toEqual(['你好，', '世界。'])
    expect(breakPieces('(one) two!')).toEqual(['(one) ', 'two!'])
  })

  it('keeps a hyphen with the word before it, a currency sign with its figure, guillemets with their words', () => {
    expect(breakPieces('Fitzgerald-Ávila and Санкт-Петербург')).toEqual([
      'Fitzgerald-',
      'Ávila ',
      'and ',
      'Санкт-',
      'Петербург',
    ])
    // After a space a hyphen may start a line (a minus sign, a dash).
    expect(breakPieces('down -5 degrees')).toEqual(['down ', '-', '5 ', 'degrees'])
    expect(breakPieces('only €12.50 or US$ 10')).toEqual(['only ', '€12.50 ', 'or ', 'US$ ', '10'])
    expect(breakPieces('il dit « bonjour » et part')).toEqual(['il ', 'dit ', '« bonjour » ', 'et ', 'part'])
    expect(breakPieces('sie sagte »Hallo« und ging')).toEqual(['sie ', 'sagte ', '»Hallo« ', 'und ', 'ging'])
  })

  it('takes a paragraph’s direction from its first strong character', () => {
    expect(textDirection('123 مرحبا hello')).toBe('rtl')
    expect(textDirection('hello مرحبا')).toBe('ltr')
    expect(textDirection('2026')).toBe('ltr')
  })
})
