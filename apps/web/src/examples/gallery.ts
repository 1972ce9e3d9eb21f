import renders from './renders.json'

/** One example image of the catalogue (scripts/examples.mjs renders them at build time). */
export interface ExampleRender {
  slug: string
  type: string
  size: string
  width: number
  height: number
  names: { en: string; 'zh-CN': string }
  sizeLabels: { en: string; 'zh-CN': string }
  files: { en: string; 'zh-CN': string }
}

export type Gallery = 'A' | 'B' | 'C'

/** The catalogue's template types each gallery shows: posts for feeds, wide images, things to print or hand out. */
const galleryTypes: Record<Gallery, string[]> = {
  A: ['social-posts', 'announcements'],
  B: ['banners', 'thumbnails'],
  C: ['posters', 'invitations', 'certificates', 'business-cards', 'menus', 'tickets'],
}

/** The shape a gallery falls back to while the catalogue has no template of its types. */
const galleryShape: Record<Gallery, (r: ExampleRender) => boolean> = {
  A: (r) => r.width === r.height,
  B: (r) => r.width > r.height,
  C: (r) => r.height > r.width,
}

const all = renders.items as ExampleRender[]

/** The renders of a gallery: its types' templates, else the catalogue's renders of its shape, else all. */
export function examplesOf(gallery: Gallery): ExampleRender[] {
  const byType = all.filter((r) => galleryTypes[gallery].includes(r.type))
  if (byType.length > 0) return byType
  const byShape = all.filter(galleryShape[gallery])
  return byShape.length > 0 ? byShape : all
}

/** The landing page's hero: two square designs above a wide banner, each a render of the catalogue. */
const HERO = [
  ['photo-feature', 'square'],
  ['bold-quote', 'square'],
  ['sale-banner', 'wide'],
] as const

/** The hero's renders, in order; a render the catalogue no longer has is left out. */
export const heroRenders = (): ExampleRender[] =>
  HERO.flatMap(([slug, size]) => all.filter((r) => r.slug === slug && r.size === size))
