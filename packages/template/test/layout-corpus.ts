import type { Canvas2D, TextStyle } from '../src/index'
import { style } from './monospace'

/**
 * A surface whose characters differ in width (3 to 9 tenths of the font size, by code point), so that lines
 * break at places a monospace surface would not reach.
 */
export function proportionalContext(): Canvas2D {
  let size = 10
  const ctx = {
    set font(f: string) {
      size = Number(/(\d+(?:\.\d+)?)px/.exec(f)?.[1] ?? 10)
    },
    get font() {
      return `${size}px proportional`
    },
    letterSpacing: '0px',
    measureText: (text: string) => ({
      width: [...text.replace(/[\u202A-\u202E]/g, '')].reduce(
        (w, c) => w + (((c.codePointAt(0) ?? 0) % 7) + 3) * size * 0.1,
        0,
      ),
      fontBoundingBoxAscent: size * 0.8,
      fontBoundingBoxDescent: size * 0.2,
    }),
  }
  return ctx as unknown as Canvas2D
}

/** Texts, boxes and styles whose layout is kept from release to release (`fixtures/layout-corpus.json`). */
export const LAYOUT_CORPUS: Array<{ text: string; style: TextStyle; box: { w: number; h: number } }> = [
  'The quick brown fox jumps over the lazy dog, and then it runs away into the forest.',
  'A **bold** claim and an *italic* aside, in one paragraph\nand a second paragraph after it.',
  'Fitzgerald-Ávila met Санкт-Петербург on the way to €12.50 coffee, « bien sûr » he said.',
  '你好，世界。这是一个很长的中文句子，用来测试换行是否正确。',
  'ラーメンとコーヒーを飲みました。明日も来ます。',
  'مرحبا بالعالم، هذا نص عربي طويل لاختبار التفاف الأسطر 123 hello.',
  'Summer sale: everything must go before the end of the month!',
  'One two three four five six seven eight nine ten eleven twelve',
  'Καλημέρα κόσμε, αυτό είναι ένα κείμενο στα ελληνικά.',
].flatMap((text) =>
  [
    { w: 160, h: 400 },
    { w: 260, h: 400 },
    { w: 420, h: 60 },
  ].flatMap((box) => [
    { text, box, style: style() },
    { text, box, style: style({ balance: true }) },
    { text, box, style: style({ maxLines: 2, minSize: 10 }) },
  ]),
)
