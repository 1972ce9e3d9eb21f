import type { LogLevel } from './config'

const rank: Record<LogLevel, number> = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 }

export type LogFields = Record<string, unknown>

export interface Logger {
  error(msg: string, fields?: LogFields): void
  warn(msg: string, fields?: LogFields): void
  info(msg: string, fields?: LogFields): void
  debug(msg: string, fields?: LogFields): void
}

/** One JSON line per event: info and debug to stdout, warnings and errors to stderr. */
export function createLogger(level: LogLevel): Logger {
  const write = (at: Exclude<LogLevel, 'silent'>, msg: string, fields?: LogFields) => {
    if (rank[at] > rank[level]) return
    const line = `${JSON.stringify({ time: new Date().toISOString(), level: at, msg, ...fields })}\n`
    ;(rank[at] <= rank.warn ? process.stderr : process.stdout).write(line)
  }
  return {
    error: (msg, fields) => write('error', msg, fields),
    warn: (msg, fields) => write('warn', msg, fields),
    info: (msg, fields) => write('info', msg, fields),
    debug: (msg, fields) => write('debug', msg, fields),
  }
}

/** Keeps what an error can safely tell a log: its name, message and stack; never request data. */
export function errorFields(err: unknown): LogFields {
  return err instanceof Error
    ? { error: err.name, message: err.message, stack: err.stack }
    : { error: String(err) }
}
