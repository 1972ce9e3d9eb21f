import { SIZE_PIXEL_BOUNDS, type Size, type TemplateInput } from './document'
import { PAPER_SIZES, type PrintSize, printPixels } from './print'
import { DOCUMENT_FORMAT } from './upgrade'

/**
 * A size a new design can start from: the size itself (pixels, label, and the sheet when it is printed) and the
 * template type the design is filed under. The pixels of a print size are its layout grid, drawn again at
 * 300 dpi for print: the sheet at 150 dpi as in the catalogue, or 300 dpi for a sheet small enough (a business
 * card) that 150 would leave a grid under 1,000 px to design on.
 */
export interface SizePreset {
  size: Size
  typeId: string
}

const screen = (id: string, width: number, height: number, en: string, zh: string, typeId: string) => ({
  size: { id, width, height, label: { en, 'zh-CN': zh } },
  typeId,
})

/** A sheet at 150 dpi; `landscape` swaps its sides. */
const sheet = (
  id: string,
  paper: PrintSize,
  o: { en: string; zh: string; typeId: string; landscape?: boolean },
): SizePreset => {
  const print = o.landscape ? { ...paper, width: paper.height, height: paper.width } : paper
  const grid = printPixels(print, 150)
  const { width, height } = Math.max(grid.width, grid.height) < 1000 ? printPixels(print, 300) : grid
  return {
    size: { id, width, height, label: { en: o.en, 'zh-CN': o.zh }, print: { ...print } },
    typeId: o.typeId,
  }
}

/** The sizes "New design" offers, screen sizes first: the ones the catalogue's templates use most. */
export const SIZE_PRESETS: readonly SizePreset[] = [
  screen('square', 1080, 1080, 'Square post', '方形帖子', 'social-posts'),
  screen('portrait', 1080, 1350, 'Portrait post', '竖版帖子', 'social-posts'),
  screen('story', 1080, 1920, 'Story', '快拍', 'social-posts'),
  screen('youtube', 1280, 720, 'YouTube thumbnail', 'YouTube 封面', 'thumbnails'),
  screen('link', 1200, 630, 'Link preview', '链接预览', 'banners'),
  screen('header', 1500, 500, 'Profile header', '主页头图', 'banners'),
  screen('email', 1200, 400, 'Email header', '邮件页眉', 'banners'),
  sheet('a4', PAPER_SIZES.a4, { en: 'A4 portrait', zh: 'A4 竖版', typeId: 'posters' }),
  sheet('a4-landscape', PAPER_SIZES.a4, {
    en: 'A4 landscape',
    zh: 'A4 横版',
    typeId: 'certificates',
    landscape: true,
  }),
  sheet('letter', PAPER_SIZES.letter, { en: 'US Letter', zh: '美式信纸', typeId: 'posters' }),
  sheet('card', PAPER_SIZES['card-5x7'], {
    en: 'Card 5 × 7 in',
    zh: '卡片 5 × 7 英寸',
    typeId: 'invitations',
  }),
  sheet(
    'business-card',
    { width: 85, height: 55, unit: 'mm' },
    { en: 'Business card', zh: '名片', typeId: 'business-cards' },
  ),
]

/** A side typed by a person, in whole pixels within `SIZE_PIXEL_BOUNDS`; undefined when it is not one. */
export function pixelSide(text: string): number | undefined {
  const n = Number(text.trim())
  const { min, max } = SIZE_PIXEL_BOUNDS
  return text.trim() !== '' && Number.isInteger(n) && n >= min && n <= max ? n : undefined
}

/** A screen size of the customer's own: its pixels are its label. */
export function customSize(width: number, height: number): Size {
  const label = `${width} × ${height} px`
  return { id: 'custom', width, height, label: { en: label, 'zh-CN': label } }
}

/**
 * A new design with nothing on it: one size, no fields, no layers (it draws as a blank page), in this release's
 * document format. The server names a saved document after its row, so `name` is only what it starts as.
 */
export function blankTemplate(preset: SizePreset, name: string): TemplateInput {
  return {
    format: DOCUMENT_FORMAT,
    id: 'blank',
    typeId: preset.typeId,
    name: { en: name, 'zh-CN': name },
    sizes: [preset.size],
    fields: [],
    layers: [],
    samples: { en: {}, 'zh-CN': {} },
  }
}
