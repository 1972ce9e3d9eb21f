/**
 * Where each endpoint lives: plain data without zod, so that the client (which needs nothing else at run
 * time) can be loaded without the schemas. `endpoints` adds the rest to each entry.
 */
export interface EndpointRoute {
  method: 'GET' | 'POST'
  path: `/${string}`
  /** How the body travels: JSON (default) or `multipart/form-data` (the body object's entries become parts). */
  bodyType?: 'json' | 'multipart'
  /** A success answer is the envelope (default), or the raw image or PDF bytes (errors are still the envelope). */
  answer?: 'envelope' | 'image' | 'pdf'
}

export const endpointRoutes = {
  register: { method: 'POST', path: '/user/register' },
  login: { method: 'POST', path: '/user/login' },
  logout: { method: 'POST', path: '/user/logout' },
  myInfo: { method: 'GET', path: '/user/my-info' },
  myNotification: { method: 'GET', path: '/user/my-notification' },
  // The account (docs/product.md#accounts).
  forgotPassword: { method: 'POST', path: '/user/forgot-password' },
  resetPassword: { method: 'POST', path: '/user/reset-password' },
  changePassword: { method: 'POST', path: '/user/change-password' },
  updateUser: { method: 'POST', path: '/user/update' },
  changeEmail: { method: 'POST', path: '/user/change-email' },
  confirmEmail: { method: 'POST', path: '/user/confirm-email' },
  resendVerification: { method: 'POST', path: '/user/resend-verification' },
  sessionList: { method: 'GET', path: '/user/sessions' },
  sessionRevoke: { method: 'POST', path: '/user/sessions/revoke' },
  exportAccount: { method: 'POST', path: '/user/export' },
  deleteAccount: { method: 'POST', path: '/user/delete' },
  cancelDeletion: { method: 'POST', path: '/user/cancel-deletion' },
  markNotificationRead: { method: 'POST', path: '/notification/read' },
  markAllNotificationsRead: { method: 'POST', path: '/notification/read-all' },
  templateTypeList: { method: 'GET', path: '/template-type/list' },
  starTemplateType: { method: 'POST', path: '/template-type/star' },
  contactMessage: { method: 'POST', path: '/contact-message' },
  // Media: templates, uploads, creations.
  templateList: { method: 'GET', path: '/template/list' },
  templateDetail: { method: 'GET', path: '/template/detail' },
  templateMine: { method: 'GET', path: '/template/mine' },
  templateDocument: { method: 'GET', path: '/template/document' },
  templateVersions: { method: 'GET', path: '/template/versions' },
  templateSave: { method: 'POST', path: '/template/save' },
  templateDuplicate: { method: 'POST', path: '/template/duplicate' },
  templateDelete: { method: 'POST', path: '/template/delete' },
  templateApprove: { method: 'POST', path: '/template/approve' },
  uploadImage: { method: 'POST', path: '/upload/image', bodyType: 'multipart' },
  uploadDetail: { method: 'GET', path: '/upload/detail' },
  uploadList: { method: 'GET', path: '/upload/list' },
  uploadUsage: { method: 'GET', path: '/upload/usage' },
  deleteUpload: { method: 'POST', path: '/upload/delete' },
  createCreation: { method: 'POST', path: '/creation/create' },
  creationList: { method: 'GET', path: '/creation/list' },
  creationDetail: { method: 'GET', path: '/creation/detail' },
  deleteCreation: { method: 'POST', path: '/creation/delete' },
  renameCreation: { method: 'POST', path: '/creation/rename' },
  previewCreation: { method: 'POST', path: '/creation/preview', answer: 'image' },
  offerList: { method: 'GET', path: '/offer/list' },
  offerDetail: { method: 'GET', path: '/offer/detail' },
  seller: { method: 'GET', path: '/seller' },
  checkoutCreate: { method: 'POST', path: '/checkout/create' },
  checkoutPay: { method: 'POST', path: '/checkout/pay' },
  checkoutDetail: { method: 'GET', path: '/checkout/detail' },
  purchaseList: { method: 'GET', path: '/purchase/list' },
  purchaseReceipt: { method: 'GET', path: '/purchase/receipt' },
  purchaseReceiptPdf: { method: 'GET', path: '/purchase/receipt-pdf', answer: 'pdf' },
  creditHistory: { method: 'GET', path: '/credit/history' },
  creditBalance: { method: 'GET', path: '/credit/balance' },
  billingDetails: { method: 'GET', path: '/billing/details' },
  billingDetailsSave: { method: 'POST', path: '/billing/details' },
  subscriptionCurrent: { method: 'GET', path: '/subscription/current' },
  subscriptionCancel: { method: 'POST', path: '/subscription/cancel' },
  subscriptionResume: { method: 'POST', path: '/subscription/resume' },
  subscriptionSwitch: { method: 'POST', path: '/subscription/switch' },
  dashboardSummary: { method: 'GET', path: '/dashboard/summary' },
  // Developer API keys (docs/product.md#the-developer-api).
  apiKeyCreate: { method: 'POST', path: '/key/create' },
  apiKeyList: { method: 'GET', path: '/key/list' },
  apiKeyRevoke: { method: 'POST', path: '/key/revoke' },
  // The brand kit (docs/product.md#designing-templates).
  fontUpload: { method: 'POST', path: '/font/upload', bodyType: 'multipart' },
  fontList: { method: 'GET', path: '/font/list' },
  fontDelete: { method: 'POST', path: '/font/delete' },
  paletteGet: { method: 'GET', path: '/brand/palette' },
  paletteSave: { method: 'POST', path: '/brand/palette' },
  // Bulk create: one creation per row of a CSV (docs/product.md#bulk-create, the app's side of /v1/batches).
  batchCsvTemplate: { method: 'GET', path: '/batch/csv-template' },
  batchValidate: { method: 'POST', path: '/batch/validate' },
  batchCreate: { method: 'POST', path: '/batch/create' },
  batchDetail: { method: 'GET', path: '/batch/detail' },
  batchList: { method: 'GET', path: '/batch/list' },
  batchCancel: { method: 'POST', path: '/batch/cancel' },
  // Teams (docs/product.md#teams).
  teamCreate: { method: 'POST', path: '/team/create' },
  teamList: { method: 'GET', path: '/team/list' },
  teamMembers: { method: 'GET', path: '/team/members' },
  teamInvite: { method: 'POST', path: '/team/invite' },
  teamInviteRevoke: { method: 'POST', path: '/team/invite/revoke' },
  teamJoin: { method: 'POST', path: '/team/join' },
  teamRole: { method: 'POST', path: '/team/role' },
  teamRemove: { method: 'POST', path: '/team/remove' },
  teamTransfer: { method: 'POST', path: '/team/transfer' },
  teamDelete: { method: 'POST', path: '/team/delete' },
  teamSettings: { method: 'POST', path: '/team/settings' },
  // Review (docs/product.md#review).
  templateShare: { method: 'POST', path: '/template/share' },
  reviewDetail: { method: 'GET', path: '/review/detail' },
  reviewPreview: { method: 'POST', path: '/review/preview', answer: 'image' },
  commentList: { method: 'GET', path: '/comment/list' },
  commentCreate: { method: 'POST', path: '/comment/create' },
  commentResolve: { method: 'POST', path: '/comment/resolve' },
  commentMembers: { method: 'GET', path: '/comment/members' },
  teamAudit: { method: 'GET', path: '/team/audit' },
  teamAuditCsv: { method: 'GET', path: '/team/audit-csv' },
} as const satisfies Record<string, EndpointRoute>

export type EndpointRouteName = keyof typeof endpointRoutes
