import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The server secret that keys code hashes. Every instance that shares a database must use the
 * same one, or a code sent by one instance fails on another: SERVER_SECRET when it is set
 * (required with DATABASE_URL, where instances may run on several machines), otherwise the
 * secret kept beside the SQLite database, which every process on this machine shares.
 */
export function serverSecret(config: {
  serverSecret: string | null;
  databasePath: string;
}): Buffer {
  return config.serverSecret
    ? Buffer.from(config.serverSecret, 'base64')
    : loadOrCreateSecret(config.databasePath);
}

/**
 * A secret generated once and kept beside the database (mode 0600), so codes stay verifiable
 * across restarts without any configuration.
 */
function loadOrCreateSecret(databasePath: string): Buffer {
  if (databasePath === ':memory:') return randomBytes(32);
  const file = join(dirname(databasePath), 'server-secret.key');
  try {
    const existing = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (existing.length >= 32) return existing;
  } catch {
    // not created yet
  }
  const secret = randomBytes(32);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, secret.toString('base64'), { mode: 0o600 });
  return secret;
}
