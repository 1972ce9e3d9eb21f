import { Code, creationName, type FieldIssue, type IssuesData, toFieldIssues } from '@templet/api/contract'
import type { Locale } from '@templet/template'
import type { Kysely } from 'kysely'
import type { IdCursor, IdPage } from '../../db/id-pages'
import type { CreationRow, Database, RenderRow } from '../../db/schema'
import { AppError, notFound } from '../../errors'
import { errorFields, type Logger } from '../../log'
import type { JobOutcome, JobQueue } from '../../services/jobs'
import { grantCreditsOnce, spendCredits } from '../billing/ledger'
import type { Creations } from '../creations/creations'
import { storedLanguages } from '../creations/library'
import { type PdfOptions, pdfOptionsOf, pdfOptionsText } from '../creations/pdf-options'
import type { ProducedCreation } from '../creations/store'
import type { ResolvedTemplate } from '../templates/templates'
import {
  cancelQueuedRenders,
  claimRenders,
  completeRenders,
  creationsByIds,
  deleteRender,
  failRender,
  findOwnRender,
  findRender,
  insertRenders,
  listOwnRenders,
  unfinishedRenderIds,
} from './renders.queries'

export const RENDER_FORMATS = ['png', 'jpeg', 'webp', 'pdf'] as const
export type RenderFormat = (typeof RENDER_FORMATS)[number]

/** A render is tried this many times (a worker that dies, storage that fails) before it fails for good. */
export const MAX_ATTEMPTS = 3

export interface RenderRequest {
  templateId: number
  /** The template's version to render (default: its current one, or the latest approved where the team asks for it). */
  templateVersion?: number | undefined
  sizeId?: string | undefined
  values: Record<string, string>
  formats: RenderFormat[]
  /** The PDF's bleed and crop marks (with `pdf` among the formats). */
  pdfOptions?: PdfOptions | undefined
  name?: string | undefined
  locale?: Locale | undefined
  /** Field key -> the language of its text value (BCP 47), for the forms of its Han characters. */
  valueLanguages?: Record<string, string> | undefined
  webhookUrl?: string | undefined
}

/** Why a render failed, as the app's refusals say it: a business code, a message, the issues by key. */
export interface RenderError {
  code: number
  message: string
  issues?: FieldIssue[]
  /** How many more issues there were than `issues` lists. */
  omitted?: number
  /** The refusal's class when it is not a plain AppError (`RenderTooLarge` has a problem type of its own). */
  name?: string
}

/** A refusal as a render's (or a batch row's) stored reason: its code, message, issues and their count. */
export function renderErrorOf(err: AppError): RenderError {
  const { issues, omitted } = (err.data ?? {}) as Partial<IssuesData>
  return {
    code: err.code,
    message: err.message,
    ...(issues && { issues }),
    ...(omitted && { omitted }),
    ...(err.name !== 'AppError' && { name: err.name }),
  }
}

/**
 * The 400 for a name the app would refuse (control or text-direction characters, nothing visible, too long),
 * at `name`: a `/v1` body is checked by its schema, a CSV's `name` column only here.
 */
function nameRefusal(name: string | undefined): AppError | undefined {
  if (name === undefined) return undefined
  const parsed = creationName.safeParse(name)
  if (parsed.success) return undefined
  const issues = toFieldIssues(parsed.error.issues, name).map((i) => ({ ...i, path: ['name', ...i.path] }))
  return new AppError(Code.invalidInput, `name: ${parsed.error.issues[0]?.message ?? 'Invalid name'}`, {
    issues,
  } satisfies IssuesData)
}

/**
 * Runs in the transaction that settles renders (completed, failed or cancelled), with all the rows it settles:
 * batch progress, webhooks.
 */
export type SettledHook = (trx: Kysely<Database>, rows: RenderRow[]) => Promise<void>

/**
 * Who a render or batch is made for: the user, the key (none from the app), and whether it is live (a test
 * key's is not: drawn watermarked, free, seen only by test keys). Default live.
 */
export interface Maker {
  userId: number
  keyId: number | null
  livemode?: boolean | undefined
  /** The member who starts it in a team's workspace from the app (a batch's notification is theirs). */
  startedBy?: number | undefined
}

/**
 * Runs `insert` in a transaction that spends `amount` credits (a 402 without them), or, for what a test key
 * makes, in a plain transaction that spends nothing.
 */
export async function spendUnlessTest<T>(
  db: Kysely<Database>,
  spend: { userId: number; amount: number; livemode: boolean; now: number },
  insert: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (!spend.livemode || spend.amount === 0) return db.transaction().execute(insert)
  const { result } = await spendCredits(
    db,
    { userId: spend.userId, amount: spend.amount, reason: 'creation', now: spend.now },
    insert,
  )
  return result
}

export interface RendersDeps {
  db: Kysely<Database>
  creations: Creations
  queue: JobQueue
  now: () => number
  log: Logger
}

const settledStatuses = new Set(['completed', 'failed', 'canceled'])
export const isSettled = (row: RenderRow) => settledStatuses.has(row.status)

/** What a failure on our side tells of the credit: a test key's render spent none to refund. */
const refundNote = (claim: RenderRow) => (claim.credits_spent > 0 ? '; your credit was refunded' : '')

/** Thrown inside the settling transaction when another attempt owns a render: it rolls back. */
class Superseded extends Error {}

/** A render claimed and made: its files written, its creation not yet stored. */
type Made = { claim: RenderRow; creation: ProducedCreation }

/**
 * Renders of the developer API, run as jobs (docs/product.md#the-developer-api): accepted with their credit reserved (and the
 * job queued) in one transaction, rendered by a worker through the app's own creation code, settled once by the
 * attempt that holds them, and refunded when they fail or are cancelled.
 */
export class Renders {
  private readonly waiters = new Map<number, Set<() => void>>()
  private readonly hooks: SettledHook[] = []

  constructor(private readonly d: RendersDeps) {}

  onSettled(hook: SettledHook): void {
    this.hooks.push(hook)
  }

  /** Checks the request as the render will, so what is accepted (and paid) is not refused later. */
  async check(
    userId: number,
    r: Omit<RenderRequest, 'webhookUrl'>,
    resolved?: ResolvedTemplate,
  ): Promise<{ sizeId: string; templateVersion: number; valueLanguages: Record<string, string> }> {
    if (r.pdfOptions && pdfOptionsText(r.pdfOptions) && !r.formats.includes('pdf'))
      throw new AppError(Code.invalidInput, 'pdf_options: Ask for the pdf format too, or leave them out', {
        issues: [{ path: ['pdf_options'], code: 'invalid', params: { reason: 'without_pdf' } }],
      } satisfies IssuesData)
    const badName = nameRefusal(r.name)
    if (badName) throw badName
    const checked = await this.d.creations.check(
      {
        userId,
        templateId: r.templateId,
        templateVersion: r.templateVersion,
        values: r.values,
        sizeId: r.sizeId,
        locale: r.locale,
        formats: r.formats,
        valueLanguages: r.valueLanguages,
        languagesField: 'value_languages',
        sizeField: 'size_id',
      },
      resolved,
    )
    return checked
  }

  /**
   * Accepts a render: its credit reserved and its job queued in one transaction (402 without credit); a test
   * key's spends nothing.
   */
  async create(
    caller: Maker,
    r: RenderRequest,
    /** The template, when the caller has read it already (the version `r` names). */
    resolved?: ResolvedTemplate,
  ): Promise<RenderRow> {
    const { sizeId, templateVersion, valueLanguages } = await this.check(caller.userId, r, resolved)
    const now = this.d.now()
    const livemode = caller.livemode !== false
    const row = await spendUnlessTest(
      this.d.db,
      { userId: caller.userId, amount: 1, livemode, now },
      async (trx) => {
        const [inserted] = await insertRenders(trx, [
          {
            user_id: caller.userId,
            api_key_id: caller.keyId,
            template_id: r.templateId,
            template_version: String(templateVersion),
            size_id: sizeId,
            locale: r.locale ?? 'en',
            formats: r.formats.join(','),
            pdf_options: pdfOptionsText(r.pdfOptions),
            name: r.name ?? null,
            field_values: JSON.stringify(r.values),
            value_languages: Object.keys(valueLanguages).length > 0 ? JSON.stringify(valueLanguages) : null,
            webhook_url: r.webhookUrl ?? null,
            status: 'queued',
            credits_spent: livemode ? 1 : 0,
            livemode: livemode ? 1 : 0,
            created_at: now,
          },
        ])
        if (!inserted) throw new Error('render insert returned nothing')
        await this.d.queue.send('render', [{ renderId: inserted.id }], { trx })
        return inserted
      },
    )
    this.d.queue.nudge('render')
    return row
  }

  /** The render once settled, or as it is when `ms` have passed. */
  async waitFor(id: number, ms: number): Promise<RenderRow | undefined> {
    const deadline = Date.now() + ms
    for (;;) {
      const row = await findRender(this.d.db, id)
      const left = deadline - Date.now()
      if (!row || isSettled(row) || left <= 0) return row
      // Woken at once when this process settles it; another process's worker is seen at the next look.
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer)
          this.waiters.get(id)?.delete(wake)
          resolve()
        }
        const timer = setTimeout(wake, Math.min(left, 100))
        const set = this.waiters.get(id) ?? new Set()
        this.waiters.set(id, set)
        set.add(wake)
      })
      if (this.waiters.get(id)?.size === 0) this.waiters.delete(id)
    }
  }

  private wake(id: number): void {
    for (const wake of this.waiters.get(id) ?? []) wake()
  }

  get(userId: number, id: number, livemode: boolean): Promise<RenderRow | undefined> {
    return findOwnRender(this.d.db, id, userId, livemode)
  }

  list(userId: number, livemode: boolean, cursor: IdCursor): Promise<IdPage<RenderRow>> {
    return listOwnRenders(this.d.db, userId, livemode, cursor)
  }

  /** The creations holding completed renders' files, by creation id. */
  creationsOf(rows: RenderRow[]): Promise<Map<number, CreationRow>> {
    return creationsByIds(
      this.d.db,
      rows.flatMap((r) => (r.creation_id === null ? [] : [r.creation_id])),
    )
  }

  /**
   * Deletes a render and its files. A queued one is cancelled first (its credit refunded); a running one is a
   * 409 until it settles.
   */
  async delete(userId: number, id: number, livemode: boolean): Promise<void> {
    const row = await findOwnRender(this.d.db, id, userId, livemode)
    if (!row) throw notFound('Render')
    if (row.status === 'queued') await this.cancel({ id })
    const now = await findOwnRender(this.d.db, id, userId, livemode)
    if (now?.status === 'running')
      throw new AppError(Code.conflict, 'The render is running; delete it once it has completed or failed')
    await deleteRender(this.d.db, id)
    if (row.creation_id !== null)
      await this.d.creations.delete(row.creation_id, userId).catch((err) => {
        if (!(err instanceof AppError)) throw err
      })
  }

  /**
   * Cancels what has not started (one render, or a batch's rows) and refunds what was paid (a test key's rows
   * were not); returns the cancelled rows.
   */
  async cancel(where: { id: number } | { batchId: number }): Promise<RenderRow[]> {
    const now = this.d.now()
    return this.d.db.transaction().execute(async (trx) => {
      const rows = await cancelQueuedRenders(trx, where, now)
      const byUser = new Map<number, RenderRow[]>()
      for (const r of rows) if (r.livemode === 1) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r])
      for (const [userId, list] of byUser)
        await grantCreditsOnce(trx, {
          userId,
          amount: list.length,
          reason: 'refund',
          // Each row is cancelled once (a conditional update), so its first id names this refund.
          idempotencyKey: `render-cancel:${Math.min(...list.map((r) => r.id))}:${list.length}`,
          purchaseId: null,
          now,
        })
      await this.runHooks(trx, rows)
      return rows
    })
  }

  /**
   * The job, for a group of renders taken together (any number of deliveries settle each once): claims them in
   * one statement, renders each in turn (writing its files meanwhile; the template read once per template and version),
   * then stores the creations and settles the renders in one transaction, counting each batch's rows once.
   * Returns, in the order of `ids`, which renders are to run again: an error on our side with attempts left.
   */
  async runMany(ids: number[]): Promise<JobOutcome[]> {
    const claims = await claimRenders(this.d.db, ids, this.d.now())
    const retry = new Map<number, unknown>()
    const made: Made[] = []
    const writing: Promise<void>[] = []
    const templates = new Map<string, Promise<ResolvedTemplate>>()
    for (const claim of claims.sort((a, b) => a.id - b.id)) {
      if (claim.attempts > MAX_ATTEMPTS) {
        await this.fail(claim, {
          code: Code.internal,
          message: `The render failed ${MAX_ATTEMPTS} times${refundNote(claim)}. Try again later`,
        })
        continue
      }
      try {
        // The version accepted (and paid for) is the version drawn, whatever was saved since.
        const version = Number(claim.template_version) || undefined
        const key = `${claim.user_id}:${claim.template_id}:${version}`
        const resolving =
          templates.get(key) ?? this.d.creations.resolve(claim.user_id, claim.template_id, version)
        templates.set(key, resolving)
        const drawn = await this.d.creations.draw(
          {
            userId: claim.user_id,
            templateId: claim.template_id,
            templateVersion: version,
            values: JSON.parse(claim.field_values) as Record<string, string>,
            valueLanguages: storedLanguages(claim.value_languages),
            languagesField: 'value_languages',
            sizeId: claim.size_id,
            locale: claim.locale === 'zh-CN' ? 'zh-CN' : 'en',
            name: claim.name ?? undefined,
            formats: claim.formats.split(',') as RenderFormat[],
            watermark: claim.livemode === 0,
          },
          {
            // Paid when accepted; the creation is stored in the transaction that settles this attempt, or not at all.
            prepaid: true,
            notify: false,
            // The print shops' PDF is made as asked; without options it keeps its usual bleed and crop marks.
            ...(claim.pdf_options && { printPdf: pdfOptionsOf(claim.pdf_options) }),
            resolved: await resolving,
          },
        )
        // Its files are written while the next row renders.
        writing.push(
          drawn.write().then(
            (creation) => {
              made.push({ claim, creation })
            },
            async (err: unknown) => {
              if (await this.refused(claim, err)) retry.set(claim.id, err)
            },
          ),
        )
      } catch (err) {
        if (await this.refused(claim, err)) retry.set(claim.id, err)
      }
    }
    await Promise.all(writing)
    await this.settleMade(made, retry)
    for (const claim of claims) this.wake(claim.id)
    return ids.map((id) => (retry.has(id) ? { error: retry.get(id) } : null))
  }

  /**
   * Stores the creations made and completes their renders, all in one transaction. When that fails (a row
   * refused: an upload deleted meanwhile; an attempt taken over by another worker), each is settled alone, so
   * that one row does not hold back the others.
   */
  private async settleMade(made: Made[], retry: Map<number, unknown>): Promise<void> {
    if (made.length === 0) return
    try {
      await this.d.db.transaction().execute(async (trx) => {
        const now = this.d.now()
        const ids = await this.d.creations.store(
          trx,
          made.map((m) => m.creation),
          now,
        )
        const stored = made.map((m, i) => ({ claim: m.claim, creationId: ids[i] as number }))
        const completed = await completeRenders(
          trx,
          stored.map((s) => ({ id: s.claim.id, attempt: s.claim.attempts, creationId: s.creationId })),
          now,
        )
        if (completed.size < stored.length) throw new Superseded()
        await this.runHooks(
          trx,
          stored.map((s) => ({
            ...s.claim,
            status: 'completed',
            creation_id: s.creationId,
            completed_at: now,
          })),
        )
      })
      return
    } catch (err) {
      if (made.length > 1) {
        for (const m of made) await this.settleMade([m], retry)
        return
      }
      const [{ claim, creation }] = made as [Made]
      await creation.discard()
      if (!(err instanceof Superseded) && (await this.refused(claim, err))) retry.set(claim.id, err)
    }
  }

  /**
   * What follows an attempt that threw: refused by the rules (an upload deleted since it was accepted: no attempt
   * would do better), or out of attempts, the render fails and its credit is refunded; otherwise true: run it again.
   */
  private async refused(claim: RenderRow, err: unknown): Promise<boolean> {
    if (err instanceof AppError) {
      await this.fail(claim, renderErrorOf(err))
      return false
    }
    if (claim.attempts >= MAX_ATTEMPTS) {
      this.d.log.error('render failed for good', { renderId: claim.id, ...errorFields(err) })
      await this.fail(claim, {
        code: Code.internal,
        message: `The render failed on our side${refundNote(claim)}. Try again later`,
      })
      return false
    }
    return true
  }

  /** Settles the attempt as failed and refunds its credit (a test key's render spent none), in one transaction. */
  private async fail(claim: RenderRow, error: RenderError): Promise<void> {
    const now = this.d.now()
    const text = JSON.stringify(error)
    await this.d.db.transaction().execute(async (trx) => {
      if (!(await failRender(trx, { id: claim.id, attempt: claim.attempts, now, error: text }))) return
      if (claim.credits_spent > 0)
        await grantCreditsOnce(trx, {
          userId: claim.user_id,
          amount: claim.credits_spent,
          reason: 'refund',
          idempotencyKey: `render-refund:${claim.id}`,
          purchaseId: null,
          now,
        })
      await this.runHooks(trx, [
        { ...claim, status: 'failed', error: text, credits_spent: 0, completed_at: now },
      ])
    })
    this.wake(claim.id)
  }

  private async runHooks(trx: Kysely<Database>, rows: RenderRow[]): Promise<void> {
    if (rows.length === 0) return
    for (const hook of this.hooks) await hook(trx, rows)
  }

  /** Queues again what a stopped process left unfinished (the in-process queue keeps no jobs across starts). */
  async requeueUnfinished(): Promise<number> {
    const ids = await unfinishedRenderIds(this.d.db)
    await this.d.queue.send(
      'render',
      ids.map((renderId) => ({ renderId })),
    )
    return ids.length
  }
}
