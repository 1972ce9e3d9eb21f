import { z } from 'zod'
import { creation } from './creation'
import { resetTokenField } from './envelope'
import { localizedText } from './media-fields'
import { templateSummary } from './template'
import { subscriptionSummary } from './user'

/** How many of the newest creations the dashboard shows. */
export const DASHBOARD_CREATIONS = 6
/** How many templates the dashboard shows under each starred type. */
export const DASHBOARD_TEMPLATES_PER_TYPE = 4

/** A starred template type with its first templates in catalogue order. */
export const dashboardStarredType = z.object({
  id: z.number().int().positive(),
  slug: z.string(),
  /** English name; `names` has both languages. */
  name: z.string(),
  names: localizedText,
  templateCount: z.number().int().nonnegative(),
  templates: z.array(templateSummary),
})
export type DashboardStarredType = z.infer<typeof dashboardStarredType>

/** `GET /dashboard/summary`: everything the Dashboard shows of the caller's account, in one answer. */
export const dashboardSummaryData = z.object({
  credits: z.object({
    balance: z.number().int().nonnegative(),
    /** The balance is below `LOW_CREDITS_BELOW`. */
    low: z.boolean(),
  }),
  /**
   * The current plan, or null: tier, status, `currentPeriodEnd` (the renewal date, or the end date when
   * cancelling) and the credits it grants each month (null when its offer is no longer configured).
   */
  plan: subscriptionSummary.extend({ credits: z.number().int().positive().nullable() }).nullable(),
  /** The newest creations (at most `DASHBOARD_CREATIONS`), newest first, with signed file URLs. */
  creations: z.array(creation),
  /** How many creations the caller has in all. */
  creationCount: z.number().int().nonnegative(),
  /** The caller's starred types in catalogue order, each with its first templates. */
  starred: z.array(dashboardStarredType),
  /** Where the start button opens the editor: the first starred type's first template, else the catalogue's first; null when the catalogue is empty. */
  startTemplateId: z.number().int().positive().nullable(),
  ...resetTokenField,
})
export type DashboardSummary = z.infer<typeof dashboardSummaryData>
