/**
 * What services write to the log: structured details and a message. The server's logger
 * (pino, through Fastify) is one; services need not know it.
 */
export interface Log {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
