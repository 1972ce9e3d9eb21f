import {
  DASHBOARD_CREATIONS,
  DASHBOARD_TEMPLATES_PER_TYPE,
  type DashboardSummary,
  LOW_CREDITS_BELOW,
} from '@templet/api/contract'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { ledgerBalance } from '../billing/ledger.queries'
import type { Offers } from '../billing/offers'
import type { Subscriptions } from '../billing/subscriptions'
import type { Creations } from '../creations/creations'
import { listCreations } from '../creations/creations.queries'
import { starredTemplateTypes } from '../templates/template-types.queries'
import { templateSummaryOf } from '../templates/templates'
import { firstTemplateId, firstTemplatesOfTypes } from '../templates/templates.queries'

export interface DashboardDeps {
  db: Kysely<Database>
  /** Builds each creation's signed file URLs, as Creation History does. */
  creations: Creations
  subscriptions: Subscriptions
  offers: Offers
}

export class Dashboard {
  constructor(private readonly d: DashboardDeps) {}

  /** The Dashboard's summary of one user's account: every part reads that user's rows only. */
  async summary(userId: number): Promise<Omit<DashboardSummary, 'resetToken'>> {
    const [balance, plan, latest, starred] = await Promise.all([
      ledgerBalance(this.d.db, userId),
      this.d.subscriptions.summary(userId),
      listCreations(this.d.db, { userId }, { page: 1, pageSize: DASHBOARD_CREATIONS }),
      starredTemplateTypes(this.d.db, userId),
    ])
    const templates = await firstTemplatesOfTypes(
      this.d.db,
      starred.map((t) => t.id),
      DASHBOARD_TEMPLATES_PER_TYPE,
    )
    const withTemplates = starred.map((type) => ({
      ...type,
      templates: templates.filter((t) => t.template_type_id === type.id).map(templateSummaryOf),
    }))
    const startTemplateId =
      withTemplates.find((t) => t.templates.length > 0)?.templates[0]?.id ??
      (await firstTemplateId(this.d.db))
    return {
      credits: { balance, low: balance < LOW_CREDITS_BELOW },
      // An offer removed from the configuration still has subscribers: their dashboard must not fail.
      plan: plan ? { ...plan, credits: this.d.offers.find(plan.offerId ?? '')?.credits ?? null } : null,
      creations: latest.rows.map((c) => this.d.creations.view(c)),
      creationCount: latest.total,
      starred: withTemplates,
      startTemplateId,
    }
  }
}
