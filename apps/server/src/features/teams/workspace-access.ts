import type { EndpointName } from '@templet/api/contract'
import type { TeamRoleName } from '../../db/schema'

/**
 * What an `/api` endpoint does with the header `Team: <id>` (ADR 0206):
 * - `person`: it is about the signed-in person (their account, sessions, notifications, teams, the catalogue's
 *   stars) or about no one (the catalogue, offers); the header is ignored, so the app may send it on every
 *   request.
 * - `viewer`, `editor`, `admin`: it acts in the team's workspace for a member with at least that role.
 */
export type WorkspaceAccess = 'person' | Exclude<TeamRoleName, 'owner'>

/** The least each endpoint asks of a team member; a test walks it for every role. */
export const workspaceAccess = {
  register: 'person',
  login: 'person',
  logout: 'person',
  myInfo: 'person',
  myNotification: 'person',
  forgotPassword: 'person',
  resetPassword: 'person',
  changePassword: 'person',
  updateUser: 'person',
  changeEmail: 'person',
  confirmEmail: 'person',
  resendVerification: 'person',
  sessionList: 'person',
  sessionRevoke: 'person',
  exportAccount: 'person',
  deleteAccount: 'person',
  cancelDeletion: 'person',
  markNotificationRead: 'person',
  markAllNotificationsRead: 'person',
  templateTypeList: 'person',
  starTemplateType: 'person',
  contactMessage: 'person',
  offerList: 'person',
  offerDetail: 'person',
  seller: 'person',
  teamCreate: 'person',
  teamList: 'person',
  teamMembers: 'person',
  teamInvite: 'person',
  teamInviteRevoke: 'person',
  teamJoin: 'person',
  teamRole: 'person',
  teamRemove: 'person',
  teamTransfer: 'person',
  teamDelete: 'person',
  teamSettings: 'person',
  teamAudit: 'person',
  teamAuditCsv: 'person',
  // A review link is the design's, whoever holds it; without one, a member reads the design in the workspace.
  reviewDetail: 'viewer',
  reviewPreview: 'viewer',
  // The catalogue, which no one needs to sign in for.
  templateList: 'person',
  // Seeing and downloading.
  templateDetail: 'viewer',
  templateMine: 'viewer',
  templateDocument: 'viewer',
  templateVersions: 'viewer',
  uploadDetail: 'viewer',
  uploadList: 'viewer',
  uploadUsage: 'viewer',
  creationList: 'viewer',
  creationDetail: 'viewer',
  dashboardSummary: 'viewer',
  fontList: 'viewer',
  paletteGet: 'viewer',
  batchCsvTemplate: 'viewer',
  batchDetail: 'viewer',
  batchList: 'viewer',
  commentList: 'viewer',
  commentCreate: 'viewer',
  commentMembers: 'viewer',
  // Whose credits the header and the plan page show: every member sees the team's balance.
  creditBalance: 'viewer',
  // Designing, uploading, creating: what spends the team's credits.
  templateSave: 'editor',
  templateDuplicate: 'editor',
  templateDelete: 'editor',
  uploadImage: 'editor',
  deleteUpload: 'editor',
  createCreation: 'editor',
  deleteCreation: 'editor',
  renameCreation: 'editor',
  previewCreation: 'editor',
  batchValidate: 'editor',
  batchCreate: 'editor',
  batchCancel: 'editor',
  templateShare: 'editor',
  commentResolve: 'editor',
  // Approving a design's version: what the team's creations may draw when it creates only from approved ones.
  templateApprove: 'admin',
  // The brand kit, keys and the team's money: its plans, packs, receipts and credit history.
  fontUpload: 'admin',
  fontDelete: 'admin',
  paletteSave: 'admin',
  apiKeyCreate: 'admin',
  apiKeyList: 'admin',
  apiKeyRevoke: 'admin',
  creditHistory: 'admin',
  purchaseList: 'admin',
  purchaseReceipt: 'admin',
  purchaseReceiptPdf: 'admin',
  checkoutDetail: 'admin',
  subscriptionCurrent: 'admin',
  checkoutCreate: 'admin',
  checkoutPay: 'admin',
  subscriptionCancel: 'admin',
  subscriptionResume: 'admin',
  subscriptionSwitch: 'admin',
  billingDetails: 'admin',
  billingDetailsSave: 'admin',
} as const satisfies Record<EndpointName, WorkspaceAccess>

const rank: Record<TeamRoleName, number> = { viewer: 0, editor: 1, admin: 2, owner: 3 }

/** Whether a member with `role` may use an endpoint that asks for `least`. */
export const roleAllows = (role: TeamRoleName, least: Exclude<TeamRoleName, 'owner'>) =>
  rank[role] >= rank[least]

/** The value of a `Team` header: a team's number, or undefined when it is not one. */
export function teamHeader(value: string): number | undefined {
  if (!/^[1-9]\d{0,15}$/.test(value.trim())) return undefined
  const id = Number(value.trim())
  return Number.isSafeInteger(id) ? id : undefined
}
