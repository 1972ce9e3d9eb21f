import type { Canvas2D, TextStyle } from '../src/index'

/**
 * A surface whose every character is half the font size wide (direction overrides draw nothing): layout is
 * tested apart from any font; the drawing surfaces (Skia, a browser) are tested with real fonts by the
 * renderer and the designer.
 */
export function monospaceContext(): Canvas2D {
  let size = 10
  const ctx = {
    set font(f: string) {
      size = Number(/(\d+(?:\.\d+)?)px/.exec(f)?.[1] ?? 10)
    },
    get font() {
      return `${size}px mono`
    },
    letterSpacing: '0px',
    measureText: (text: string) => ({
      width: [...text.replace(/[\u202A-\u202E]/g, '')].length * size * 0.5,
      fontBoundingBoxAscent: size * 0.8,
      fontBoundingBoxDescent: size * 0.2,
    }),
  }
  return ctx as unknown as Canvas2D
}

/** A 20 px sans style, with what a test changes. */
export const style = (over: Partial<TextStyle> = {}): TextStyle => ({
  family: 'sans',
  weight: 400,
  size: 20,
  lineHeight: 1.2,
  letterSpacing: 0,
  wrap: true,
  ...over,
})
