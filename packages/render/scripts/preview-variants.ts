/**
 * The pictures a designer reviews for each catalogue template (previews/<template>/<variant>.png): the
 * samples in both languages, every text at its length limit, Arabic text, a missing image, and the
 * template's other sizes; a template of several pages has each of them for every page after the first too
 * (`<variant>-page-<n>.png`), so no page goes unseen or has a text cut. Shared by scripts/previews.ts (writes them) and the test that checks they are
 * up to date.
 */
import { readFileSync } from 'node:fs'
import { sampleImages } from '@templet/catalogue'
import {
  fieldKinds,
  type Locale,
  pageLayers,
  parseTemplate,
  type Template,
  templatePages,
  type Values,
} from '@templet/template'
import { renderPreview } from '../src/index'

export const PREVIEW_MAX_SIDE = 600
export const PREVIEWS_DIR = new URL('../previews/', import.meta.url)
/** The folder of previews/ that is no template's: one card with a line in each script, per font family. */
export const SCRIPTS_REVIEW = 'scripts-review'

export interface Variant {
  name: string
  /** Shown under the picture in Storybook. */
  caption: string
  locale: Locale
  sizeId: string
  /** The page drawn, from 0. */
  page: number
  values: Values
}

const LONG_EN =
  'Unexpectedly long text, the kind a customer pastes in from an email: it keeps going well past what the designer planned for, with a Supercalifragilisticexpialidocious word in it'
export const ARABIC = 'مهرجان الضوء في الحديقة مع موسيقى حية وأطعمة من كل مكان ودعوة مفتوحة للجميع'

/** Text cut to at most n characters at a word boundary where there is one. */
export const cut = (text: string, n: number) => {
  const chars = [...text]
  if (chars.length <= n) return text
  const head = chars.slice(0, n).join('')
  const space = head.lastIndexOf(' ')
  return (space > n / 2 ? head.slice(0, space) : head).trim()
}

/** Replaces each text field's sample with `fill(field)`; numbers, prices and other letterless values stay. */
function withTexts(t: Template, base: Values, fill: (maxLength: number) => string): Values {
  const out: Values = { ...base }
  for (const f of t.fields)
    if (fieldKinds.typed(f) && /\p{L}/u.test(base[f.key] ?? '') && [...(base[f.key] ?? '')].length > 3)
      out[f.key] = fill(fieldKinds.longestText(f))
  return out
}

export function previewVariants(t: Template): Variant[] {
  const firstPage = pageVariants(t)
  const pages = templatePages(t)
  return [
    ...firstPage,
    ...pages.slice(1).flatMap((p, i) =>
      firstPage
        .filter((v) => v.name !== 'missing-image' || hasPhotoField(t, p.id))
        .map((v) => ({
          ...v,
          name: `${v.name}-page-${i + 2}`,
          caption: `${v.caption}, page ${i + 2} (${p.name})`,
          page: i + 1,
        })),
    ),
  ]
}

/** Whether a page shows a photo the customer chooses (else it has no "No image chosen" picture of its own). */
const hasPhotoField = (t: Template, pageId: string) =>
  pageLayers(t, pageId).some((l) => l.type === 'image' && l.field !== undefined)

/** The variants of the first page. */
function pageVariants(t: Template): Variant[] {
  const first = t.sizes[0]?.id ?? ''
  const en = t.samples.en
  const noImages = Object.fromEntries(
    Object.entries(en).filter(([k]) => {
      const f = t.fields.find((field) => field.key === k)
      return !(f && fieldKinds.takesUpload(f))
    }),
  )
  const variants: Variant[] = [
    { name: 'en', caption: 'English sample', locale: 'en', sizeId: first, page: 0, values: en },
    {
      name: 'zh-CN',
      caption: 'Chinese sample (zh-CN)',
      locale: 'zh-CN',
      sizeId: first,
      page: 0,
      values: t.samples['zh-CN'],
    },
    {
      name: 'long-text',
      caption: 'Every text at its length limit',
      locale: 'en',
      sizeId: first,
      page: 0,
      values: withTexts(t, en, (n) => cut(LONG_EN.repeat(4), n)),
    },
    {
      name: 'arabic',
      caption: 'Arabic text',
      locale: 'en',
      sizeId: first,
      page: 0,
      values: withTexts(t, en, (n) => cut(ARABIC, Math.min(n, 60))),
    },
  ]
  if (t.fields.some((f) => fieldKinds.takesUpload(f)))
    variants.push({
      name: 'missing-image',
      caption: 'No image chosen',
      locale: 'en',
      sizeId: first,
      page: 0,
      values: noImages,
    })
  for (const size of t.sizes.slice(1))
    variants.push({
      name: `size-${size.id}`,
      caption: `${size.label.en} size`,
      locale: 'en',
      sizeId: size.id,
      page: 0,
      values: en,
    })
  return variants
}

/** The preview's PNG, drawn at PREVIEW_MAX_SIDE with the package's sample images. */
export const renderVariant = (t: Template, v: Variant) =>
  renderPreview(t, v.values, {
    locale: v.locale,
    sizeId: v.sizeId,
    page: v.page,
    images: sampleImages,
    maxSide: PREVIEW_MAX_SIDE,
    format: 'png',
  })

/** The scripts review card (review/scripts.json) in each font family: what a designer checks by eye. */
export function scriptsReview(): Array<{ family: string; template: Template }> {
  const template = parseTemplate(
    JSON.parse(readFileSync(new URL('../review/scripts.json', import.meta.url), 'utf8')),
  )
  return ['sans', 'serif', 'grotesk'].map((family) => ({ family, template }))
}

export const renderScriptsReview = (template: Template, family: string) =>
  renderPreview(template, { family }, { maxSide: 1080, format: 'png' })
