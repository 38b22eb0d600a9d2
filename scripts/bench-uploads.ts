/**
 * Memory under a burst of large picture uploads: the real server as a child process takes 48
 * concurrent PNGs (8 each from 6 artists; 8000x5000, 40 megapixels, unless a size such as
 * `6000x4000` is given) and the server's resident memory is sampled from /proc while they are
 * decoded. Run with `npm run bench:uploads [-- WIDTHxHEIGHT]` (Linux).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { startServer, stopServer } from './lib/server-process.ts';
import { phoneNumbers, signUpUser } from './lib/sign-up.ts';

const ARTISTS = 6;
const UPLOADS_EACH = 8;
const [WIDTH = 8000, HEIGHT = 5000] = (process.argv[2] ?? '8000x5000').split('x').map(Number);

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

const dir = mkdtempSync(join(tmpdir(), 'gigs-bench-uploads-'));
const server = await startServer({ databasePath: join(dir, 'app.db'), seedDemo: false });
try {
  const png = await sharp({
    create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#c8102e' },
  })
    .png()
    .toBuffer();
  const artists = await Promise.all(
    phoneNumbers(ARTISTS).map((phone) => signUpUser(server.baseUrl, phone, 'artist')),
  );
  // Two bursts: the second shows whether memory keeps growing or stays where the first left it.
  for (const burst of [1, 2]) {
    const before = rssMb(server.pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(server.pid));
    }, 25);
    const started = Date.now();
    const statuses = await Promise.all(
      artists.flatMap((artist) =>
        Array.from({ length: UPLOADS_EACH }, async () => {
          const response = await fetch(`${server.baseUrl}/api/artists/me/portfolio`, {
            method: 'POST',
            headers: { cookie: artist.cookie, 'content-type': 'image/png' },
            body: png,
          });
          await response.arrayBuffer();
          return response.status;
        }),
      ),
    );
    clearInterval(sampler);
    const counts = new Map<number, number>();
    for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
    console.log(
      `burst ${burst}: ${statuses.length} uploads of a ${WIDTH}x${HEIGHT} PNG (${(png.length / 1024).toFixed(0)} KB) in ${Date.now() - started} ms`,
    );
    console.log(`  answers: ${[...counts].map(([status, n]) => `${n} x ${status}`).join(', ')}`);
    console.log(
      `  server RSS: ${before} MB before, ${peak} MB peak, ${rssMb(server.pid)} MB after`,
    );
    // Room for the second burst: the first one's pictures are removed.
    for (const artist of artists) {
      const me = await fetch(`${server.baseUrl}/api/artists/me`, {
        headers: { cookie: artist.cookie },
      });
      const { portfolio = [] } = (await me.json()) as { portfolio?: { id: number }[] };
      for (const picture of portfolio) {
        await fetch(`${server.baseUrl}/api/artists/me/portfolio/${picture.id}`, {
          method: 'DELETE',
          headers: { cookie: artist.cookie },
        });
      }
    }
  }
} finally {
  await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
}
