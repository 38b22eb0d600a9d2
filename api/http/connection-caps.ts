import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { addressGroup } from '../lib/address-group.ts';
import type { AlertLog } from '../lib/alert-log.ts';
import type { Clock } from '../lib/clock.ts';

/** How many connections the server holds open at once. */
export interface ConnectionCaps {
  /** In all (`server.maxConnections`): beyond it Node closes a new connection at once. */
  total: number;
  /**
   * Per address group (an IPv4 address, an IPv6 /64): beyond it a new connection is destroyed
   * at once. Trusted proxies (TRUST_PROXY) are not counted: their connections carry everyone.
   */
  perAddressGroup: number;
}

/** Enough for a carrier address with many phones behind it, a browser's 6, a load test's 100. */
const CONNECTIONS_PER_ADDRESS_GROUP = 200;
/** Above this the memory of idle sockets, not file descriptors, is what runs out. */
const MOST_CONNECTIONS = 20_000;
/** When the open-file limit cannot be read (not Linux): as many as a default limit of 1024 allows. */
const UNKNOWN_LIMIT_CONNECTIONS = 800;

/** The soft limit on open files of this process, from /proc on Linux; undefined elsewhere. */
export function openFileLimit(limits = '/proc/self/limits'): number | undefined {
  try {
    const line = readFileSync(limits, 'utf8')
      .split('\n')
      .find((text) => text.startsWith('Max open files'));
    const soft = line?.match(/^Max open files\s+(\d+)/)?.[1];
    return soft ? Number(soft) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The caps for this process: 80% of its open-file limit for connections (the rest stays for the
 * database, its WAL, uploads and the SMS gateway), so connections run out, with a log line,
 * before file descriptors do, when accept() would fail silently and the server stop answering.
 */
export function defaultConnectionCaps(fileLimit: number | undefined): ConnectionCaps {
  const total =
    fileLimit === undefined
      ? UNKNOWN_LIMIT_CONNECTIONS
      : Math.max(64, Math.min(MOST_CONNECTIONS, Math.floor(fileLimit * 0.8)));
  return { total, perAddressGroup: Math.min(CONNECTIONS_PER_ADDRESS_GROUP, total) };
}

/**
 * Holds the server to its caps: one client cannot open every connection the server has, and
 * all of them together cannot use up its file descriptors. Refusals are logged as alerts (at
 * most one line per kind per ten minutes, with counts).
 */
export function capConnections(
  server: Server,
  caps: ConnectionCaps,
  options: { isTrustedProxy: (address: string) => boolean; alerts: AlertLog; clock: Clock },
): void {
  const { isTrustedProxy, alerts, clock } = options;
  server.maxConnections = caps.total;
  server.on('drop', (dropped) => {
    alerts.raise(
      'warn',
      'connections_total_refused',
      { cap: caps.total, remoteAddress: dropped?.remoteAddress },
      'Connection refused: the server holds as many as it may',
      clock(),
    );
  });

  const openByGroup = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || isTrustedProxy(address)) return;
    const group = addressGroup(address);
    const open = openByGroup.get(group) ?? 0;
    if (open >= caps.perAddressGroup) {
      socket.destroy();
      alerts.raise(
        'warn',
        'connections_per_group_refused',
        { addressGroup: group, open, cap: caps.perAddressGroup },
        'Connection refused: one address holds as many as it may',
        clock(),
      );
      return;
    }
    openByGroup.set(group, open + 1);
    socket.once('close', () => {
      const left = (openByGroup.get(group) ?? 1) - 1;
      if (left > 0) openByGroup.set(group, left);
      else openByGroup.delete(group);
    });
  });
}
