/**
 * The contract's limits as plain numbers (`@templet/api/limits`): the schemas in src/contract are written with
 * them, and a browser form or check that must agree with the server imports them from here, without zod.
 * A limit is changed here, once.
 */

/** Largest accepted upload, in bytes (docs/product.md#uploads-and-files). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024

/** An email address, in characters (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254
/** A new password, in characters. */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128
/** The name an account shows (registration). */
export const DISPLAY_NAME_MAX_LENGTH = 50

/** The contact form: the sender's name and the message, in characters. */
export const CONTACT_NAME_MAX_LENGTH = 100
export const CONTACT_MESSAGE_MIN_LENGTH = 10
export const CONTACT_MESSAGE_MAX_LENGTH = 5000

/** The largest page of a paged list (`pageSize`). */
export const PAGE_SIZE_MAX = 100
/** A list's `?q=` search text, in characters. */
export const SEARCH_TEXT_MAX_LENGTH = 100
/** A creation's name, in characters. */
export const CREATION_NAME_MAX_LENGTH = 100

/** A brand font file, in bytes (a Latin family's file is 20-500 kB; a whole CJK font is no brand font). */
export const FONT_MAX_BYTES = 5 * 1024 * 1024
/** Font files one account keeps in its brand kit. */
export const BRAND_FONTS_MAX = 40
/** Colours in one account's brand palette. */
export const PALETTE_COLORS_MAX = 24
/** Rows one batch (bulk create, `/v1/batches`) may hold; a bigger job is several batches. */
export const BATCH_MAX_ROWS = 1000
/**
 * Columns of a batch CSV: a template's CSV has a column per field, one per drawn text field's language and
 * `name` (the catalogue's largest, 23 fields, has 47). Past it the file is refused as it is read.
 */
export const BATCH_MAX_COLUMNS = 200
/**
 * The largest CSV the app sends to bulk create, in bytes of UTF-8. It travels inside a JSON body, which the API
 * takes up to 1 MB: half of that leaves room for the quotes and line breaks JSON escapes. 1,000 rows of a few
 * fields fit.
 */
export const BATCH_CSV_MAX_BYTES = 512 * 1024
/** The longest name of a team. */
export const TEAM_NAME_MAX_LENGTH = 60
/** The most teams one person may belong to (their own and others'). */
export const TEAMS_PER_PERSON_MAX = 20
/** The most members and pending invitations a team may have together. */
export const TEAM_SEATS_MAX = 50
/** How long a team invitation's link works, in days. */
export const TEAM_INVITATION_DAYS = 7
/** The name a team's receipts are billed to, in characters. */
export const BILLING_NAME_MAX_LENGTH = 100
/** Lines of the postal address on a team's receipts, and the characters of each. */
export const BILLING_ADDRESS_LINES_MAX = 5
export const BILLING_ADDRESS_LINE_MAX_LENGTH = 100
/** How long a design's review link works, in days. */
export const REVIEW_LINK_DAYS = 14
/** The longest comment on a design, in characters. */
export const COMMENT_MAX_LENGTH = 2000
