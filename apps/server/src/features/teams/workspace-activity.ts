import type { EndpointName, TeamAuditAction, TemplateApproveData } from '@templet/api/contract'

/** A change made in a team's workspace, as its activity records it. */
export interface WorkspaceChange {
  action: TeamAuditAction
  /** What it was about: a key's name, an offer, the number of what was deleted. */
  detail: string | null
}

/**
 * What a payment in a team's workspace was about: its offer and purchase. Written by the transaction that records
 * it (billing's `Checkouts.complete`, a renewal's, paid or not), however it arrives, not by an endpoint's answer;
 * so are a plan's cancellation, resumption and end (billing's `Subscriptions`, the Stripe webhook).
 */
export const paymentDetail = (offerId: string, purchaseId: number) => `${offerId} #${purchaseId}`

type Input = { query?: unknown; body?: unknown }
const idOf = (input: Input) => `#${(input.body as { id: number }).id}`

/**
 * The change an endpoint that succeeded in a team's workspace made, for the team's activity (keys, billing,
 * deletions: ADR 0206; the billing address: ADR 0210), or undefined for one the activity does not keep (a read,
 * a design saved, a creation) or that the change's own transaction writes (payments, a plan cancelled or resumed:
 * ADR 0211).
 */
export function workspaceChange(
  endpoint: EndpointName,
  input: Input,
  result: unknown,
): WorkspaceChange | undefined {
  switch (endpoint) {
    case 'apiKeyCreate':
      return { action: 'key.created', detail: (input.body as { name: string }).name }
    case 'apiKeyRevoke':
      return { action: 'key.revoked', detail: idOf(input) }
    case 'billingDetailsSave':
      return { action: 'billing.details', detail: (input.body as { name: string }).name }
    case 'subscriptionSwitch':
      return { action: 'subscription.switched', detail: (input.body as { offerId: string }).offerId }
    case 'templateDelete':
      return { action: 'template.deleted', detail: idOf(input) }
    case 'templateApprove': {
      const v = result as TemplateApproveData
      return {
        action: v.approvedAt === null ? 'version.withdrawn' : 'version.approved',
        detail: `“${v.name}” v${v.version}`,
      }
    }
    case 'deleteCreation':
      return { action: 'creation.deleted', detail: idOf(input) }
    case 'deleteUpload':
      return { action: 'upload.deleted', detail: idOf(input) }
    default:
      return undefined
  }
}
