/** One CSV cell: quoted when it holds a comma, a quote or a line break (RFC 4180). */
const cell = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s)

/**
 * A text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a carriage return first), kept as text
 * by a leading apostrophe: for files of what people typed (names, addresses) that others open.
 */
export const asPlainText = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s)

/**
 * A CSV file of `rows` as spreadsheet programs read it: a byte-order mark (so UTF-8, Chinese included, is not
 * taken for a local code page), CRLF line ends, each row ended by one.
 */
export const csvFile = (rows: readonly (readonly string[])[]) =>
  `\uFEFF${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`
