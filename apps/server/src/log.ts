import pino from 'pino'
import type { LogLevel } from './config'

export type LogFields = Record<string, unknown>

/** What the server logs through: a message and its fields. Tests hand the app one that keeps the entries. */
export interface Logger {
  error(msg: string, fields?: LogFields): void
  warn(msg: string, fields?: LogFields): void
  info(msg: string, fields?: LogFields): void
  debug(msg: string, fields?: LogFields): void
}

/**
 * pino, one JSON line per event (`level` by name, ISO `time`, `msg`, the fields): info and debug to stdout,
 * warnings and errors to stderr.
 */
export function createLogger(level: LogLevel): Logger {
  const p = pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    pino.multistream(
      [
        { level: 'debug', stream: process.stdout },
        { level: 'warn', stream: process.stderr },
      ],
      // Each line to the one stream of the highest level it reaches, not to both.
      { dedupe: true },
    ),
  )
  return {
    error: (msg, fields) => p.error(fields, msg),
    warn: (msg, fields) => p.warn(fields, msg),
    info: (msg, fields) => p.info(fields, msg),
    debug: (msg, fields) => p.debug(fields, msg),
  }
}

/** Keeps what an error can safely tell a log: its name, message and stack; never request data. */
export function errorFields(err: unknown): LogFields {
  return err instanceof Error
    ? { error: err.name, message: err.message, stack: err.stack }
    : { error: String(err) }
}
