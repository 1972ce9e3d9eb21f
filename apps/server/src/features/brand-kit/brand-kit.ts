import { randomUUID } from 'node:crypto'
import { BRAND_FONTS_MAX, type BrandFont, Code, FONT_MAX_BYTES, type IssuesData } from '@templet/api/contract'
import { type BrandFontFile, FontFileError, inspectFont } from '@templet/render'
import { type BrandFamily, isBrandFamily, type Template } from '@templet/template'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { AppError, invalidInput, notFound } from '../../errors'
import type { FileUrls } from '../../services/file-urls'
import type { MediaStorage } from '../../services/storage'
import {
  type BrandFontRow,
  brandFontsOfFamilies,
  deleteBrandFont,
  findBrandFont,
  findBrandFontById,
  insertBrandFont,
  listBrandFonts,
  ownFamilyKeys,
  readPalette,
  writePalette,
} from './brand-kit.queries'
import { checkFontLimits, FontLimitError } from './font-limits'

const CONTENT_TYPES = { ttf: 'font/ttf', otf: 'font/otf', woff2: 'font/woff2' } as const

/** The brand families a document's text layers name (a choice-bound font: every family of its map). */
export function brandFamiliesOf(t: Template): BrandFamily[] {
  const found = new Set<BrandFamily>()
  for (const layer of t.layers) {
    if (layer.type !== 'text') continue
    const font = layer.font
    const names = typeof font === 'string' ? [font] : Object.values(font.map ?? {})
    for (const name of names) if (typeof name === 'string' && isBrandFamily(name)) found.add(name)
  }
  return [...found]
}

const keyOf = (family: BrandFamily) => family.slice('brand-'.length)

/**
 * The brand kit: a customer's fonts (parsed on upload, kept in media storage, served behind signed URLs) and
 * palette. A template names a family by its random key; only its owner's families are accepted in a saved
 * document, and a render loads only its owner's files.
 */
export class BrandKit {
  constructor(
    private readonly d: { db: Kysely<Database>; storage: MediaStorage; urls: FileUrls; now: () => number },
  ) {}

  /**
   * Checks, stores and records one font file; a file that does not parse, or that would make its parsing
   * expand past the font limits (checked first, on its headers), is a 400 that says why.
   */
  async upload(userId: number, bytes: Uint8Array): Promise<BrandFont> {
    if (bytes.byteLength > FONT_MAX_BYTES)
      throw new AppError(
        Code.payloadTooLarge,
        `file: The font is larger than ${FONT_MAX_BYTES / 1024 / 1024} MB`,
      )
    let facts: ReturnType<typeof inspectFont>
    try {
      checkFontLimits(bytes)
      facts = inspectFont(bytes)
    } catch (e) {
      if (e instanceof FontFileError || e instanceof FontLimitError)
        throw invalidInput(['file'], `The font was refused: ${e.message}`, {
          code: 'invalid_format',
          params: { format: 'ttf|otf|woff2', reason: e.code },
        })
      throw e
    }
    const storageKey = `fonts/${randomUUID()}.${facts.format}`
    await this.d.storage.put(storageKey, Buffer.from(bytes), CONTENT_TYPES[facts.format])
    const outcome = await insertBrandFont(this.d.db, {
      userId,
      family: facts.family,
      weight: facts.weight,
      style: facts.style,
      format: facts.format,
      bytes: bytes.byteLength,
      storageKey,
      max: BRAND_FONTS_MAX,
      now: this.d.now(),
    }).catch(async (e: unknown) => {
      await this.d.storage.delete([storageKey])
      throw e
    })
    if (!outcome.ok) {
      await this.d.storage.delete([storageKey])
      throw new AppError(
        Code.conflict,
        outcome.reason === 'full'
          ? `The brand kit holds at most ${BRAND_FONTS_MAX} fonts; delete one first`
          : `The brand kit already has ${facts.family} ${facts.weight}${facts.style === 'italic' ? ' italic' : ''}; delete it first to replace it`,
      )
    }
    const row = await findBrandFont(this.d.db, userId, outcome.id)
    if (!row) throw notFound('Font')
    return this.info(row)
  }

  async list(userId: number): Promise<{ items: BrandFont[]; total: number }> {
    const rows = await listBrandFonts(this.d.db, userId)
    return { items: rows.map((r) => this.info(r)), total: rows.length }
  }

  async delete(userId: number, id: number): Promise<void> {
    const key = await deleteBrandFont(this.d.db, userId, id)
    if (!key) throw notFound('Font')
    await this.d.storage.delete([key])
  }

  palette = async (userId: number) => ({ colors: await readPalette(this.d.db, userId) })

  async savePalette(userId: number, colors: string[]) {
    await writePalette(this.d.db, userId, colors, this.d.now())
    return { colors }
  }

  /**
   * Refuses a document that names a brand family the saver does not have (another account's key, a typo, a
   * family whose files were all deleted): a 400 naming the layer and property, as the model's own errors do.
   */
  async checkDocument(userId: number, t: Template): Promise<void> {
    const named = brandFamiliesOf(t)
    if (named.length === 0) return
    const own = await ownFamilyKeys(this.d.db, userId, named.map(keyOf))
    for (const layer of t.layers) {
      if (layer.type !== 'text') continue
      const family = brandFamiliesOf({ ...t, layers: [layer] }).find((f) => !own.has(keyOf(f)))
      if (family)
        throw new AppError(
          Code.invalidInput,
          `document: layer "${layer.id}", property "font": no font of your brand kit is the family ${family}`,
          {
            issues: [
              {
                path: ['document', 'layers', layer.id, 'font'],
                code: 'invalid',
                params: { layer: layer.id, property: 'font', message: `no brand kit family ${family}` },
              },
            ],
          } satisfies IssuesData,
        )
    }
  }

  /**
   * What a render of `owner`'s template needs: the document with every brand family it may use (its owner's,
   * with files) and the files of those families, read from storage. A family of no one's, or of someone
   * else's, draws in sans: no face registered for another account is ever drawn.
   */
  async forRender(
    owner: number | null,
    t: Template,
  ): Promise<{ template: Template; brandFonts: BrandFontFile[] }> {
    const named = brandFamiliesOf(t)
    if (named.length === 0) return { template: t, brandFonts: [] }
    const rows = owner === null ? [] : await brandFontsOfFamilies(this.d.db, owner, named.map(keyOf))
    const brandFonts: BrandFontFile[] = []
    for (const r of rows) {
      const data = await this.d.storage.get(r.storage_key)
      if (data && this.withinLimits(r.id, data))
        brandFonts.push({ id: r.id, family: `brand-${r.family_key}` as BrandFamily, data })
    }
    const usable = new Set<string>(brandFonts.map((f) => f.family))
    if (named.every((f) => usable.has(f))) return { template: t, brandFonts }
    const sans = (font: unknown) =>
      typeof font === 'string' && isBrandFamily(font) && !usable.has(font) ? 'sans' : font
    const layers = t.layers.map((layer) => {
      if (layer.type !== 'text') return layer
      const font = layer.font
      if (typeof font === 'string') return { ...layer, font: sans(font) as typeof font }
      if (!font.map) return layer
      const map = Object.fromEntries(Object.entries(font.map).map(([k, v]) => [k, sans(v)]))
      return { ...layer, font: { ...font, map } as typeof font }
    })
    return { template: { ...t, layers }, brandFonts }
  }

  /** Whether each stored font passed the upload's limits, by id (a font's bytes never change). */
  private readonly checked = new Map<number, boolean>()

  /**
   * Whether a stored font is within the limits an upload is checked against: one stored before them may be a
   * bomb, which is then drawn as a deleted font is, in sans, instead of stalling every render that names it.
   */
  private withinLimits(id: number, data: Uint8Array): boolean {
    let ok = this.checked.get(id)
    if (ok === undefined) {
      try {
        checkFontLimits(data)
        ok = true
      } catch (e) {
        if (!(e instanceof FontLimitError)) throw e
        ok = false
      }
      if (this.checked.size >= 10_000) this.checked.clear()
      this.checked.set(id, ok)
    }
    return ok
  }

  /** A font file by id, for its signed URL (the signature was made for its owner's list). */
  fileOf = (id: number) => findBrandFontById(this.d.db, id)

  private info(r: BrandFontRow): BrandFont {
    return {
      id: r.id,
      family: r.family,
      familyKey: `brand-${r.family_key}`,
      weight: r.weight,
      style: r.style,
      format: r.format,
      bytes: r.bytes,
      url: this.d.urls.url({ kind: 'font', id: r.id, variant: 'file' }),
      createdAt: new Date(r.created_at).toISOString(),
    }
  }
}

export { CONTENT_TYPES as FONT_CONTENT_TYPES }
