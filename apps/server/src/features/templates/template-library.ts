import {
  boundedKey,
  Code,
  type IssuesData,
  MAX_ISSUES,
  type OfferTier,
  type OwnTemplateSummary,
  type TemplateApproveData,
  type TemplateVersionSummary,
  truncated,
} from '@templet/api/contract'
import { isSampleImage, sampleImages } from '@templet/catalogue'
import {
  columnNames,
  DOCUMENT_FORMAT,
  DOCUMENT_LIMITS,
  type DocumentLimits,
  defaultSize,
  documentCost,
  documentOverLimits,
  parseTemplate,
  type Template,
  TemplateError,
  type TemplateIssue,
  withColumnNames,
} from '@templet/template'
import type { Kysely } from 'kysely'
import type { Database, TemplateRow } from '../../db/schema'
import { AppError, notFound } from '../../errors'
import { templateOf } from '../../services/renderer'
import { byPlan } from '../billing/plan-allowance'
import type { BrandKit } from '../brand-kit/brand-kit'
import { fixedImageGone, fixedImages, notYourUpload, ownFixedImageIds } from './template-images'
import {
  deleteOwnTemplate,
  insertOwnTemplate,
  listOwnTemplates,
  listOwnTemplateVersions,
  MissingTemplateUpload,
  ownSlug,
  saveOwnVersion,
  setVersionApproval,
  type TemplateFacts,
  type VersionRow,
} from './template-library.queries'
import type { TemplateQuota } from './template-quota'
import type { Templates } from './templates'

/** The longest message of one issue of a refused document (a layer of 5,000 unknown keys names them all). */
const ISSUE_MESSAGE_MAX_LENGTH = 200

/**
 * A refused document: `msg` names the first problems' layers and properties (then `hint`, when given),
 * `data.issues` the first {@link MAX_ISSUES} with their layer ids, properties and messages cut short, and
 * `omitted` counts the rest, so the answer stays small whatever the document held.
 */
function invalidDocument(e: TemplateError, hint?: string): AppError {
  const issues = e.issues.slice(0, MAX_ISSUES).map((i: TemplateIssue) => {
    const layer = i.layer === undefined ? undefined : boundedKey(i.layer)
    return {
      path: ['document', ...(layer ? ['layers', layer] : []), ...i.property.split('.').map(boundedKey)],
      code: 'invalid' as const,
      params: {
        ...(layer ? { layer } : {}),
        property: boundedKey(i.property),
        message: truncated(i.message, ISSUE_MESSAGE_MAX_LENGTH),
      },
    }
  })
  const omitted = e.issues.length - issues.length
  const msg = e.message.replace(/^template (".*?" )?is invalid: /, 'document: ')
  return new AppError(Code.invalidInput, hint ? `${msg}; ${hint}` : msg, {
    issues,
    ...(omitted > 0 && { omitted }),
  } satisfies IssuesData)
}

/**
 * Customers' own templates: versioned documents of the model. A save is a new immutable version; the
 * catalogue's templates are read-only and copied by `duplicate`.
 */
export class TemplateLibrary {
  constructor(
    private readonly d: {
      db: Kysely<Database>
      templates: Templates
      /** What a saved document may cost to draw, but for its megapixels; the model's defaults when absent. */
      documentLimits?: Omit<DocumentLimits, 'megapixels'>
      /**
       * The megapixels a saved document may draw, by the saver's plan: without a subscription and with each of the
       * tiers 49.9, 84.9, 139.9; the model's default for everyone when absent.
       */
      documentMegapixels?: { free: number; plans: [number, number, number] }
      /** The tier of the user's live subscription (its template storage and what its documents may draw), or null. */
      planOf?: (userId: number) => Promise<OfferTier | null>
      brandKit?: BrandKit
      /** Stores an image as one of `userId`'s uploads and gives its id (a duplicate's catalogue images). */
      storeImage?: (userId: number, bytes: Uint8Array) => Promise<number>
      /** Saves per window and bytes kept, by plan; none when absent (tools, tests of other things). */
      quota?: TemplateQuota
      now: () => number
    },
  ) {}

  async mine(userId: number, q: string | undefined, page: { page: number; pageSize: number }) {
    const { rows, total } = await listOwnTemplates(this.d.db, userId, q, page)
    return { items: rows.map((r) => this.summary(r)), total }
  }

  /** One page of the versions of one of `userId`'s own templates, latest first. */
  async versions(userId: number, id: number, page: { page: number; pageSize: number }) {
    const found = await listOwnTemplateVersions(this.d.db, userId, id, page)
    if (!found) throw notFound('Template')
    return { items: found.rows.map(versionSummary), total: found.total }
  }

  /**
   * Approves a version of one of `userId`'s templates (by `actorId`: the member, in a team's workspace), or
   * withdraws its approval; 409 when it already is so (of two at once, one does it), 404 when there is no such
   * version. Who may is the endpoint's role (the workspace's owner; in a team its owner and admins).
   */
  async approve(
    userId: number,
    actorId: number,
    b: { id: number; version: number; approved: boolean },
  ): Promise<TemplateApproveData> {
    const done = await setVersionApproval(this.d.db, { userId, actorId, ...b, now: this.d.now() })
    if (!done) throw notFound('Template version')
    const summary = versionSummary(done.row)
    if (!done.changed)
      throw new AppError(
        Code.conflict,
        b.approved
          ? `Version ${b.version} of “${done.name}” is already approved${summary.approvedBy ? ` (by ${summary.approvedBy.name})` : ''}`
          : `Version ${b.version} of “${done.name}” is not approved`,
        { version: summary },
      )
    return { ...summary, id: b.id, name: done.name }
  }

  async document(userId: number, id: number, version?: number) {
    const { row, template, version: drawn } = await this.d.templates.resolve(userId, id, version)
    return { id: row.id, version: drawn, name: row.name, readOnly: row.owner_id === null, document: template }
  }

  /**
   * Checks a document with the model's parser, the database's template types and `userId`'s brand kit (a
   * family of anyone else's is refused), as `slug` and `name`.
   */
  private async facts(
    userId: number,
    tier: OfferTier | null,
    slug: string,
    name: string,
    document: Record<string, unknown>,
    previous?: string,
  ): Promise<TemplateFacts> {
    let t: Template
    try {
      // The row names the template: the document carries its slug and the customer's name for it.
      t = parseTemplate({ ...document, id: slug, name: { en: name, 'zh-CN': name } })
    } catch (e) {
      if (e instanceof TemplateError) throw invalidDocument(e)
      throw e
    }
    // Every field's column name is written down, so a label changed later leaves it as customers know it; a
    // field saved without one keeps the previous version's (ADR 0186).
    t = {
      ...t,
      fields: withColumnNames(
        t.fields,
        previous === undefined ? undefined : columnNames(templateOf(previous).fields),
      ),
    }
    // Every preview, creation and batch row draws the document again: what it may cost is bounded at its save,
    // its megapixels by the saver's plan. Versions saved before a limit was lowered (or the saver's subscription
    // ended) still open and render.
    const { plan, value: megapixels } = this.megapixelsFor(tier)
    const over = documentOverLimits(t, { ...DOCUMENT_LIMITS, ...this.d.documentLimits, megapixels })
    if (over.length) {
      // A free account whose document draws too much is told the least subscription that would draw it.
      const cost = documentCost(t).megapixels
      const enough =
        plan === 'free' && cost > megapixels && this.d.documentMegapixels?.plans.find((mp) => cost <= mp)
      throw invalidDocument(
        new TemplateError(slug, over),
        enough ? `a subscription allows up to ${enough.toLocaleString('en')} megapixels` : undefined,
      )
    }
    const type = await this.d.db
      .selectFrom('template_types')
      .select('id')
      .where('slug', '=', t.typeId)
      .executeTakeFirst()
    if (!type)
      throw new AppError(Code.invalidInput, `document.typeId: no template type "${t.typeId}"`, {
        issues: [{ path: ['document', 'typeId'], code: 'invalid_value', params: { typeId: t.typeId } }],
      } satisfies IssuesData)
    await this.d.brandKit?.checkDocument(userId, t)
    const uploadIds = await ownFixedImageIds(this.d.db, userId, t)
    const size = defaultSize(t)
    return {
      name,
      typeId: type.id,
      width: size.width,
      height: size.height,
      // A version names its format, so a later release knows which upgrades it needs (ADR 0167).
      definition: JSON.stringify({ format: DOCUMENT_FORMAT, ...t }),
      uploadIds,
    }
  }

  /** The megapixels the documents of a subscriber of `tier` (null: none) may draw, and the plan that allows them. */
  private megapixelsFor(tier: OfferTier | null) {
    const mp = this.d.documentMegapixels
    if (!mp) return { plan: 'free' as const, value: DOCUMENT_LIMITS.megapixels }
    return byPlan(tier, mp.free, mp.plans)
  }

  /** The tier of `userId`'s live subscription, or null: read once per save, for its quota and what it may draw. */
  private async tierOf(userId: number): Promise<OfferTier | null> {
    return (await this.d.planOf?.(userId)) ?? null
  }

  /** Runs a save; an upload deleted between the check and the save's transaction is refused as not the saver's. */
  private async saving<T>(facts: TemplateFacts, run: (facts: TemplateFacts) => Promise<T>): Promise<T> {
    try {
      return await run(facts)
    } catch (e) {
      if (!(e instanceof MissingTemplateUpload)) throw e
      const t = JSON.parse(facts.definition) as Template
      const at = fixedImages(t).find((f) => f.ref === String(e.uploadId))
      throw notYourUpload(at?.layer ?? '?', String(e.uploadId), at?.property)
    }
  }

  async save(
    userId: number,
    b: {
      id?: number | undefined
      baseVersion?: number | undefined
      name: string
      document: Record<string, unknown>
    },
  ) {
    const now = this.d.now()
    const tier = await this.tierOf(userId)
    const guard = await this.d.quota?.saving(userId, tier)
    if (b.id === undefined) {
      const slug = ownSlug()
      return this.saving(await this.facts(userId, tier, slug, b.name, b.document), (facts) =>
        insertOwnTemplate(this.d.db, userId, slug, facts, now, guard),
      )
    }
    const own = await this.d.db
      .selectFrom('templates')
      .select(['slug', 'version', 'definition'])
      .where('id', '=', b.id)
      .where('owner_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
    if (!own) throw notFound('Template')
    const facts = await this.facts(userId, tier, own.slug, b.name, b.document, own.definition)
    const saved = await this.saving(facts, (facts) =>
      saveOwnVersion(this.d.db, userId, b.id as number, facts, now, b.baseVersion, guard),
    )
    if (saved === 'conflict') {
      const current = await this.d.db
        .selectFrom('templates')
        .select('version')
        .where('id', '=', b.id)
        .executeTakeFirst()
      throw new AppError(
        Code.conflict,
        `This template was saved elsewhere since version ${b.baseVersion} (it is now at version ${current?.version ?? '?'}): reload it, or save yours as a copy`,
        { version: current?.version ?? null },
      )
    }
    if (!saved) throw notFound('Template')
    return saved
  }

  /** A copy of a catalogue template (or one's own) as a new template of the caller's, at its current version. */
  async duplicate(userId: number, id: number) {
    const { row, template } = await this.d.templates.resolve(userId, id)
    const name = row.owner_id === null ? row.name : `${row.name} (copy)`.slice(0, 80)
    const slug = ownSlug()
    const tier = await this.tierOf(userId)
    const guard = await this.d.quota?.saving(userId, tier)
    const own = row.owner_id === null ? await this.ownCopiesOfImages(userId, template) : template
    return this.saving(await this.facts(userId, tier, slug, name, own), (facts) =>
      insertOwnTemplate(this.d.db, userId, slug, facts, this.d.now(), guard),
    )
  }

  /**
   * A catalogue template with the catalogue's own fixed images (a logo, `sample:<name>`) made the customer's:
   * each image becomes one of their uploads, which their template may keep, move or replace.
   */
  private async ownCopiesOfImages(userId: number, t: Template): Promise<Template> {
    const copies = new Map<string, string>()
    for (const { layer, ref } of fixedImages(t)) {
      if (!isSampleImage(ref) || copies.has(ref)) continue
      const bytes = await sampleImages(ref)
      if (!bytes || !this.d.storeImage) throw fixedImageGone(layer)
      copies.set(ref, String(await this.d.storeImage(userId, bytes)))
    }
    if (copies.size === 0) return t
    const copied = (ref: string) => copies.get(ref) ?? ref
    return {
      ...t,
      layers: t.layers.map((l) => {
        if (l.type !== 'image' || l.src === undefined) return l
        if (typeof l.src === 'string') return { ...l, src: copied(l.src) }
        // An image set: each option's image.
        const map = l.src.map && Object.fromEntries(Object.entries(l.src.map).map(([k, v]) => [k, copied(v)]))
        return map ? { ...l, src: { ...l.src, map } } : l
      }),
    }
  }

  async delete(userId: number, id: number): Promise<void> {
    if (!(await deleteOwnTemplate(this.d.db, userId, id, this.d.now()))) throw notFound('Template')
  }

  private summary(r: TemplateRow & { approved_version: number | null }): OwnTemplateSummary {
    return {
      id: r.id,
      name: r.name,
      version: r.version,
      width: r.width,
      height: r.height,
      thumbnailUrl: this.d.templates.thumbnailUrl(r, 'en'),
      updatedAt: new Date(r.updated_at).toISOString(),
      approvedVersion: r.approved_version === null ? null : Number(r.approved_version),
    }
  }
}

/** A version as its list shows it. */
function versionSummary(r: VersionRow): TemplateVersionSummary {
  return {
    version: Number(r.version),
    createdAt: new Date(Number(r.created_at)).toISOString(),
    bytes: Number(r.bytes),
    approvedAt: r.approved_at === null ? null : new Date(Number(r.approved_at)).toISOString(),
    approvedBy:
      r.approved_at !== null && r.approved_by !== null && r.approver !== null
        ? { userId: Number(r.approved_by), name: r.approver }
        : null,
  }
}
