import { randomUUID } from 'node:crypto'
import { BRAND_FONTS_MAX, type BrandFont, Code, FONT_MAX_BYTES, type IssuesData } from '@templet/api/contract'
import { type BrandFontFile, FontFileError, FontLimitError, type SanitizedFont } from '@templet/render'
import { type BrandFamily, isBrandFamily, type Template } from '@templet/template'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { AppError, invalidInput, notFound } from '../../errors'
import type { FileUrls } from '../../services/file-urls'
import { RenderTooLarge, RenderTooSlow } from '../../services/render-threads'
import type { Renderer } from '../../services/renderer'
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
  recordSanitizedFont,
  writePalette,
} from './brand-kit.queries'

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
 * Why a font file was refused, as a 400 on `file` for the customer; undefined for an error that is not the
 * file's fault (a thread closed with the server), which stays what it is.
 */
function fontRefusal(e: unknown): AppError | undefined {
  const refused = (reason: string, why: string) =>
    invalidInput(['file'], `The font was refused: ${why}`, {
      code: 'invalid_format',
      params: { format: 'ttf|otf|woff2', reason },
    })
  if (e instanceof FontFileError || e instanceof FontLimitError) return refused(e.code, e.message)
  if (e instanceof RenderTooSlow)
    return refused('too_slow', `reading it took longer than ${e.limitSeconds} s`)
  if (e instanceof RenderTooLarge)
    return refused('too_large', `reading it needs more than ${e.limitMb} MB of memory`)
  return undefined
}

/**
 * The brand kit: a customer's fonts (checked and re-encoded on upload in a render thread, kept in media storage,
 * served behind signed URLs) and palette. A template names a family by its random key; only its owner's families
 * are accepted in a saved document, and a render loads only its owner's files.
 */
export class BrandKit {
  constructor(
    private readonly d: {
      db: Kysely<Database>
      storage: MediaStorage
      urls: FileUrls
      renderer: Pick<Renderer, 'sanitizeFont'>
      now: () => number
    },
  ) {}

  /**
   * Checks, re-encodes (`sanitizeFont`, in a render thread under its time limit), stores and records one font
   * file; a file past the font limits (checked first, on its headers), one that does not parse or one too slow
   * to read is a 400 that says why. Only the re-encoded file is kept.
   */
  async upload(userId: number, bytes: Uint8Array): Promise<BrandFont> {
    if (bytes.byteLength > FONT_MAX_BYTES)
      throw new AppError(
        Code.payloadTooLarge,
        `file: The font is larger than ${FONT_MAX_BYTES / 1024 / 1024} MB`,
      )
    let font: SanitizedFont
    try {
      font = await this.d.renderer.sanitizeFont(bytes, { account: userId })
    } catch (e) {
      throw fontRefusal(e) ?? e
    }
    const { facts, data } = font
    const storageKey = await this.store(data, facts.format)
    const outcome = await insertBrandFont(this.d.db, {
      userId,
      family: facts.family,
      weight: facts.weight,
      style: facts.style,
      format: facts.format,
      bytes: data.byteLength,
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
    const brandFonts: BrandFontFile[] = []
    if (owner !== null)
      for (const r of await brandFontsOfFamilies(this.d.db, owner, named.map(keyOf))) {
        const data = await this.drawable(r, owner)
        if (data) brandFonts.push({ id: r.id, family: `brand-${r.family_key}` as BrandFamily, data })
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

  /** Puts a re-encoded font file in storage under a new key, which it returns. */
  private async store(data: Uint8Array, format: SanitizedFont['facts']['format']): Promise<string> {
    const storageKey = `fonts/${randomUUID()}.${format}`
    await this.d.storage.put(
      storageKey,
      Buffer.from(data.buffer, data.byteOffset, data.byteLength),
      CONTENT_TYPES[format],
    )
    return storageKey
  }

  /**
   * A stored font's file as a render may draw it, or undefined to draw in sans (a file missing, or refused).
   * A file kept as uploaded by an earlier release is re-encoded first, once, as an upload is now, and kept so:
   * a bomb stored before the checks is refused then and drawn as a deleted font is, in sans, instead of
   * stalling every render that names it.
   */
  private async drawable(r: BrandFontRow, owner: number): Promise<Uint8Array | undefined> {
    if (r.sanitized < 0) return undefined
    const data = await this.d.storage.get(r.storage_key)
    if (!data && r.sanitized === 0) {
      // Another render re-encoded it between this row's read and its file's, and removed the file the row named:
      // the row names the re-encoded file now.
      const now = await findBrandFontById(this.d.db, r.id)
      return now && now.storage_key !== r.storage_key ? this.drawable(now, owner) : undefined
    }
    if (!data || r.sanitized > 0) return data ?? undefined
    let font: SanitizedFont
    try {
      font = await this.d.renderer.sanitizeFont(data, { account: owner })
    } catch (e) {
      if (!fontRefusal(e)) throw e
      await recordSanitizedFont(this.d.db, r.id, r.storage_key, undefined)
      return undefined
    }
    const storageKey = await this.store(font.data, font.facts.format)
    const recorded = await recordSanitizedFont(this.d.db, r.id, r.storage_key, {
      storageKey,
      format: font.facts.format,
      bytes: font.data.byteLength,
    })
    // Another render re-encoded it first, or it was deleted meanwhile: then this copy is the one not recorded.
    await this.d.storage.delete([recorded ? r.storage_key : storageKey])
    return font.data
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
