/**
 * A USSD handset on the command line: speaks Africa's Talking's USSD protocol to a running
 * server, so the menus can be walked without a gateway or a phone.
 *
 *   USSD_CALLBACK_TOKEN=... npm start                          # the server, in one terminal
 *   USSD_CALLBACK_TOKEN=... npm run ussd -- --phone 0241000003  # the handset, in another
 *
 * Flags (or their environment variables): --url (USSD_URL, default http://127.0.0.1:3000),
 * --token (USSD_CALLBACK_TOKEN), --phone (USSD_PHONE, default +233241000001, the demo employer).
 * Type each answer and Enter; when a session ends, Enter dials again; Ctrl-D quits.
 */
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { normalizeGhanaPhone } from '../contracts/auth.ts';

const USAGE =
  'Usage: npm run ussd -- [--url http://127.0.0.1:3000] [--token <USSD_CALLBACK_TOKEN>] [--phone 0241000001]';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.USSD_URL ?? 'http://127.0.0.1:3000' },
    token: { type: 'string', default: process.env.USSD_CALLBACK_TOKEN ?? '' },
    phone: { type: 'string', default: process.env.USSD_PHONE ?? '+233241000001' },
  },
});
if (!values.token) {
  console.error(
    `No token: pass --token or set USSD_CALLBACK_TOKEN as the server has it.\n${USAGE}`,
  );
  process.exit(2);
}
const endpoint = `${values.url.replace(/\/+$/, '')}/api/ussd/${encodeURIComponent(values.token)}`;
const phoneNumber = normalizeGhanaPhone(values.phone);

let sessionId = randomUUID();
let inputs: string[] = [];
let ended = false;

/** Posts the session so far as the gateway would, and shows the answer. */
async function send(): Promise<void> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      sessionId,
      serviceCode: '*384*1234#',
      phoneNumber,
      networkCode: '62001',
      text: inputs.join('*'),
    }),
  });
  const body = await response.text();
  if (!response.ok) {
    console.error(
      response.status === 404
        ? `404 at ${values.url}: is the server running with this USSD_CALLBACK_TOKEN?`
        : `${response.status}: ${body}`,
    );
    process.exit(1);
  }
  ended = body.startsWith('END ');
  console.log(
    `\n${body.replace(/^(CON|END) /, '')}\n[${ended ? 'session over' : 'reply'}, ${body.length} characters]`,
  );
  process.stdout.write(ended ? 'Enter to dial again, Ctrl-D to quit > ' : '> ');
}

console.log(`Dialling *384*1234# from ${phoneNumber} at ${values.url}`);
await send();
const lines = createInterface({ input: process.stdin, terminal: false });
for await (const line of lines) {
  if (ended) {
    sessionId = randomUUID();
    inputs = [];
  } else {
    inputs.push(line.trim());
  }
  await send();
}
console.log('');
