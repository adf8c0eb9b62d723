import pino, { Logger } from 'pino';

/**
 * Structured JSON logs. Request logs carry method, path, status, duration and the
 * request id; never headers, so keys and device ids cannot leak into them.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'nyc-records-api' },
    redact: { paths: ['req.headers', 'headers', 'authorization', 'deviceId'], remove: true },
  });
}
