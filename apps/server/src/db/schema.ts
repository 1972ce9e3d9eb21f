import type { Generated, Insertable, Selectable } from 'kysely'

/** Times are milliseconds since the epoch (`bigint` columns; PostgreSQL's int8 is parsed back to a number). */
export interface UserTable {
  id: Generated<number>
  email: string
  name: string
  password_hash: string
  created_at: number
  /** `en` or `zh-CN`: the language of the account's mail (migration 0050). */
  locale: Generated<string>
  /** When the address answered a confirmation mail; null until then. */
  email_verified_at: number | null
  /** Set while a deletion is requested: the account and its files go once this time has passed. */
  delete_after: number | null
  /** When the account was purged: the row stays as an anonymous tombstone for the purchases the law keeps. */
  deleted_at: number | null
  /** `person`, or `team`: a team's workspace, which owns what the team makes and cannot sign in (0240). */
  kind: Generated<'person' | 'team'>
}

export interface SessionTable {
  id: Generated<number>
  user_id: number
  /** SHA-256 of the token, hex; the token itself is never stored. */
  token_hash: string
  created_at: number
  expires_at: number
  /** Set when a fresh token was handed out in this one's place; it then expires after the grace period. */
  rotated_at: number | null
  /** The session that replaced this one, so logout can end the whole chain of one device. */
  replaced_by: number | null
  /** The browser's User-Agent when the session began (migration 0050), for the list of active sessions. */
  user_agent: Generated<string | null>
  /** The last request with it, updated at most once a minute. */
  last_seen_at: Generated<number | null>
}

export type AccountTokenPurpose = 'reset_password' | 'verify_email' | 'change_email'

/** A single-use link mailed to the account (migration 0050); `token_hash` is the SHA-256 of the token. */
export interface AccountTokenTable {
  id: Generated<number>
  user_id: number
  purpose: AccountTokenPurpose
  token_hash: string
  /** Where the link was sent: the new address of an email change. */
  email: string
  created_at: number
  expires_at: number
  used_at: number | null
}

export interface NotificationTable {
  id: Generated<number>
  user_id: number
  type: string
  /** JSON of the type's parameters (`notificationParams` in the contract); no sentence is stored. */
  params: string
  /** 0 unread, 1 read. */
  checked: number
  created_at: number
  /**
   * Unique per user when set (migration 0061): the creations of one hour (`creations:<hour>`) or one
   * subscription's state (`subscription:<id>`) are one notification, updated in place of a new one.
   */
  group_key: string | null
  /** How many events the grouped notification stands for (1 for an ungrouped one). */
  group_count: Generated<number>
}

export interface TemplateTypeTable {
  id: Generated<number>
  slug: string
  name: string
  /** Added by 0003_media; '' for rows older than it until the next seed. */
  name_zh: Generated<string>
  template_count: number
  sort_order: number
}

export interface TemplateTypeStarTable {
  template_type_id: number
  user_id: number
  created_at: number
}

/** Every grant and spend of credits is a row; the balance is the sum of `delta`. */
export interface CreditLedgerTable {
  id: Generated<number>
  user_id: number
  delta: number
  reason: string
  /** Makes a grant happen once (e.g. a payment event id); null for rows that need no such guard. */
  idempotency_key: string | null
  created_at: number
  /** The purchase that granted (or, for a refund, took back) these credits. */
  purchase_id: number | null
}

export interface CheckoutTable {
  id: string
  user_id: number
  offer_id: string
  variant: string
  provider: string
  /** `open` -> `charged` (the money is taken) -> `paid` (the credits are granted). */
  status: string
  card_brand: string | null
  card_last4: string | null
  card_outcome: string | null
  /** The provider's id for it (a Stripe Checkout Session id). */
  provider_ref: string | null
  created_at: number
  charged_at: number | null
  /** Who opened it (migration 0261): in a team's workspace, the admin the team's activity says paid. */
  opened_by: Generated<number | null>
}

export interface SubscriptionTable {
  id: Generated<number>
  user_id: number
  checkout_id: string | null
  offer_id: string
  next_offer_id: string | null
  variant: string
  provider: string
  provider_ref: string | null
  /** active, past_due, canceled */
  status: string
  cancel_at_period_end: number
  period: number
  anchor_at: number
  current_period_start: number
  current_period_end: number
  card_brand: string | null
  card_last4: string | null
  card_outcome: string | null
  created_at: number
}

export interface PurchaseTable {
  id: Generated<number>
  user_id: number
  source_key: string
  checkout_id: string | null
  subscription_id: number | null
  offer_id: string
  kind: string
  tier: string
  amount_cents: number
  currency: string
  /** paid, failed, refunded */
  status: string
  credits: number
  refunded_credits: Generated<number>
  variant: string
  /** checkout, renewal */
  source: string
  provider: string
  payment_ref: string | null
  card_brand: string | null
  card_last4: string | null
  created_at: number
  /** What the receipt is billed to, as the workspace had set it when paid (0280, ADR 0210): JSON `{ name, address }`. */
  billed_to: Generated<string | null>
}

/** The name and postal address a team's receipts are billed to (0280, ADR 0210); `address` is a JSON list of lines. */
export interface BillingDetailsTable {
  user_id: number
  name: string
  address: string
  updated_at: number
}

export interface ContactMessageTable {
  id: Generated<number>
  /** The signed-in sender, if any. */
  user_id: number | null
  name: string
  email: string
  message: string
  created_at: number
}

/** One fixed window of a rate limit, shared by every server process on the database. */
export interface RateLimitTable {
  key: string
  count: number
  /** When the window ends, ms since the epoch. */
  reset_at: number
}

/**
 * Failed sign-ins by key (an account, an account from one address, a known device; features/accounts/login-throttle.ts):
 * counted before each password check, forgotten on a success.
 */
export interface LoginThrottleTable {
  key: string
  failures: number
  /** No password is checked for this key before this time, ms since the epoch. */
  blocked_until: number
  updated_at: number
}

// Media: templates of the catalogue, uploads and creations (migration 0003_media).

/** A template of the catalogue; rows stay when a template leaves the catalogue (old creations name it). */
export interface TemplateTable {
  id: Generated<number>
  slug: string
  template_type_id: number
  name: string
  name_zh: string
  width: number
  height: number
  sort_order: number
  /** The template file (JSON) as loaded from the catalogue. */
  definition: string
  /** 1 while the catalogue has it; 0 hides it from lists and new creations. */
  active: number
  /** The customer who made it; null for the catalogue's (migration 0040). */
  owner_id: Generated<number | null>
  /** The current version: `definition` is its document, `template_versions` keeps every one. */
  version: Generated<number>
  updated_at: Generated<number>
  /** Set when its owner deleted it: gone from lists and new creations, its versions kept for old creations. */
  deleted_at: Generated<number | null>
}

/** Every saved version of a template's document; immutable. */
export interface TemplateVersionTable {
  id: Generated<number>
  template_id: number
  version: number
  definition: string
  /** The document's size in bytes (UTF-8): what it takes of its owner's template quota. */
  bytes: Generated<number>
  created_at: number
  /** When a member who may approve marked it approved (migration 0270); null when it is not (or was withdrawn). */
  approved_at: Generated<number | null>
  /** Who approved it: a person, also in a team's workspace; null when it is not approved or their account is gone. */
  approved_by: Generated<number | null>
}

/** An image a user uploaded (re-encoded, metadata stripped); `storage_key` names its one file. */
export interface UploadTable {
  id: Generated<number>
  user_id: number
  storage_key: string
  content_type: string
  width: number
  height: number
  bytes: number
  created_at: number
  /** The name it was stored under (the file's, or the last segment of its URL); null before migration 0180. */
  name: string | null
}

/** Which uploads a creation draws (migration 0011): an upload no creation uses is swept after the retention. */
/** An upload a customer's template draws as a fixed image (a logo), in any of its versions. */
export interface TemplateUploadTable {
  template_id: number
  upload_id: number
}

export interface CreationUploadTable {
  creation_id: number
  upload_id: number
}

/** A rendered creation; its files live under `storage_prefix` in the media storage. */
export interface CreationTable {
  id: Generated<number>
  user_id: number
  template_id: number
  template_type_id: number
  name: string
  /** The field values as JSON. */
  field_values: string
  size_id: string
  locale: string
  width: number
  height: number
  storage_prefix: string
  created_at: number
  /** The template's version it was made from (null only for rows older than migration 0040). */
  template_version: number | null
  /** 1 when the creation's size is a print size and a PDF was kept (migration 0030_creation_pdf). */
  has_pdf: Generated<number>
  /** 0 for a creation asked for as a PDF alone: no PNG, JPEG or WebP (migration 0090_print_pdfs). */
  has_raster: Generated<number>
  /** The raster files it keeps, e.g. `png` (those asked for); null for all three (migration 0160). */
  raster_formats: Generated<string | null>
  /** The options of its PDF for print shops (`print.pdf`), e.g. `bleed,crop_marks`; null when it has none. */
  print_pdf: string | null
  /** Pages of its PDF of every print size of its template (`sizes.pdf`); 0 when it has none. */
  sizes_pdf: Generated<number>
  /** The lexemes search finds it by: its name and typed text (db/search-text.ts, migration 0060). */
  search_text: Generated<string>
  /** JSON of field key -> the language declared for its text value (BCP 47), or null (migration 0100). */
  value_languages: Generated<string | null>
  /** 0 for a test-mode key's creation (watermarked), which the app's lists leave out (migration 0200). */
  livemode: Generated<number>
  /** Pages of its design (migration 0210): page 1's images are `image.*`, each later page's `page-<n>.*`. */
  pages: Generated<number>
}

/** A user's deleted creation, by id only (migration 0062): a link to it says it was deleted. */
export interface DeletedCreationTable {
  id: number
  user_id: number
  deleted_at: number
}

/** Secrets the server makes for itself once and shares between processes (e.g. the file URL key). */
export interface ServerSecretTable {
  name: string
  value: string
}

/** A developer API key (`/v1`); `key_hash` is the SHA-256 of the key, which is never stored. */
export interface SignedImageTable {
  api_key_id: number
  /** SHA-256 (hex) of the URL's canonical form: its path and its sorted query without the signature. */
  digest: string
  /** Null while the first request makes it (or after the render was deleted). */
  render_id: number | null
  claimed_at: number
}

export interface ApiKeyTable {
  id: Generated<number>
  user_id: number
  name: string
  /** Comma-separated: `read`, `render`. */
  scopes: string
  key_hash: string
  /** The key's prefix and last characters, to tell keys apart in a list. */
  hint: string
  created_at: number
  /** Updated at most once a minute per key. */
  last_used_at: number | null
  revoked_at: number | null
  /** `test`: its renders are watermarked and spend nothing (migration 0190). */
  mode: Generated<'live' | 'test'>
  /** Who made it (migration 0260): in a team, the member whom its batches' notifications tell; null before. */
  created_by: Generated<number | null>
}

/** The first answer to a `/v1` POST with an `Idempotency-Key`, kept 24 hours per user and key. */
export interface IdempotencyKeyTable {
  user_id: number
  key: string
  /** SHA-256 of the method, path and body: the same key with another request is a 409. */
  fingerprint: string
  /** `pending` while the first request runs, `done` once its answer is kept. */
  status: 'pending' | 'done'
  response_status: number | null
  /** JSON object of the answer's headers worth replaying (type, location). */
  response_headers: string | null
  response_body: string | null
  created_at: number
  expires_at: number
  /** A pending row whose request has not finished by then is taken over (its process died). */
  locked_until: number
}

export type RenderStatus = 'queued' | 'running' | 'completed' | 'failed' | 'canceled'

/** One render of `/v1` (or one row of a batch), run as a job; its files are those of `creation_id`. */
export interface RenderTable {
  id: Generated<number>
  user_id: number
  api_key_id: number | null
  batch_id: number | null
  /** The row's number in its batch, from 1. */
  row_number: number | null
  template_id: number
  template_version: string
  size_id: string
  locale: string
  /** Comma-separated formats asked for. */
  formats: string
  name: string | null
  field_values: string
  webhook_url: string | null
  status: RenderStatus
  /** JSON of the problem (`type`, `title`, `detail`, `issues`) of a failed render. */
  error: string | null
  creation_id: number | null
  /** 1 while the render's credit is reserved or spent; 0 once refunded. */
  credits_spent: number
  attempts: Generated<number>
  /** The PDF options asked for (`bleed`, `crop_marks`, comma-separated), or null. */
  pdf_options: string | null
  /** JSON of field key -> the language declared for its text value (BCP 47), or null (migration 0100). */
  value_languages: Generated<string | null>
  created_at: number
  started_at: number | null
  completed_at: number | null
  /** 0 for a test key's render: watermarked, free (migration 0190). */
  livemode: Generated<number>
}

export type BatchStatus = 'running' | 'completed' | 'canceled'

export interface BatchTable {
  id: Generated<number>
  user_id: number
  api_key_id: number | null
  template_id: number
  size_id: string
  locale: string
  formats: string
  status: BatchStatus
  total_rows: number
  completed_rows: Generated<number>
  failed_rows: Generated<number>
  canceled_rows: Generated<number>
  credits_reserved: number
  /** The ZIP of the results in the media storage, once made. */
  archive_key: string | null
  created_at: number
  completed_at: number | null
  /** When its "finished" notification was raised (once). */
  notified_at: Generated<number | null>
  /** The PDF options asked for (`bleed`, `crop_marks`, comma-separated), or null. */
  pdf_options: string | null
  /** Pages of its PDF of every completed row (`batches/<id>/document.pdf`); 0 while it has none. */
  pdf_pages: Generated<number>
  /** 0 for a test key's batch: its rows and PDF watermarked, free (migration 0190). */
  livemode: Generated<number>
  /** The member who started it in the app (migration 0260), whom its notification tells; null for `/v1`'s. */
  started_by: Generated<number | null>
}

/** Where an account's events are sent (`/v1/webhook_endpoints`); `secret` signs them. */
export interface WebhookEndpointTable {
  id: Generated<number>
  user_id: number
  url: string
  /** Comma-separated event types. */
  events: string
  secret: string
  created_at: number
}

/** One event for one endpoint, sent until it is answered 2xx or 24 hours have passed. */
export interface WebhookDeliveryTable {
  id: Generated<number>
  endpoint_id: number
  event_id: string
  event_type: string
  /** The exact body sent (and signed) on every attempt. */
  payload: string
  status: 'pending' | 'delivered' | 'failed'
  attempts: Generated<number>
  next_attempt_at: number
  /** A sender holds the delivery until then (another process skips it). */
  locked_until: Generated<number>
  last_attempt_at: number | null
  last_status: number | null
  last_error: string | null
  created_at: number
}

// The brand kit (migration 0070_brand_kit).

/** A customer's font family; documents name it `brand-<family_key>`. */
export interface BrandFamilyTable {
  id: Generated<number>
  user_id: number
  /** Random and unique: what a template document holds, never another account's. */
  family_key: string
  /** The family's name as its first file gives it. */
  name: string
  created_at: number
}

/** One font file of a family: a weight and style; its bytes are the storage object `storage_key`. */
export interface BrandFontTable {
  id: Generated<number>
  user_id: number
  family_id: number
  weight: number
  style: 'normal' | 'italic'
  format: 'ttf' | 'otf' | 'woff2'
  bytes: number
  storage_key: string
  /** 1: re-encoded before it was kept; 0: kept as uploaded by an earlier release; -1: refused when re-encoded. */
  sanitized: Generated<number>
  created_at: number
}

/** A customer's brand colours, as a JSON list of `#rrggbb`. */
export interface BrandPaletteTable {
  user_id: number
  colors: string
  updated_at: number
}

// Teams (migration 0220_teams).

export interface TeamTable {
  id: Generated<number>
  name: string
  created_at: number
  /** The team's workspace: its row in `users` (0240), set for every team. */
  workspace_id: number | null
  /** 1 when its creations draw only approved versions of its designs (0270, ADR 0209); 0 by default. */
  approved_only: Generated<number>
}

/** A review comment on a design (migration 0250): a thread's first comment, or a reply (`parent_id`). */
export interface TemplateCommentTable {
  id: Generated<number>
  template_id: number
  parent_id: number | null
  version: number
  page: number
  /** The point, as fractions of the page's width and height from its top left. */
  x: number
  y: number
  text: string
  /** The member who wrote it; null for a guest (see `author_name`), or once their account is purged. */
  author_id: number | null
  /** A guest's name, given with the review link. */
  author_name: string | null
  resolved_at: number | null
  resolved_by: number | null
  created_at: number
}

export type TeamRoleName = 'owner' | 'admin' | 'editor' | 'viewer'

/** A person's membership of a team; exactly one member of each team is its `owner`. */
export interface TeamMemberTable {
  team_id: number
  user_id: number
  role: TeamRoleName
  created_at: number
}

/** A mailed invitation: pending while neither taken nor revoked and before `expires_at`. */
export interface TeamInvitationTable {
  id: Generated<number>
  team_id: number
  /** The address it was sent to: only the account with this address may take it. */
  email: string
  role: Exclude<TeamRoleName, 'owner'>
  token_hash: string
  invited_by: number | null
  created_at: number
  expires_at: number
  accepted_at: number | null
  revoked_at: number | null
}

/** One entry of a team's activity (migration 0230_team_audit); `action` is the contract's `TeamAuditAction`. */
export interface TeamAuditTable {
  id: Generated<number>
  team_id: number
  /** Who did it; null once their account is purged. */
  actor_id: number | null
  action: string
  /** The member it concerned, if any. */
  subject_id: number | null
  /** An invitation's address. */
  email: string | null
  role: TeamRoleName | null
  from_role: TeamRoleName | null
  /** What a change in the workspace was about (0240). */
  detail: string | null
  created_at: number
}

export interface Database {
  users: UserTable
  sessions: SessionTable
  account_tokens: AccountTokenTable
  notifications: NotificationTable
  template_types: TemplateTypeTable
  template_type_stars: TemplateTypeStarTable
  credit_ledger: CreditLedgerTable
  contact_messages: ContactMessageTable
  rate_limits: RateLimitTable
  login_throttle: LoginThrottleTable
  templates: TemplateTable
  template_versions: TemplateVersionTable
  uploads: UploadTable
  creations: CreationTable
  deleted_creations: DeletedCreationTable
  creation_uploads: CreationUploadTable
  template_uploads: TemplateUploadTable
  server_secrets: ServerSecretTable
  checkouts: CheckoutTable
  subscriptions: SubscriptionTable
  purchases: PurchaseTable
  billing_details: BillingDetailsTable
  api_keys: ApiKeyTable
  signed_images: SignedImageTable
  idempotency_keys: IdempotencyKeyTable
  renders: RenderTable
  batches: BatchTable
  webhook_endpoints: WebhookEndpointTable
  webhook_deliveries: WebhookDeliveryTable
  brand_families: BrandFamilyTable
  brand_fonts: BrandFontTable
  brand_palettes: BrandPaletteTable
  teams: TeamTable
  template_comments: TemplateCommentTable
  team_members: TeamMemberTable
  team_invitations: TeamInvitationTable
  team_audit: TeamAuditTable
}

export type UserRow = Selectable<UserTable>
export type SessionRow = Selectable<SessionTable>
export type NotificationRow = Selectable<NotificationTable>
export type NewNotification = Insertable<NotificationTable>
export type TemplateRow = Selectable<TemplateTable>
export type UploadRow = Selectable<UploadTable>
export type CreationRow = Selectable<CreationTable>
export type CheckoutRow = Selectable<CheckoutTable>
export type SubscriptionRow = Selectable<SubscriptionTable>
export type PurchaseRow = Selectable<PurchaseTable>
export type NewPurchase = Insertable<PurchaseTable>
export type ApiKeyRow = Selectable<ApiKeyTable>
export type RenderRow = Selectable<RenderTable>
export type BatchRow = Selectable<BatchTable>
export type IdempotencyKeyRow = Selectable<IdempotencyKeyTable>
export type WebhookEndpointRow = Selectable<WebhookEndpointTable>
export type WebhookDeliveryRow = Selectable<WebhookDeliveryTable>
