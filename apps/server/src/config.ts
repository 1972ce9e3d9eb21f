import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Seller } from '@templet/api/contract'
import { DOCUMENT_LIMITS, type DocumentLimits } from '@templet/template'
import { z } from 'zod'
import type { LoginThrottleConfig } from './features/accounts/login-throttle'

/** The repository root: this file sits in apps/server/src (or is bundled into apps/server/dist). */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

const int = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` })
    .default(fallback)
/** Three whole numbers of `unit` (MB, megapixels), one per tier 49.9, 84.9 and 139.9 in that order. */
const byTier = (unit: string, fallback: string) =>
  z
    .string()
    .regex(/^\s*[1-9]\d{0,7}\s*,\s*[1-9]\d{0,7}\s*,\s*[1-9]\d{0,7}\s*$/, {
      error: `must be three whole numbers of ${unit}, e.g. ${fallback}`,
    })
    .default(fallback)
    .transform((v) => v.split(',').map((n) => Number(n.trim())) as [number, number, number])
/** Three whole numbers, the credits of the tiers 49.9, 84.9 and 139.9 in that order. */
const creditList = (fallback: string) =>
  z
    .string()
    .regex(/^\s*[1-9]\d{0,5}\s*,\s*[1-9]\d{0,5}\s*,\s*[1-9]\d{0,5}\s*$/, {
      error: 'must be three whole numbers from 1 to 999999, e.g. 100,220,400',
    })
    .default(fallback)
    .transform((v) => v.split(',').map((n) => Number(n.trim())) as [number, number, number])
const flag = z.enum(['0', '1'], { error: 'must be 0 or 1' }).default('0')

/** Media settings: file URLs, uploads, previews, and the S3 bucket when media leave DATA_DIR. */
const mediaEnv = {
  FILE_URL_TTL_SECONDS: int(10, 7 * 24 * 3600, 3600),
  FILE_URL_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  UPLOAD_MAX_PIXELS: int(1, 500_000_000, 50_000_000),
  TEMPLATE_MAX_LAYERS: int(1, 100_000, DOCUMENT_LIMITS.layers),
  TEMPLATE_MAX_SIZES: int(1, 1000, DOCUMENT_LIMITS.sizes),
  TEMPLATE_MAX_LAYER_TEXT: int(1, 1_000_000, DOCUMENT_LIMITS.layerText),
  TEMPLATE_MAX_TEXT: int(1, 10_000_000, DOCUMENT_LIMITS.totalText),
  TEMPLATE_MAX_MEGAPIXELS_FREE: int(1, 1_000_000, 250),
  TEMPLATE_MAX_MEGAPIXELS_PLANS: byTier('megapixels', '500,1000,2000'),
  DECODED_IMAGE_CACHE_MB: int(0, 16_384, 64),
  RENDER_TIME_LIMIT_SECONDS: int(1, 3600, 60),
  RENDER_MEMORY_LIMIT_MB: int(32, 65_536, 512),
  RENDER_THREADS: int(1, 64, 1),
  RENDER_RSS_LIMIT_MB: int(64, 1_048_576, 1024),
  UPLOADS_AT_ONCE: int(1, 1000, 4),
  UPLOAD_LIMIT: int(1, 1_000_000, 60),
  UPLOAD_WINDOW_SECONDS: int(1, 86_400, 3600),
  UPLOAD_QUOTA_MB_FREE: int(1, 10_000_000, 100),
  UPLOAD_QUOTA_MB_PLANS: byTier('MB', '1024,2048,5120'),
  UPLOAD_RETENTION_DAYS: int(1, 36_500, 30),
  TEMPLATE_SAVE_LIMIT: int(1, 1_000_000, 60),
  TEMPLATE_SAVE_WINDOW_SECONDS: int(1, 86_400, 600),
  TEMPLATE_QUOTA_MB_FREE: int(1, 10_000_000, 50),
  TEMPLATE_QUOTA_MB_PLANS: byTier('MB', '200,500,1000'),
  IMAGE_MEGAPIXELS_AT_ONCE: int(1, 10_000, 48),
  IMAGE_WAIT_SECONDS: int(0, 300, 10),
  PREVIEW_LIMIT: int(1, 1_000_000, 600),
  PREVIEW_WINDOW_SECONDS: int(1, 86_400, 60),
  ORPHAN_GRACE_SECONDS: int(0, 7 * 24 * 3600, 3600),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ error: 'must be a URL' }).optional(),
  S3_FORCE_PATH_STYLE: flag,
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PREFIX: z.string().default(''),
}

/** The developer API (`/v1`), its jobs and webhooks (docs/product.md#the-developer-api). */
const developerApiEnv = {
  ROLE: z.enum(['api', 'worker', 'both'], { error: 'must be api, worker or both' }).default('both'),
  API_RATE_LIMIT: int(1, 1_000_000, 600),
  API_RATE_WINDOW_SECONDS: int(1, 86_400, 60),
  RENDER_WAIT_MS: int(0, 60_000, 5000),
  WORKER_CONCURRENCY: int(1, 64, 2),
  JOB_EXPIRE_SECONDS: int(1, 86_400, 300),
  JOB_MAINTENANCE_SECONDS: int(1, 3600, 60),
  WEBHOOK_ALLOW_PRIVATE: flag,
  IMAGE_URL_ALLOW_PRIVATE: flag,
  IMAGE_URL_TIMEOUT_MS: int(100, 60_000, 10_000),
  WEBHOOK_SCHEDULER_SECONDS: int(1, 3600, 5),
  WEBHOOK_TIMEOUT_MS: int(100, 60_000, 10_000),
  METRICS_TOKEN: z
    .string()
    .min(16, { error: 'must be at least 16 characters' })
    .max(256, { error: 'must be at most 256 characters' })
    .regex(/^[\x21-\x7e]+$/, { error: 'must be printable ASCII without spaces (it is sent in a header)' })
    .optional(),
}

/** Mail and the account's lifecycle (docs/product.md#accounts). */
const accountEnv = {
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, { error: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Templet <no-reply@templet.invalid>'),
  NODE_ENV: z.string().default('development'),
  ACCOUNT_MAIL_LIMIT: int(1, 1_000_000, 5),
  ACCOUNT_MAIL_WINDOW_SECONDS: int(1, 86_400, 3600),
  RESET_TOKEN_TTL_SECONDS: int(60, 86_400, 3600),
  VERIFY_TOKEN_TTL_SECONDS: int(60, 30 * 86_400, 2 * 86_400),
  DELETION_GRACE_DAYS: int(0, 90, 7),
  ACCOUNT_SCHEDULER_SECONDS: int(1, 86_400, 300),
}

const envSchema = z.object({
  PORT: int(0, 65535, 3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, { error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  SESSION_TTL_SECONDS: int(60, 365 * 24 * 3600, 7 * 24 * 3600),
  SESSION_GRACE_SECONDS: int(1, 3600, 60),
  HEADERS_TIMEOUT_SECONDS: int(1, 300, 20),
  ABUSIVE_REFUSAL_DELAY_MS: int(0, 60_000, 1000),
  REQUEST_TIMEOUT_SECONDS: int(1, 3600, 120),
  DRAIN_SECONDS: int(1, 3600, 30),
  DRAIN_IDLE_SECONDS: int(1, 600, 5),
  KEEP_ALIVE_SECONDS: int(1, 3600, 65),
  STREAM_HEARTBEAT_SECONDS: int(1, 300, 20),
  STREAM_LIMIT_PER_USER: int(1, 100_000, 10),
  REGISTER_LIMIT: int(1, 1_000_000, 20),
  REGISTER_WINDOW_SECONDS: int(1, 86_400, 600),
  LOGIN_IP_LIMIT: int(1, 1_000_000, 30),
  LOGIN_IP_WINDOW_SECONDS: int(1, 86_400, 60),
  LOGIN_FAILURE_LIMIT: int(1, 1_000_000, 10),
  LOGIN_SOURCE_FAILURE_LIMIT: int(1, 1_000_000, 5),
  LOGIN_FAILURE_WINDOW_SECONDS: int(60, 86_400, 900),
  CONTACT_LIMIT: int(1, 1_000_000, 5),
  CHECKOUT_LIMIT: int(1, 1_000_000, 30),
  CHECKOUT_WINDOW_SECONDS: int(1, 86_400, 3600),
  PAYMENT_LIMIT: int(1, 1_000_000, 20),
  PAYMENT_WINDOW_SECONDS: int(1, 86_400, 3600),
  PLAN_CHANGE_LIMIT: int(1, 1_000_000, 20),
  PLAN_CHANGE_WINDOW_SECONDS: int(1, 86_400, 3600),
  CONTACT_WINDOW_SECONDS: int(1, 86_400, 3600),
  TEAM_INVITE_LIMIT: int(1, 1_000_000, 30),
  TEAM_INVITE_WINDOW_SECONDS: int(1, 86_400, 3600),
  LOG_LEVEL: z
    .enum(['silent', 'error', 'warn', 'info', 'debug'], {
      error: 'must be one of silent, error, warn, info, debug',
    })
    .default('info'),
  WEB_DIST: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  DEMO_DATA: flag,
  TRUST_PROXY: flag,
  CORS_ORIGINS: z.string().default(''),
  ARGON2_MEMORY_KIB: int(8, 4_194_304, 19_456),
  ARGON2_TIME_COST: int(1, 100, 2),
  ...mediaEnv,
  OFFER_GROUP_MAIN: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, { error: 'must be lower-case letters, digits, - or _' })
    .default('main'),
  OFFER_GROUP_PROMO: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, { error: 'must be lower-case letters, digits, - or _' })
    .default('promo'),
  OFFER_CREDITS_MAIN: creditList('100,220,400'),
  OFFER_CREDITS_PROMO: creditList('120,260,480'),
  // A monthly plan at a pack's price grants a quarter more (docs/product.md#packs-and-plans): the lower price
  // per credit the pages state.
  OFFER_PLAN_CREDITS_MAIN: creditList('125,275,500'),
  OFFER_PLAN_CREDITS_PROMO: creditList('150,325,600'),
  // Who sells, on receipts and in the policies. The defaults are for development and say so.
  SELLER_LEGAL_NAME: z.string().trim().min(1).max(200).default('Templet Development Ltd. (example seller)'),
  SELLER_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .default('1 Example Street|10115 Berlin|Germany')
    .transform((v) =>
      v
        .split('|')
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  SELLER_TAX_ID: z.string().trim().min(1).max(50).default('DE000000000 (example)'),
  SELLER_EMAIL: z.email({ error: 'must be an email address' }).default('billing@templet.example'),
  BILLING_CURRENCY: z
    .string()
    .regex(/^[A-Za-z]{3}$/, { error: 'must be a three-letter ISO 4217 code' })
    .transform((c) => c.toUpperCase())
    .default('USD'),
  PUBLIC_URL: z.url({ error: 'must be a URL' }).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  BILLING_SCHEDULER_SECONDS: int(1, 86_400, 60),
  ...developerApiEnv,
  ...accountEnv,
})

export type LogLevel = z.infer<typeof envSchema>['LOG_LEVEL']

export interface Limit {
  limit: number
  windowSeconds: number
}

export interface AccountConfig {
  /** Mail goes through this SMTP server; without it, to `dataDir/outbox` as `.eml` files. */
  smtpUrl: string | undefined
  mailFrom: string
  /** The outbox page (`/dev/outbox`) is served: no SMTP server and not `NODE_ENV=production`. */
  outboxPage: boolean
  /** Mails asked for per address and per email (forgot password, resend, change email). */
  mailLimit: Limit
  resetTokenTtlSeconds: number
  verifyTokenTtlSeconds: number
  deletionGraceDays: number
  schedulerSeconds: number
}

export interface Config {
  port: number
  host: string
  dataDir: string
  /** PostgreSQL when set, else SQLite in `dataDir/templet.db`. */
  databaseUrl: string | undefined
  sessionTtlSeconds: number
  /** How long a token keeps working after a fresh one was handed out in its place. */
  sessionGraceSeconds: number
  /** Mail, account links and deletion (docs/product.md#accounts). */
  account: AccountConfig
  /** Per IP: registrations, sign-ins, contact messages; per account: checkouts opened, card payments tried, subscription changes (cancel, resume, switch) and team invitations mailed. */
  rateLimits: {
    register: Limit
    loginIp: Limit
    contact: Limit
    checkout: Limit
    payment: Limit
    planChange: Limit
    /** Team invitations mailed, per inviting account. */
    teamInvite: Limit
  }
  /** Failed sign-ins before waits start (per account from unknown devices; per account and address or known device), and the longest wait. */
  loginThrottle: LoginThrottleConfig
  /** How long the answer to a body no client sends (past the JSON limits, more problems than listed) waits. */
  abusiveRefusalDelayMs: number
  /**
   * How long a client may take to send a request's headers, and the whole request (Node's defaults: 60 s, 300 s);
   * how long the rest of a body left unread by an early answer is read, in all and with no byte arriving; how
   * long an idle kept-alive connection stays open.
   */
  http: {
    headersTimeoutMs: number
    requestTimeoutMs: number
    drainMs: number
    drainIdleMs: number
    keepAliveMs: number
  }
  /** The live notification stream: how often a comment line keeps it open (and its session is checked again), and how many one user may hold open on one process. */
  stream: { heartbeatSeconds: number; perUserLimit: number }
  logLevel: LogLevel
  webDist: string
  demoData: boolean
  trustProxy: boolean
  corsOrigins: string[]
  argon2: { memoryCost: number; timeCost: number }
  media: MediaConfig
  billing: BillingConfig
  developerApi: DeveloperApiConfig
}

export interface DeveloperApiConfig {
  /** `api` serves requests, `worker` runs jobs, `both` (default) does both. */
  role: 'api' | 'worker' | 'both'
  /** Requests per API key (or per IP without one) per window, on every `/v1` answer's RateLimit headers. */
  rateLimit: Limit
  /** How long `POST /v1/renders` waits for the render before answering 202 instead of 201. */
  renderWaitMs: number
  /** Jobs one worker process runs at once. */
  workerConcurrency: number
  /** A job running longer than this is taken for dead and retried (a killed worker's job runs elsewhere). */
  jobExpireSeconds: number
  /** How often the queue looks for expired jobs (PostgreSQL). */
  jobMaintenanceSeconds: number
  /** Allow webhook deliveries to private and loopback addresses (tests, a local receiver). */
  webhookAllowPrivate: boolean
  /** Allow images given by URL to be fetched from private and loopback addresses, over http too (tests). */
  imageUrlAllowPrivate: boolean
  /** How long fetching one image given by URL may take, redirects included. */
  imageUrlTimeoutMs: number
  /** How often due webhook deliveries are sent. */
  webhookSchedulerSeconds: number
  webhookTimeoutMs: number
  /** `/metrics` asks for `Authorization: Bearer <token>` when set; unset, it answers only on this machine. */
  metricsToken: string | undefined
}

export interface MediaConfig {
  /** How long a signed file URL works. */
  fileUrlTtlSeconds: number
  /** The key of file URL signatures; when unset the server makes one and keeps it in the database. */
  fileUrlSecret: string | undefined
  uploadMaxPixels: number
  /**
   * What a saved template's document may cost to draw (the model's `documentOverLimits`); its megapixels are
   * `documentMegapixels`' for the saving account's plan.
   */
  documentLimits: Omit<DocumentLimits, 'megapixels'>
  /** Megapixels a saved document may draw, by plan: without a subscription, and with the tiers 49.9, 84.9, 139.9. */
  documentMegapixels: { free: number; plans: [number, number, number] }
  /** Bytes of customers' photos kept decoded between renders (0: none), so live previews do not decode them again. */
  decodedImageCacheBytes: number
  /** Wall time one render (a creation's raster files) may take before its thread is stopped and it is refused. */
  renderTimeLimitSeconds: number
  /** Heap of each render thread; a render that outgrows it alone is refused. */
  renderMemoryLimitMb: number
  /** Worker threads a process renders in (each takes two renders at once; the rest wait, accounts in turn). */
  renderThreads: number
  /**
   * The process's resident memory past which a drawing starts only when none is in flight: the threads' heap
   * limit does not bound what Skia and the encoders hold outside it.
   */
  renderRssLimitMb: number
  preview: Limit
  /**
   * One process's image work at once: upload bodies being read and checked, and megapixels being decoded or
   * rendered; work beyond waits up to `waitSeconds`, then is answered 429 with Retry-After.
   */
  imageWork: { uploadsAtOnce: number; megapixelsAtOnce: number; waitSeconds: number }
  /** Uploads one account may make per window. */
  uploadRate: Limit
  /** Storage for one account's uploads: without a subscription, and with one of the tiers 49.9, 84.9, 139.9. */
  uploadQuota: { freeBytes: number; planBytes: [number, number, number] }
  /** Template saves one account may make per window. */
  templateSaveRate: Limit
  /** The bytes one account's templates may take, every version counted, by plan (as `uploadQuota`). */
  templateQuota: { freeBytes: number; planBytes: [number, number, number] }
  /** Uploads no creation uses are deleted this long after they were made. */
  uploadRetentionDays: number
  /** Files without a database row older than this are removed by the sweep. */
  orphanGraceSeconds: number
  /** Media in this S3-compatible bucket; in `DATA_DIR/media` when unset. */
  s3:
    | {
        bucket: string
        region: string
        endpoint?: string
        forcePathStyle: boolean
        accessKeyId?: string
        secretAccessKey?: string
        prefix: string
      }
    | undefined
}

export interface BillingConfig {
  /**
   * The two offer groups' ids (in checkout paths: docs/product.md#screens) and each one's credits for the tiers
   * 49.9, 84.9, 139.9: of a one-off pack (`credits`) and of a month of a plan (`planCredits`).
   */
  groups: { id: string; credits: [number, number, number]; planCredits: [number, number, number] }[]
  currency: string
  /** Who sells: on receipts and in the policies (`GET /seller`). */
  seller: Seller
  /** Where Stripe sends the customer back; defaults to the listening address. */
  publicUrl: string
  /** Both set: the `stripe` provider; otherwise the embedded `sandbox`. */
  stripe: { secretKey: string; webhookSecret: string } | null
  /** How often the renewal scheduler looks for due subscriptions. */
  schedulerSeconds: number
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Parses every setting from the environment once; throws a {@link ConfigError} naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const blankAsUnset = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = envSchema.safeParse(blankAsUnset)
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join('.')}=${JSON.stringify(env[String(i.path[0])])}: ${i.message}`,
    )
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  if (e.OFFER_GROUP_MAIN === e.OFFER_GROUP_PROMO)
    throw new ConfigError(
      `Invalid configuration:\n  OFFER_GROUP_PROMO=${JSON.stringify(e.OFFER_GROUP_PROMO)}: must differ from OFFER_GROUP_MAIN`,
    )
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    sessionTtlSeconds: e.SESSION_TTL_SECONDS,
    sessionGraceSeconds: e.SESSION_GRACE_SECONDS,
    account: {
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM,
      outboxPage: !e.SMTP_URL && e.NODE_ENV !== 'production',
      mailLimit: { limit: e.ACCOUNT_MAIL_LIMIT, windowSeconds: e.ACCOUNT_MAIL_WINDOW_SECONDS },
      resetTokenTtlSeconds: e.RESET_TOKEN_TTL_SECONDS,
      verifyTokenTtlSeconds: e.VERIFY_TOKEN_TTL_SECONDS,
      deletionGraceDays: e.DELETION_GRACE_DAYS,
      schedulerSeconds: e.ACCOUNT_SCHEDULER_SECONDS,
    },
    rateLimits: {
      register: { limit: e.REGISTER_LIMIT, windowSeconds: e.REGISTER_WINDOW_SECONDS },
      loginIp: { limit: e.LOGIN_IP_LIMIT, windowSeconds: e.LOGIN_IP_WINDOW_SECONDS },
      contact: { limit: e.CONTACT_LIMIT, windowSeconds: e.CONTACT_WINDOW_SECONDS },
      checkout: { limit: e.CHECKOUT_LIMIT, windowSeconds: e.CHECKOUT_WINDOW_SECONDS },
      payment: { limit: e.PAYMENT_LIMIT, windowSeconds: e.PAYMENT_WINDOW_SECONDS },
      planChange: { limit: e.PLAN_CHANGE_LIMIT, windowSeconds: e.PLAN_CHANGE_WINDOW_SECONDS },
      teamInvite: { limit: e.TEAM_INVITE_LIMIT, windowSeconds: e.TEAM_INVITE_WINDOW_SECONDS },
    },
    abusiveRefusalDelayMs: e.ABUSIVE_REFUSAL_DELAY_MS,
    loginThrottle: {
      accountLimit: e.LOGIN_FAILURE_LIMIT,
      sourceLimit: e.LOGIN_SOURCE_FAILURE_LIMIT,
      maxDelaySeconds: e.LOGIN_FAILURE_WINDOW_SECONDS,
    },
    http: {
      headersTimeoutMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      drainMs: e.DRAIN_SECONDS * 1000,
      drainIdleMs: e.DRAIN_IDLE_SECONDS * 1000,
      keepAliveMs: e.KEEP_ALIVE_SECONDS * 1000,
    },
    stream: { heartbeatSeconds: e.STREAM_HEARTBEAT_SECONDS, perUserLimit: e.STREAM_LIMIT_PER_USER },
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST),
    demoData: e.DEMO_DATA === '1',
    trustProxy: e.TRUST_PROXY === '1',
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    argon2: { memoryCost: e.ARGON2_MEMORY_KIB, timeCost: e.ARGON2_TIME_COST },
    media: {
      fileUrlTtlSeconds: e.FILE_URL_TTL_SECONDS,
      fileUrlSecret: e.FILE_URL_SECRET,
      uploadMaxPixels: e.UPLOAD_MAX_PIXELS,
      documentLimits: {
        layers: e.TEMPLATE_MAX_LAYERS,
        sizes: e.TEMPLATE_MAX_SIZES,
        layerText: e.TEMPLATE_MAX_LAYER_TEXT,
        totalText: e.TEMPLATE_MAX_TEXT,
      },
      documentMegapixels: { free: e.TEMPLATE_MAX_MEGAPIXELS_FREE, plans: e.TEMPLATE_MAX_MEGAPIXELS_PLANS },
      decodedImageCacheBytes: e.DECODED_IMAGE_CACHE_MB * 2 ** 20,
      renderTimeLimitSeconds: e.RENDER_TIME_LIMIT_SECONDS,
      renderMemoryLimitMb: e.RENDER_MEMORY_LIMIT_MB,
      renderThreads: e.RENDER_THREADS,
      renderRssLimitMb: e.RENDER_RSS_LIMIT_MB,
      preview: { limit: e.PREVIEW_LIMIT, windowSeconds: e.PREVIEW_WINDOW_SECONDS },
      uploadRate: { limit: e.UPLOAD_LIMIT, windowSeconds: e.UPLOAD_WINDOW_SECONDS },
      uploadQuota: {
        freeBytes: e.UPLOAD_QUOTA_MB_FREE * 2 ** 20,
        planBytes: e.UPLOAD_QUOTA_MB_PLANS.map((mb) => mb * 2 ** 20) as [number, number, number],
      },
      templateSaveRate: { limit: e.TEMPLATE_SAVE_LIMIT, windowSeconds: e.TEMPLATE_SAVE_WINDOW_SECONDS },
      templateQuota: {
        freeBytes: e.TEMPLATE_QUOTA_MB_FREE * 2 ** 20,
        planBytes: e.TEMPLATE_QUOTA_MB_PLANS.map((mb) => mb * 2 ** 20) as [number, number, number],
      },
      uploadRetentionDays: e.UPLOAD_RETENTION_DAYS,
      imageWork: {
        uploadsAtOnce: e.UPLOADS_AT_ONCE,
        megapixelsAtOnce: e.IMAGE_MEGAPIXELS_AT_ONCE,
        waitSeconds: e.IMAGE_WAIT_SECONDS,
      },
      orphanGraceSeconds: e.ORPHAN_GRACE_SECONDS,
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
            forcePathStyle: e.S3_FORCE_PATH_STYLE === '1',
            ...(e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID } : {}),
            ...(e.S3_SECRET_ACCESS_KEY ? { secretAccessKey: e.S3_SECRET_ACCESS_KEY } : {}),
            prefix: e.S3_PREFIX,
          }
        : undefined,
    },
    billing: {
      groups: [
        { id: e.OFFER_GROUP_MAIN, credits: e.OFFER_CREDITS_MAIN, planCredits: e.OFFER_PLAN_CREDITS_MAIN },
        { id: e.OFFER_GROUP_PROMO, credits: e.OFFER_CREDITS_PROMO, planCredits: e.OFFER_PLAN_CREDITS_PROMO },
      ],
      currency: e.BILLING_CURRENCY,
      seller: {
        legalName: e.SELLER_LEGAL_NAME,
        address: e.SELLER_ADDRESS,
        taxId: e.SELLER_TAX_ID,
        email: e.SELLER_EMAIL,
      },
      publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, ''),
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
          : null,
      schedulerSeconds: e.BILLING_SCHEDULER_SECONDS,
    },
    developerApi: {
      role: e.ROLE,
      rateLimit: { limit: e.API_RATE_LIMIT, windowSeconds: e.API_RATE_WINDOW_SECONDS },
      renderWaitMs: e.RENDER_WAIT_MS,
      workerConcurrency: e.WORKER_CONCURRENCY,
      jobExpireSeconds: e.JOB_EXPIRE_SECONDS,
      jobMaintenanceSeconds: e.JOB_MAINTENANCE_SECONDS,
      webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === '1',
      imageUrlAllowPrivate: e.IMAGE_URL_ALLOW_PRIVATE === '1',
      imageUrlTimeoutMs: e.IMAGE_URL_TIMEOUT_MS,
      webhookSchedulerSeconds: e.WEBHOOK_SCHEDULER_SECONDS,
      webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
      metricsToken: e.METRICS_TOKEN,
    },
  }
}
