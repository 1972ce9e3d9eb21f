import type { z } from 'zod'
import { accountEndpoints } from './account-endpoints'
import {
  apiKeyCreateBody,
  apiKeyCreateData,
  apiKeyListData,
  apiKeyRevokeBody,
  apiKeyRevokeData,
} from './api-key'
import {
  batchCancelBody,
  batchCsvBody,
  batchCsvTemplateData,
  batchCsvTemplateQuery,
  batchDetailData,
  batchDetailQuery,
  batchListData,
  batchListQuery,
  batchValidateData,
} from './batch'
import {
  checkoutCreateBody,
  checkoutCreateData,
  checkoutDetailData,
  checkoutDetailQuery,
  checkoutPayBody,
  checkoutPayData,
  creditBalanceData,
  creditHistoryData,
  offerDetailData,
  offerDetailQuery,
  offerListData,
  pageQuery,
  purchaseListData,
  receiptData,
  receiptQuery,
  sellerData,
  subscriptionCurrentData,
  subscriptionData,
  subscriptionSwitchBody,
} from './billing'
import { billingDetailsBody, billingDetailsData, billingDetailsSaveData } from './billing-details'
import {
  fontDeleteBody,
  fontListData,
  fontUploadBody,
  fontUploadData,
  paletteBody,
  paletteData,
} from './brand-kit'
import { contactMessageBody, contactMessageData } from './contact'
import {
  createCreationBody,
  createCreationData,
  creationDetailData,
  creationDetailQuery,
  creationListData,
  creationListQuery,
  deleteCreationBody,
  previewCreationBody,
  previewCreationData,
  renameCreationBody,
  renameCreationData,
} from './creation'
import { dashboardSummaryData } from './dashboard'
import type { Code } from './envelope'
import {
  markAllReadData,
  markReadBody,
  markReadData,
  myNotificationData,
  myNotificationQuery,
} from './notification'
import { receiptPdfData, receiptPdfQuery } from './receipt-pdf'
import {
  commentCreateBody,
  commentCreateData,
  commentListData,
  commentListQuery,
  commentMembersData,
  commentMembersQuery,
  commentResolveBody,
  REVIEW_LINK_DAYS,
  reviewDetailData,
  reviewDetailQuery,
  reviewPreviewBody,
  reviewPreviewData,
  templateShareBody,
  templateShareData,
} from './review'
import { type EndpointRouteName, endpointRoutes } from './routes'
import {
  teamAuditCsvData,
  teamAuditCsvQuery,
  teamAuditData,
  teamAuditQuery,
  teamCreateBody,
  teamCreateData,
  teamDeleteBody,
  teamInviteBody,
  teamInviteData,
  teamInviteRevokeBody,
  teamJoinBody,
  teamJoinData,
  teamListData,
  teamMembersData,
  teamMembersQuery,
  teamRemoveBody,
  teamRoleBody,
  teamSettingsBody,
  teamSettingsData,
  teamTransferBody,
} from './team'
import { templateDetailData, templateDetailQuery, templateListData, templateListQuery } from './template'
import {
  templateApproveBody,
  templateApproveData,
  templateDocumentData,
  templateDocumentQuery,
  templateIdBody,
  templateMineData,
  templateMineQuery,
  templateSaveBody,
  templateVersionData,
  templateVersionsData,
  templateVersionsQuery,
} from './template-library'
import { starBody, starData, templateTypeListData } from './template-type'
import {
  deleteUploadBody,
  uploadDetailData,
  uploadDetailQuery,
  uploadImageBody,
  uploadImageData,
  uploadListData,
  uploadListQuery,
  uploadUsageData,
} from './upload'
import { authData, emptyData, loginBody, myInfoData, registerBody } from './user'

/**
 * One entry per endpoint under the API base (`/api`). The server builds its routes, validation and OpenAPI
 * document from these; the client derives its argument and result types from them.
 */
export interface EndpointDef {
  method: 'GET' | 'POST'
  path: `/${string}`
  bodyType?: 'json' | 'multipart'
  answer?: 'envelope' | 'image' | 'pdf'
  /** `required`: 401 without a valid token; `optional`: answers anonymously too; `none`: ignores any token. */
  auth: 'required' | 'optional' | 'none'
  query?: z.ZodType
  body?: z.ZodType
  data: z.ZodType
  /** A list answer carries `total`, the count over all pages. */
  list?: boolean
  /**
   * Business codes this endpoint answers beyond the ones every endpoint may give (0, 500, and 400/401/413
   * as its query, body and auth imply): e.g. 404 for an unknown id, 409 for a taken email, 429 when rate limited.
   */
  codes?: readonly Code[]
  summary: string
  tag: string
}

export const endpoints = {
  register: {
    ...endpointRoutes.register,
    auth: 'none',
    body: registerBody,
    data: authData,
    summary: 'Create an account and sign in (409 when the email is taken)',
    codes: [409, 429],
    tag: 'user',
  },
  login: {
    ...endpointRoutes.login,
    auth: 'none',
    body: loginBody,
    data: authData,
    summary:
      'Sign in with email and password (401 on a bad pair; 403 with `deleteAfter` while the account’s deletion is pending)',
    codes: [401, 403, 429],
    tag: 'user',
  },
  logout: {
    ...endpointRoutes.logout,
    auth: 'required',
    data: emptyData,
    summary: 'Revoke the token the request was sent with',
    tag: 'user',
  },
  myInfo: {
    ...endpointRoutes.myInfo,
    auth: 'required',
    data: myInfoData,
    summary: 'The signed-in user',
    tag: 'user',
  },
  ...accountEndpoints,
  myNotification: {
    ...endpointRoutes.myNotification,
    auth: 'required',
    query: myNotificationQuery,
    data: myNotificationData,
    list: true,
    summary: "The caller's notifications, newest first; `total` counts all pages",
    tag: 'notification',
  },
  markNotificationRead: {
    ...endpointRoutes.markNotificationRead,
    auth: 'required',
    body: markReadBody,
    data: markReadData,
    summary: 'Mark one of the caller’s notifications read (idempotent)',
    codes: [404],
    tag: 'notification',
  },
  markAllNotificationsRead: {
    ...endpointRoutes.markAllNotificationsRead,
    auth: 'required',
    data: markAllReadData,
    summary: 'Mark every notification of the caller read',
    tag: 'notification',
  },
  templateTypeList: {
    ...endpointRoutes.templateTypeList,
    auth: 'optional',
    data: templateTypeListData,
    list: true,
    summary: 'Template types with star counts (`starred` for the caller)',
    tag: 'template-type',
  },
  starTemplateType: {
    ...endpointRoutes.starTemplateType,
    auth: 'required',
    body: starBody,
    data: starData,
    summary: 'Star or unstar a template type (idempotent)',
    codes: [404],
    tag: 'template-type',
  },
  contactMessage: {
    ...endpointRoutes.contactMessage,
    auth: 'optional',
    body: contactMessageBody,
    data: contactMessageData,
    summary: 'Store a message from the contact form (rate-limited per IP)',
    codes: [429],
    tag: 'contact',
  },
  // Media: templates, uploads, creations.
  templateList: {
    ...endpointRoutes.templateList,
    auth: 'none',
    query: templateListQuery,
    data: templateListData,
    list: true,
    summary:
      'Templates of the catalogue, by type and search (name in either language); `total` counts all pages',
    tag: 'template',
  },
  templateDetail: {
    ...endpointRoutes.templateDetail,
    auth: 'optional',
    query: templateDetailQuery,
    data: templateDetailData,
    summary: 'One template with its sizes, fields (labels in both languages) and sample values',
    codes: [404],
    tag: 'template',
  },
  templateMine: {
    ...endpointRoutes.templateMine,
    auth: 'required',
    query: templateMineQuery,
    data: templateMineData,
    list: true,
    summary: "The caller's own templates, latest change first, by name; `total` counts all pages",
    tag: 'template',
  },
  templateDocument: {
    ...endpointRoutes.templateDocument,
    auth: 'required',
    query: templateDocumentQuery,
    data: templateDocumentData,
    summary:
      "A template's document (the current version, or `version`): the catalogue's (read-only) or the caller's own (404 for anyone else's)",
    codes: [404],
    tag: 'template',
  },
  templateVersions: {
    ...endpointRoutes.templateVersions,
    auth: 'required',
    query: templateVersionsQuery,
    data: templateVersionsData,
    list: true,
    summary:
      "The versions of one of the caller's own templates, latest first; `total` counts all pages (404 for a catalogue template, a deleted one, or anyone else's)",
    codes: [404],
    tag: 'template',
  },
  templateSave: {
    ...endpointRoutes.templateSave,
    auth: 'required',
    body: templateSaveBody,
    data: templateVersionData,
    summary:
      "Save a document as a new template, or (with `id`) as the next version of one of the caller's own; a 400 names the layer and property; 409 when `baseVersion` is no longer the current version",
    codes: [404, 409],
    tag: 'template',
  },
  templateDuplicate: {
    ...endpointRoutes.templateDuplicate,
    auth: 'required',
    body: templateIdBody,
    data: templateVersionData,
    summary: "Copy a catalogue template (or one of the caller's own) into a new template of the caller's",
    codes: [404],
    tag: 'template',
  },
  templateDelete: {
    ...endpointRoutes.templateDelete,
    auth: 'required',
    body: templateIdBody,
    data: emptyData,
    summary:
      "Delete one of the caller's templates; creations made from it keep re-opening with their version",
    codes: [404],
    tag: 'template',
  },
  templateApprove: {
    ...endpointRoutes.templateApprove,
    auth: 'required',
    body: templateApproveBody,
    data: templateApproveData,
    summary:
      "Approve a version of one of the workspace's designs, or withdraw its approval (the workspace's owner; in a team its owner and admins); 409 when it already is (or is not) approved",
    codes: [403, 404, 409],
    tag: 'template',
  },
  uploadImage: {
    ...endpointRoutes.uploadImage,
    auth: 'required',
    body: uploadImageBody,
    data: uploadImageData,
    summary:
      'Upload a PNG, JPEG or WebP (checked by content, at most 10 MB and 50 megapixels; orientation applied, metadata removed); 403 when it would pass the plan’s storage, 429 when uploading too often or while the server is busy with other images',
    codes: [403, 413, 429],
    tag: 'upload',
  },
  uploadDetail: {
    ...endpointRoutes.uploadDetail,
    auth: 'required',
    query: uploadDetailQuery,
    data: uploadDetailData,
    summary: 'One of the caller’s uploads with a fresh signed URL (404 for anyone else’s)',
    codes: [404],
    tag: 'upload',
  },
  uploadList: {
    ...endpointRoutes.uploadList,
    auth: 'required',
    query: uploadListQuery,
    data: uploadListData,
    list: true,
    summary:
      'The caller’s uploads, newest first, each with its size and how many creations use it; `total` counts all pages',
    tag: 'upload',
  },
  uploadUsage: {
    ...endpointRoutes.uploadUsage,
    auth: 'required',
    data: uploadUsageData,
    summary:
      'Storage used by the caller’s uploads, their plan’s allowance, and how long unused uploads are kept',
    tag: 'upload',
  },
  deleteUpload: {
    ...endpointRoutes.deleteUpload,
    auth: 'required',
    body: deleteUploadBody,
    data: emptyData,
    summary:
      'Delete one of the caller’s uploads, its file and its row (creations already made keep their pictures)',
    codes: [404],
    tag: 'upload',
  },
  createCreation: {
    ...endpointRoutes.createCreation,
    auth: 'required',
    body: createCreationBody,
    data: createCreationData,
    summary:
      'Render a template with the values and keep the result; spends 1 credit (402 without credit; 404 for an unknown template or an image value that is not one of the caller’s uploads)',
    codes: [402, 404],
    tag: 'creation',
  },
  creationList: {
    ...endpointRoutes.creationList,
    auth: 'required',
    query: creationListQuery,
    data: creationListData,
    list: true,
    summary:
      "The caller's creations by type and template, searched by words of their name and typed text, newest, oldest or by name; `total` counts all pages",
    tag: 'creation',
  },
  creationDetail: {
    ...endpointRoutes.creationDetail,
    auth: 'required',
    query: creationDetailQuery,
    data: creationDetailData,
    summary:
      'One of the caller’s creations with its values, to re-open it in the editor (404; for one the caller deleted, `data` says when)',
    codes: [404],
    tag: 'creation',
  },
  deleteCreation: {
    ...endpointRoutes.deleteCreation,
    auth: 'required',
    body: deleteCreationBody,
    data: emptyData,
    summary: 'Delete one of the caller’s creations; its file URLs stop working at once',
    codes: [404],
    tag: 'creation',
  },
  renameCreation: {
    ...endpointRoutes.renameCreation,
    auth: 'required',
    body: renameCreationBody,
    data: renameCreationData,
    summary: 'Rename one of the caller’s creations; search finds it by the new name at once',
    codes: [404],
    tag: 'creation',
  },
  previewCreation: {
    ...endpointRoutes.previewCreation,
    auth: 'required',
    body: previewCreationBody,
    data: previewCreationData,
    summary:
      'A small live preview for the editor: the image bytes on success (no credit, nothing stored; rate-limited per user)',
    codes: [404, 429],
    tag: 'creation',
  },
  offerList: {
    ...endpointRoutes.offerList,
    auth: 'none',
    data: offerListData,
    list: true,
    summary: 'Every offer (group × kind × tier) with its price, currency and credits',
    tag: 'billing',
  },
  seller: {
    ...endpointRoutes.seller,
    auth: 'none',
    data: sellerData,
    summary: 'Who sells: legal name, address, tax number and email, as receipts and the policies name them',
    tag: 'billing',
  },
  offerDetail: {
    ...endpointRoutes.offerDetail,
    auth: 'none',
    query: offerDetailQuery,
    data: offerDetailData,
    summary: 'One offer as a checkout page shows it (404 for an unknown id)',
    codes: [404],
    tag: 'billing',
  },
  checkoutCreate: {
    ...endpointRoutes.checkoutCreate,
    auth: 'required',
    body: checkoutCreateBody,
    data: checkoutCreateData,
    summary:
      'Open a checkout for an offer; with Stripe, `redirectUrl` is its hosted page (409 when a subscription exists)',
    codes: [404, 409],
    tag: 'billing',
  },
  checkoutPay: {
    ...endpointRoutes.checkoutPay,
    auth: 'required',
    body: checkoutPayBody,
    data: checkoutPayData,
    summary:
      'Pay a sandbox checkout by card; paying a paid checkout again grants nothing and answers the same purchase',
    codes: [404, 409],
    tag: 'billing',
  },
  checkoutDetail: {
    ...endpointRoutes.checkoutDetail,
    auth: 'required',
    query: checkoutDetailQuery,
    data: checkoutDetailData,
    summary: 'One of the caller’s checkouts and its purchase once paid (for the return from Stripe)',
    codes: [404],
    tag: 'billing',
  },
  purchaseList: {
    ...endpointRoutes.purchaseList,
    auth: 'required',
    query: pageQuery,
    data: purchaseListData,
    list: true,
    summary: "The caller's payments and invoices, newest first; `total` counts all pages",
    tag: 'billing',
  },
  purchaseReceipt: {
    ...endpointRoutes.purchaseReceipt,
    auth: 'required',
    query: receiptQuery,
    data: receiptData,
    summary: 'The receipt of one of the caller’s purchases (404 for anyone else’s)',
    codes: [404],
    tag: 'billing',
  },
  purchaseReceiptPdf: {
    ...endpointRoutes.purchaseReceiptPdf,
    auth: 'required',
    query: receiptPdfQuery,
    data: receiptPdfData,
    summary:
      'The receipt of one of the caller’s purchases as a PDF download (`templet-receipt-<number>.pdf`), in `lang` (default: the account’s language); 404 for anyone else’s; 60 per account per 10 minutes',
    codes: [404, 429],
    tag: 'billing',
  },
  creditHistory: {
    ...endpointRoutes.creditHistory,
    auth: 'required',
    query: pageQuery,
    data: creditHistoryData,
    list: true,
    summary:
      "The caller's credit ledger, newest first: every grant, spend and refund with the balance after it",
    tag: 'billing',
  },
  creditBalance: {
    ...endpointRoutes.creditBalance,
    auth: 'required',
    data: creditBalanceData,
    summary:
      "The balance of the workspace the request acts in (a team's with the Team header, for any member) and whether it is low",
    tag: 'billing',
  },
  billingDetails: {
    ...endpointRoutes.billingDetails,
    auth: 'required',
    data: billingDetailsData,
    summary: "The name and postal address the team's receipts are billed to, or null (owner and admins)",
    tag: 'billing',
  },
  billingDetailsSave: {
    ...endpointRoutes.billingDetailsSave,
    auth: 'required',
    body: billingDetailsBody,
    data: billingDetailsSaveData,
    summary:
      "Sets the name and postal address the team's later receipts are billed to (owner and admins, in the team's workspace; earlier receipts keep theirs)",
    tag: 'billing',
  },
  subscriptionCurrent: {
    ...endpointRoutes.subscriptionCurrent,
    auth: 'required',
    data: subscriptionCurrentData,
    summary: "The caller's subscription (active, past due, or cancelled at the period end), or null",
    tag: 'billing',
  },
  subscriptionCancel: {
    ...endpointRoutes.subscriptionCancel,
    auth: 'required',
    data: subscriptionData,
    summary: 'Cancel at the end of the current period (idempotent; 404 without a subscription)',
    codes: [404, 409],
    tag: 'billing',
  },
  subscriptionResume: {
    ...endpointRoutes.subscriptionResume,
    auth: 'required',
    data: subscriptionData,
    summary: 'Undo a cancellation before the period ends (idempotent; 404 without a subscription)',
    codes: [404, 409],
    tag: 'billing',
  },
  subscriptionSwitch: {
    ...endpointRoutes.subscriptionSwitch,
    auth: 'required',
    body: subscriptionSwitchBody,
    data: subscriptionData,
    summary: 'Switch to another subscription offer from the next period on (no proration)',
    codes: [404, 409],
    tag: 'billing',
  },
  dashboardSummary: {
    ...endpointRoutes.dashboardSummary,
    auth: 'required',
    data: dashboardSummaryData,
    summary:
      "The caller's dashboard in one answer: balance (and whether it is low), plan, newest creations, starred types with their first templates",
    tag: 'dashboard',
  },
  apiKeyCreate: {
    ...endpointRoutes.apiKeyCreate,
    auth: 'required',
    body: apiKeyCreateBody,
    data: apiKeyCreateData,
    summary:
      'Create a key for the developer API (`/v1`); `key` is in this answer only (409 when the account holds 25 live keys)',
    codes: [409],
    tag: 'developer',
  },
  apiKeyList: {
    ...endpointRoutes.apiKeyList,
    auth: 'required',
    data: apiKeyListData,
    list: true,
    summary: "The caller's live API keys, newest first, with when each was last used (never the key itself)",
    tag: 'developer',
  },
  apiKeyRevoke: {
    ...endpointRoutes.apiKeyRevoke,
    auth: 'required',
    body: apiKeyRevokeBody,
    data: apiKeyRevokeData,
    summary: 'Revoke one of the caller’s API keys: `/v1` refuses it from the next request on (idempotent)',
    codes: [404],
    tag: 'developer',
  },
  fontUpload: {
    ...endpointRoutes.fontUpload,
    auth: 'required',
    body: fontUploadBody,
    data: fontUploadData,
    summary:
      'Add a TTF, OTF or WOFF2 font to the caller’s brand kit (parsed; family, weight and style read from the file; at most 5 MB); 400 names why a file does not parse, 409 when the kit is full or already holds that face',
    codes: [409, 413],
    tag: 'brand-kit',
  },
  fontList: {
    ...endpointRoutes.fontList,
    auth: 'required',
    data: fontListData,
    list: true,
    summary:
      "The caller's brand fonts by family, weight and style, each with its family's `familyKey` and a signed file URL",
    tag: 'brand-kit',
  },
  fontDelete: {
    ...endpointRoutes.fontDelete,
    auth: 'required',
    body: fontDeleteBody,
    data: emptyData,
    summary:
      "Remove a font from the caller's brand kit; templates naming its family draw in sans from then on",
    codes: [404],
    tag: 'brand-kit',
  },
  paletteGet: {
    ...endpointRoutes.paletteGet,
    auth: 'required',
    data: paletteData,
    summary: "The caller's brand colours (an empty list until saved)",
    tag: 'brand-kit',
  },
  paletteSave: {
    ...endpointRoutes.paletteSave,
    auth: 'required',
    body: paletteBody,
    data: paletteData,
    summary: "Replace the caller's brand colours (#rrggbb, at most 24, each once)",
    tag: 'brand-kit',
  },
  batchCsvTemplate: {
    ...endpointRoutes.batchCsvTemplate,
    auth: 'required',
    query: batchCsvTemplateQuery,
    data: batchCsvTemplateData,
    summary: "A CSV for bulk create: a header of the template's field keys (and `name`) and one sample row",
    codes: [404],
    tag: 'batch',
  },
  batchValidate: {
    ...endpointRoutes.batchValidate,
    auth: 'required',
    body: batchCsvBody,
    data: batchValidateData,
    summary:
      'Reads a CSV and checks every row as the batch would, spending nothing: the columns and what they feed, the rows refused (by row number, with why), the cost and the balance',
    codes: [404],
    tag: 'batch',
  },
  batchCreate: {
    ...endpointRoutes.batchCreate,
    auth: 'required',
    body: batchCsvBody,
    data: batchDetailData,
    summary:
      'Starts a batch from a CSV: every row’s credit reserved at once (402 when the balance cannot cover them), refused rows reported and refunded at once, the others made as jobs',
    codes: [402, 404],
    tag: 'batch',
  },
  batchDetail: {
    ...endpointRoutes.batchDetail,
    auth: 'required',
    query: batchDetailQuery,
    data: batchDetailData,
    summary: "One of the caller's batches: its progress, the rows that failed and why, the ZIP once finished",
    codes: [404],
    tag: 'batch',
  },
  batchList: {
    ...endpointRoutes.batchList,
    auth: 'required',
    query: batchListQuery,
    data: batchListData,
    list: true,
    summary: "The caller's batches (from the app and from /v1), newest first",
    tag: 'batch',
  },
  batchCancel: {
    ...endpointRoutes.batchCancel,
    auth: 'required',
    body: batchCancelBody,
    data: batchDetailData,
    summary: 'Cancels the rows of a batch that have not started (refunded); rows already rendering finish',
    codes: [404],
    tag: 'batch',
  },
  teamCreate: {
    ...endpointRoutes.teamCreate,
    auth: 'required',
    body: teamCreateBody,
    data: teamCreateData,
    summary: 'Create a team with the caller as its owner; 409 when the caller already belongs to 20 teams',
    codes: [409],
    tag: 'team',
  },
  teamList: {
    ...endpointRoutes.teamList,
    auth: 'required',
    data: teamListData,
    list: true,
    summary: "The teams the caller belongs to, by name, each with the caller's role",
    tag: 'team',
  },
  teamMembers: {
    ...endpointRoutes.teamMembers,
    auth: 'required',
    query: teamMembersQuery,
    data: teamMembersData,
    summary:
      "A team's members (the owner first) and, for its owner and admins, its pending invitations; 404 for a team the caller is not in",
    codes: [404],
    tag: 'team',
  },
  teamInvite: {
    ...endpointRoutes.teamInvite,
    auth: 'required',
    body: teamInviteBody,
    data: teamInviteData,
    summary:
      'Mail an address a single-use link that joins the team with a role, valid 7 days (owner and admins; an admin gives editor or viewer); a new invitation to the same address replaces the pending one; 409 for a member or a full team; 429 past 30 invitations an hour',
    codes: [403, 404, 409, 429],
    tag: 'team',
  },
  teamInviteRevoke: {
    ...endpointRoutes.teamInviteRevoke,
    auth: 'required',
    body: teamInviteRevokeBody,
    data: emptyData,
    summary: 'Revoke a pending invitation (owner and admins): its link no longer works',
    codes: [403, 404],
    tag: 'team',
  },
  teamJoin: {
    ...endpointRoutes.teamJoin,
    auth: 'required',
    body: teamJoinBody,
    data: teamJoinData,
    summary:
      'Join the team of an invitation with the signed-in account whose email it was sent to; a link works once, for 7 days',
    codes: [403, 404, 409],
    tag: 'team',
  },
  teamRole: {
    ...endpointRoutes.teamRole,
    auth: 'required',
    body: teamRoleBody,
    data: emptyData,
    summary:
      "Change a member's role (the owner any member's; an admin an editor's or viewer's, to editor or viewer); the owner's own role is kept",
    codes: [403, 404],
    tag: 'team',
  },
  teamRemove: {
    ...endpointRoutes.teamRemove,
    auth: 'required',
    body: teamRemoveBody,
    data: emptyData,
    summary:
      'Remove a member (the owner anyone but themselves; an admin editors and viewers; anyone themselves, but the owner); their access ends at once',
    codes: [403, 404],
    tag: 'team',
  },
  teamTransfer: {
    ...endpointRoutes.teamTransfer,
    auth: 'required',
    body: teamTransferBody,
    data: emptyData,
    summary: 'Hand the team to another member (its owner only); the former owner stays as an admin',
    codes: [403, 404],
    tag: 'team',
  },
  teamDelete: {
    ...endpointRoutes.teamDelete,
    auth: 'required',
    body: teamDeleteBody,
    data: emptyData,
    summary:
      'Delete the team (its owner only): every member loses it at once and its invitations stop working',
    codes: [403, 404],
    tag: 'team',
  },
  teamSettings: {
    ...endpointRoutes.teamSettings,
    auth: 'required',
    body: teamSettingsBody,
    data: teamSettingsData,
    summary:
      "Change the team's settings (its owner and admins): `approvedOnly` makes its creations draw only approved versions of its designs",
    codes: [403, 404],
    tag: 'team',
  },
  teamAudit: {
    ...endpointRoutes.teamAudit,
    auth: 'required',
    query: teamAuditQuery,
    data: teamAuditData,
    list: true,
    summary:
      "A page of the team's activity, the newest first: who invited, joined, changed a role, removed, left or handed the team over, and when (owner and admins)",
    codes: [403, 404],
    tag: 'team',
  },
  teamAuditCsv: {
    ...endpointRoutes.teamAuditCsv,
    auth: 'required',
    query: teamAuditCsvQuery,
    data: teamAuditCsvData,
    summary: "The team's whole activity as a CSV file (owner and admins)",
    codes: [403, 404],
    tag: 'team',
  },
  templateShare: {
    ...endpointRoutes.templateShare,
    auth: 'required',
    body: templateShareBody,
    data: templateShareData,
    summary: `A signed, view-only review link of one of the workspace's designs, working ${REVIEW_LINK_DAYS} days`,
    codes: [404],
    tag: 'review',
  },
  reviewDetail: {
    ...endpointRoutes.reviewDetail,
    auth: 'optional',
    query: reviewDetailQuery,
    data: reviewDetailData,
    summary:
      'What a review link shows: the design, its version and pages (no account needed); or, by `templateId`, what a member of its workspace sees without a link',
    codes: [404],
    tag: 'review',
  },
  reviewPreview: {
    ...endpointRoutes.reviewPreview,
    auth: 'optional',
    body: reviewPreviewBody,
    data: reviewPreviewData,
    summary:
      'A page of the design a review link shares (or, by `templateId`, one of the workspace for a member), as an image of its sample values',
    codes: [404, 429],
    tag: 'review',
  },
  commentList: {
    ...endpointRoutes.commentList,
    auth: 'optional',
    query: commentListQuery,
    data: commentListData,
    summary: "A design's comments with their replies, the oldest first (members, or with the review link)",
    codes: [404],
    tag: 'review',
  },
  commentCreate: {
    ...endpointRoutes.commentCreate,
    auth: 'optional',
    body: commentCreateBody,
    data: commentCreateData,
    summary:
      'A comment at a point of a page of a version, or a reply to one (members, or with the review link)',
    codes: [404, 429],
    tag: 'review',
  },
  commentResolve: {
    ...endpointRoutes.commentResolve,
    auth: 'required',
    body: commentResolveBody,
    data: emptyData,
    summary: 'Resolves a thread, or opens it again (members who design)',
    codes: [403, 404],
    tag: 'review',
  },
  commentMembers: {
    ...endpointRoutes.commentMembers,
    auth: 'required',
    query: commentMembersQuery,
    data: commentMembersData,
    summary:
      "Whom a member may @mention in the design's comments: the other members of its workspace, each with the handle that mentions them",
    codes: [404],
    tag: 'review',
  },
} as const satisfies Record<EndpointRouteName, EndpointDef>

export type Endpoints = typeof endpoints
export type EndpointName = keyof Endpoints

type Infer<S> = S extends z.ZodType ? z.infer<S> : never
type InferInput<S> = S extends z.ZodType ? z.input<S> : never

/** What a caller passes: the query and body an endpoint declares, in their input (pre-parse) shape. */
export type EndpointArgs<N extends EndpointName> = (Endpoints[N] extends { query: infer Q }
  ? { query?: InferInput<Q> }
  : unknown) &
  (Endpoints[N] extends { body: infer B } ? { body: InferInput<B> } : unknown)

/** The `data` of a successful answer. */
export type EndpointData<N extends EndpointName> = Infer<Endpoints[N]['data']>
