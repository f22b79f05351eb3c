import pino, { type Logger } from 'pino';
import { loggerOptions } from './log-options';

/** A logger outside of HTTP (workers, start-up), with the same redaction as the server's. */
export const createLogger = (level: string, stream?: NodeJS.WritableStream): Logger => {
  const { stream: _unused, ...options } = loggerOptions(level, stream) as Record<string, unknown>;
  return stream ? pino(options, stream) : pino(options);
};
