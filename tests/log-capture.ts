import { loggerOptions } from '../src/server/plugins/logging.ts';

export interface LogLine {
  level: number;
  msg?: string;
  [key: string]: unknown;
}

/** The app's real logger (pino, its redaction and serializers) writing into an array, for assertions. */
export function captureLog(level = 'info') {
  const lines: LogLine[] = [];
  return {
    logger: loggerOptions(level, { write: (line: string) => lines.push(JSON.parse(line) as LogLine) }),
    lines,
    /** Lines whose message starts with `prefix`. */
    matching: (prefix: string) => lines.filter((l) => l.msg?.startsWith(prefix)),
  };
}
