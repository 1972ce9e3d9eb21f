import { type FontFamily, hanForms, runFaces, scriptRuns, type WritingSystem } from '@templet/template'
import * as fontkit from 'fontkit'
import { facesOf } from '../src/fonts'

const opened = new Map<string, fontkit.Font>()
/** A family's regular face, opened with fontkit (an implementation apart from the renderer's own cmap reader). */
export function openFamily(family: string): fontkit.Font {
  let f = opened.get(family)
  if (!f) {
    const faces = facesOf(family)
    const face = faces.find((x) => x.weight === 400 && !x.italic) ?? faces[0]
    if (!face) throw new Error(`no face for ${family}`)
    f = fontkit.openSync(face.file) as fontkit.Font
    opened.set(family, f)
  }
  return f
}

export interface UsedFace {
  ch: string
  system: WritingSystem
  /** The face that draws the character: the first of its run's faces that has a glyph for it. */
  face: string | undefined
}

const invisible = /[\s\p{Cc}\p{Cf}]|\p{Variation_Selector}/u

/**
 * Each visible character of a text with the face that draws it: the text is cut into runs as drawing cuts
 * it, and each run's faces are tried in order, as Skia falls back through the font list it is given.
 */
export function facesUsed(text: string, family: FontFamily, lang?: string): UsedFace[] {
  return scriptRuns(text, hanForms(text, lang)).flatMap((run) =>
    [...text.slice(run.start, run.end)]
      .filter((ch) => !invisible.test(ch))
      .map((ch) => ({
        ch,
        system: run.system,
        face: runFaces(family, run.system).find((f) =>
          openFamily(f).hasGlyphForCodePoint(ch.codePointAt(0) ?? 0),
        ),
      })),
  )
}

/** The characters no face of their run has (tofu, or a system font on some machine). */
export const missingGlyphs = (text: string, family: FontFamily, lang?: string) =>
  facesUsed(text, family, lang)
    .filter((u) => u.face === undefined)
    .map((u) => u.ch)
