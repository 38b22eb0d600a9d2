import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The server secret that keys code hashes. Generated once and kept beside the database
 * (mode 0600), so codes stay verifiable across restarts without any configuration.
 */
export function loadOrCreateSecret(databasePath: string): Buffer {
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
