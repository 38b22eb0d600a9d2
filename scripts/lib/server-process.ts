/**
 * The real server as a child process for crash, shutdown, backup and load runs and for the tests
 * that need a real port: start it on a free loopback port, wait until it answers, kill or stop it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

/** A port the kernel has just handed out on 127.0.0.1 (closed again, so free to listen on). */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

export interface ServerOutput {
  /** The last lines the server printed (stdout and stderr), for diagnostics. */
  tail: string[];
  /** Log lines at error level or above (pino level >= 50). */
  errorLines: number;
  /** Lines that mention SQLITE_BUSY. */
  busyLines: number;
  /** Lines that log a 5xx response. */
  serverErrorLines: number;
}

export interface ServerProcess {
  /** The pid of the node process that listens (no npx or tsx wrapper in between). */
  pid: number;
  port: number;
  baseUrl: string;
  child: ChildProcess;
  output: ServerOutput;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface StartServerOptions {
  databasePath: string;
  port?: number;
  seedDemo?: boolean;
  logLevel?: string;
  env?: Record<string, string>;
  readyTimeoutMs?: number;
  /** The script to run; the real server by default. */
  entry?: string;
}

const TAIL_LINES = 200;

/**
 * Starts `node --import tsx api/server.ts` on 127.0.0.1 and waits until GET /api/jobs answers.
 * Node is spawned directly, so `child.pid` is the server itself and SIGKILL really kills it.
 */
export async function startServer(options: StartServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', options.entry ?? 'api/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: options.databasePath,
      SEED_DEMO: options.seedDemo === false ? '0' : '1',
      NODE_ENV: 'test',
      LOG_LEVEL: options.logLevel ?? 'warn',
      OTP_TRANSPORT: 'dev',
      OTP_SENDS_PER_IP_HOUR: '1000000',
      OTP_SENDS_PER_DAY: '1000000',
      // Scripted writers book and apply far faster than people; the caps are tested elsewhere.
      USER_WRITE_CAPS: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error('The server process did not start');
  const output: ServerOutput = { tail: [], errorLines: 0, busyLines: 0, serverErrorLines: 0 };
  // Both pipes are always drained: a full pipe would block the server's synchronous log writes.
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line) continue;
        output.tail.push(line);
        if (output.tail.length > TAIL_LINES) output.tail.shift();
        const level = Number(line.match(/"level":(\d+)/)?.[1] ?? 0);
        if (level >= 50) output.errorLines++;
        if (line.includes('SQLITE_BUSY')) output.busyLines++;
        if (/"statusCode":5\d\d/.test(line)) output.serverErrorLines++;
      }
    });
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => {
    child.once('exit', (code, signal) => done({ code, signal }));
  });
  const server: ServerProcess = {
    pid: child.pid,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    output,
    exited,
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
  let exitedEarly = false;
  let exit = '';
  void exited.then(({ code, signal }) => {
    exitedEarly = true;
    exit = signal ? ` by ${signal}` : ` with code ${code}`;
  });
  while (Date.now() < deadline && !exitedEarly) {
    try {
      const response = await fetch(`${server.baseUrl}/api/jobs`, {
        signal: AbortSignal.timeout(2_000),
      });
      await response.arrayBuffer();
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  await exited;
  throw new Error(
    `The server did not become ready (${exitedEarly ? `it exited${exit}` : 'timed out'}):\n${output.tail.join('\n')}`,
  );
}

/** SIGKILL and wait for the exit; no cleanup can run. */
export async function killServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
  }
  await server.exited;
}

/** SIGTERM and wait up to `timeoutMs` for the exit (SIGKILL after that, and say so). */
export async function stopServer(
  server: ServerProcess,
  timeoutMs = 15_000,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; timedOut: boolean }> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) {
    return { ...(await server.exited), timedOut: false };
  }
  server.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((done) => {
    timer = setTimeout(() => done('timeout'), timeoutMs);
  });
  const result = await Promise.race([server.exited, timeout]);
  clearTimeout(timer);
  if (result === 'timeout') {
    server.child.kill('SIGKILL');
    return { ...(await server.exited), timedOut: true };
  }
  return { ...result, timedOut: false };
}

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
