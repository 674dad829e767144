export type LogLevel = 'silent' | 'error' | 'info'

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void
  error(message: string, fields?: Record<string, unknown>): void
}

/** One JSON object per line on stdout/stderr: easy to read with jq, easy to ship to a log store. */
export function createLogger(level: LogLevel): Logger {
  const write = (
    stream: NodeJS.WriteStream,
    lvl: string,
    message: string,
    fields?: Record<string, unknown>,
  ) =>
    stream.write(
      JSON.stringify({ time: new Date().toISOString(), level: lvl, msg: message, ...fields }) +
        '\n',
    )
  return {
    info: (message, fields) => {
      if (level === 'info') write(process.stdout, 'info', message, fields)
    },
    error: (message, fields) => {
      if (level !== 'silent') write(process.stderr, 'error', message, fields)
    },
  }
}
