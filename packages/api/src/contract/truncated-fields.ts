// Without zod: the app's editor reads the header through '@templet/api', whose values load no schema.

/**
 * The preview's header naming the fields whose text did not fit even at its smallest size and was cut with
 * "…": their keys, each URI-encoded, joined by commas (empty when everything fits).
 */
export const TRUNCATED_FIELDS_HEADER = 'Truncated-Fields'

export const truncatedFieldsHeader = (keys: readonly string[]) => keys.map(encodeURIComponent).join(',')

export const readTruncatedFields = (header: string | null | undefined): string[] =>
  header ? header.split(',').map(decodeURIComponent) : []
