import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { expect, test } from 'vitest';
import { randomPhone } from './helpers/test-app.ts';
import { ussdAppForEachTest } from './helpers/ussd-phone.ts';

const { t, token: TOKEN } = ussdAppForEachTest();

/** Runs `npm run ussd` with these lines typed, and gives what it printed. */
function simulate(args: string[], typed: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/ussd.ts', ...args], {
      env: { ...process.env, USSD_CALLBACK_TOKEN: '' },
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      out += chunk;
    });
    child.on('close', (code) => resolve({ code, out }));
    // One line per answer, each once the screen before it has arrived, as a person types.
    const lines = [...typed];
    const typeNext = () => {
      const prompts = (out.match(/> $/gm) ?? []).length;
      if (prompts > typed.length - lines.length) {
        const line = lines.shift();
        if (line === undefined) child.stdin.end();
        else child.stdin.write(`${line}\n`);
      }
      if (!child.stdin.writableEnded) setTimeout(typeNext, 20);
    };
    typeNext();
  });
}

test('npm run ussd walks the menus of a running server over the USSD protocol', async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const phone = randomPhone();
  const { code, out } = await simulate(
    ['--url', `http://127.0.0.1:${port}`, '--token', TOKEN, '--phone', `0${phone.slice(4)}`],
    ['1', 'Ama Owusu', '1', '1', '', '2'],
  );
  expect(out, out).toContain(`Dialling *384*1234# from ${phone}`);
  expect(out).toContain('Welcome to Ghana Gigs. This number has no account yet.\n1 Sign up');
  expect(out).toContain('Sign up 1/3\nYour first and last name:');
  expect(out).toContain('Welcome, Ama! Your account is ready.');
  expect(out).toContain('[session over,');
  // Enter dialled again: the new account's menu, then My applications.
  expect(out).toContain('Ghana Gigs\n1 Find jobs');
  expect(out).toContain('You have no applications yet.');
  expect(code).toBe(0);
});

test("npm run ussd says what is wrong when the token is not the server's", async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const { code, out } = await simulate(
    ['--url', `http://127.0.0.1:${port}`, '--token', 'nope'],
    [],
  );
  expect(out).toContain('is the server running with this USSD_CALLBACK_TOKEN?');
  expect(code).toBe(1);
});
