/**
 * Underline and strikethrough: where each face's own tables put the lines (OpenType `post`
 * underlinePosition and underlineThickness, `OS/2` yStrikeoutPosition and yStrikeoutSize, read from the
 * regular files the products ship), in ems, y up from the baseline. A face not listed here (a brand's upload,
 * a face whose tables say what the default says) takes the default: a line a twentieth of the size thick,
 * its middle a tenth of the size below the baseline; the strike 0.3 em above it.
 */
interface Decoration {
  /** The underline's middle, em above the baseline (negative: below). */
  underline: number
  underlineThickness: number
  /** The strike's top, em above the baseline. */
  strikeout: number
  strikeoutThickness: number
}

const DEFAULT: Decoration = {
  underline: -0.1,
  underlineThickness: 0.05,
  strikeout: 0.3,
  strikeoutThickness: 0.05,
}

const face = (
  underline: number,
  underlineThickness: number,
  strikeout: number,
  strikeoutThickness: number,
) => ({
  underline,
  underlineThickness,
  strikeout,
  strikeoutThickness,
})

const CJK_SANS = face(-0.125, 0.05, 0.325, 0.05)
const CJK_SERIF = face(-0.075, 0.05, 0.308, 0.05)

/** Faces whose tables differ from the default (font files' regular weight; em, rounded to a thousandth). */
const FACES: Record<string, Decoration> = {
  'Templet Inter': face(-0.17, 0.068, 0.328, 0.068),
  'Templet Playfair Display': face(-0.1, 0.02, 0.308, 0.02),
  'Templet Space Grotesk': face(-0.1, 0.05, 0.291, 0.05),
  'Templet Noto Serif': face(-0.1, 0.05, 0.322, 0.05),
  'Templet Noto Sans SC': CJK_SANS,
  'Templet Noto Sans TC': CJK_SANS,
  'Templet Noto Sans JP': CJK_SANS,
  'Templet Noto Sans KR': CJK_SANS,
  'Templet Noto Serif SC': CJK_SERIF,
  'Templet Noto Serif TC': CJK_SERIF,
  'Templet Noto Serif JP': CJK_SERIF,
  'Templet Noto Serif KR': CJK_SERIF,
  'Templet Noto Sans Arabic': face(-0.1, 0.05, 0.322, 0.05),
  'Templet Noto Naskh Arabic': face(-0.075, 0.05, 0.22, 0.05),
  'Templet Noto Serif Hebrew': face(-0.1, 0.05, 0.322, 0.05),
  'Templet Noto Sans Thai': face(-0.1, 0.05, 0.334, 0.05),
  'Templet Noto Sans Thai Looped': face(-0.1, 0.05, 0.322, 0.05),
  'Templet Noto Sans Devanagari': face(-0.1, 0.05, 0.322, 0.05),
  'Templet Noto Serif Devanagari': face(-0.1, 0.05, 0.374, 0.05),
  'Templet Noto Sans Bengali': face(-0.1, 0.05, 0.322, 0.05),
  'Templet Noto Serif Bengali': face(-0.1, 0.05, 0.322, 0.05),
  'Templet Noto Sans Tamil': face(-0.1, 0.05, 0.332, 0.05),
  'Templet Noto Sans Khmer': face(-0.1, 0.05, 0.322, 0.05),
  'Templet Noto Serif Khmer': face(-0.1, 0.05, 0.322, 0.05),
}

/** A line drawn along a text line: its top, px below the baseline (negative: above), and its thickness. */
export interface DecorationLine {
  top: number
  thickness: number
}

/**
 * Where a face's underline or strike goes at a size: px from the baseline, at least one px thick (a hairline
 * of Playfair Display at 20 px would otherwise fade to grey).
 */
export function decorationLine(
  faceName: string,
  size: number,
  kind: 'underline' | 'strikethrough',
): DecorationLine {
  const f = FACES[faceName] ?? DEFAULT
  if (kind === 'underline') {
    const thickness = Math.max(1, f.underlineThickness * size)
    return { top: -f.underline * size - thickness / 2, thickness }
  }
  const thickness = Math.max(1, f.strikeoutThickness * size)
  return { top: -f.strikeout * size, thickness }
}
