import { z } from 'zod'
import { BATCH_CSV_MAX_BYTES } from '../limits'
import { resetTokenField } from './envelope'
import { MAX_ISSUES } from './issues'
import { bodyId, locale, page, pageSizeOr, queryId } from './media-fields'

/** `GET /batch/csv-template`: a CSV whose header names the template's fields, with one sample row. */
export const batchCsvTemplateQuery = z.strictObject({
  templateId: queryId('templateId'),
  /** The language of the sample row (the template's sample values in it). */
  locale: locale.optional(),
})
export const batchCsvTemplateData = z.object({
  /** `<template name>.csv`, for the download. */
  fileName: z.string(),
  /** UTF-8 text with a byte-order mark (spreadsheets then read Chinese correctly), CRLF line ends. */
  csv: z.string(),
})

/**
 * What a CSV column feeds: a field's key, the language of a text field's value (`<key>.lang`), the creation's
 * `name`, or nothing (`null`: left out).
 */
export const batchColumnTarget = z.string().max(64).nullable()

/** A CSV as the customer uploaded it, and what each column feeds. */
export const batchCsvBody = z.strictObject({
  templateId: bodyId('templateId'),
  sizeId: z.string().max(64).optional(),
  /** The language the rows are drawn in (a field left empty draws its default in it). */
  locale: locale.optional(),
  csv: z
    .string({ error: 'csv: Send the CSV file’s text' })
    .min(1, { error: 'The CSV file is empty' })
    .max(BATCH_CSV_MAX_BYTES, {
      error: `The CSV file is larger than ${BATCH_CSV_MAX_BYTES / 1024} KB; split it into several batches`,
    }),
  /**
   * Column header → field key, `name`, or `null` to leave the column out. Columns not named here are matched by
   * their header (a field's key or its label in either language, or `name`); see `columns` in the answer.
   */
  mapping: z.record(z.string().max(200), batchColumnTarget).optional(),
})
export type BatchCsvBody = z.input<typeof batchCsvBody>

/** Why a row will not be made (or was not): the refusal's business code, message and issues by key. */
export const batchRowError = z.object({
  /** 1 for the first row under the header. */
  row: z.number().int().positive(),
  code: z.number().int(),
  message: z.string(),
  issues: z
    .array(
      z.object({
        path: z.array(z.union([z.string(), z.number()])),
        code: z.string(),
        params: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .optional(),
  /** How many more issues the row had than `issues` lists. */
  omitted: z.number().int().positive().optional(),
})
export type BatchRowError = z.infer<typeof batchRowError>

/** The CSV checked as the batch would be, before anything is spent. */
export const batchValidateData = z.object({
  /** Each column of the header, in order, with what it feeds (`null`: nothing). */
  columns: z.array(z.object({ header: z.string(), target: batchColumnTarget })),
  totalRows: z.number().int().nonnegative(),
  /** The first rows as they will be drawn (at most 100): a preview. */
  rows: z.array(
    z.object({
      row: z.number().int().positive(),
      name: z.string().nullable(),
      values: z.record(z.string(), z.string()),
      /** Text field key -> the language its value is written in, as the row gives it (its `<key>.lang` column). */
      valueLanguages: z.record(z.string(), z.string()),
    }),
  ),
  /**
   * Rows that would be refused, in row order: those among the previewed `rows` and the first {@link MAX_ISSUES}
   * after them, so the answer stays small whatever the file held; `errorsOmitted` counts the rest.
   */
  errors: z.array(batchRowError),
  errorsOmitted: z.number().int().positive().optional(),
  /** How many rows would be refused in all. */
  refusedRows: z.number().int().nonnegative(),
  /** Credits the batch spends: one per valid row (refused rows are not charged). */
  cost: z.number().int().nonnegative(),
  balance: z.number().int(),
})
export type BatchValidation = z.infer<typeof batchValidateData>

export const batchStatus = z.enum(['running', 'completed', 'canceled'])

/** A batch as the app shows it: progress, and the ZIP of results once it has finished. */
export const batch = z.object({
  id: z.number().int().positive(),
  templateId: z.number().int().positive(),
  templateName: z.object({ en: z.string(), 'zh-CN': z.string() }),
  sizeId: z.string(),
  status: batchStatus,
  totalRows: z.number().int().nonnegative(),
  completedRows: z.number().int().nonnegative(),
  failedRows: z.number().int().nonnegative(),
  canceledRows: z.number().int().nonnegative(),
  /** Credits spent: the rows made and those still to make (failed and cancelled rows are refunded). */
  creditsSpent: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  /** The ZIP of the rows made (a signed URL), once the batch has finished with at least one. */
  archiveUrl: z.string().nullable(),
})
export type Batch = z.infer<typeof batch>

export const batchDetailQuery = z.strictObject({ id: queryId('id') })
/**
 * A batch with why its rows failed: the first failed rows in row order (at most {@link MAX_ISSUES}, fewer when
 * their errors are long, so the answer stays small whatever the rows held), and how many more failed.
 */
export const batchDetailData = batch.extend({
  errors: z.array(batchRowError).max(MAX_ISSUES),
  errorsOmitted: z.number().int().positive().optional(),
  ...resetTokenField,
})
export type BatchDetail = z.infer<typeof batchDetailData>

export const batchListQuery = z.strictObject({ page, pageSize: pageSizeOr(10) })
export const batchListData = z.array(batch)

export const batchCancelBody = z.strictObject({ id: bodyId('id') })
