import { pino, type Logger } from 'pino';

/** Paths that may carry secrets anywhere in a log line; their values are replaced before writing. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["api-key"]',
  'req.headers["x-api-key"]',
  'headers.authorization',
  'headers["Api-Key"]',
  'headers["api-key"]',
  '*.api_key',
  '*.apiKey',
  '*.token',
  '*.access_token',
  '*.secret',
  '*.password',
  'api_key',
  'apiKey',
  'token',
];

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } });
}
