// The birth date leaves the URLs where the API allows it: the reference API says in its login
// answer that it knows the patient from the token ('patient-from-token'), and the app then sends
// no tgllahir; an API that speaks only docs/product.md §7 (its login answer names no capability) still
// gets tgllahir with every read, as the spec says. The app talks to the real API server through a
// recording proxy; in 'docs/product.md §7' mode the proxy takes the capability out of the login answer and
// refuses a patient read without tgllahir, as such an API may.
import '../support/dom.ts';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { login } from '../../src/api/auth.ts';
import { profileOf, upcomingOf } from '../../src/api/family.ts';
import { getClinicQueue, getProfile, getUpcoming } from '../../src/api/patient.ts';
import { getOutpatientVisits } from '../../src/api/records.ts';
import { session } from '../../src/session/session.ts';
import { DEMO_A, DEMO_B } from '../../server/connector/local/demo/seed.ts';
import { apiServer } from '../support/api-server.ts';
import { setUrl } from '../support/dom.ts';

let proxy: Server;
let upstream: URL;
let specOnly = false;
const seen: string[] = [];

test.before(async () => {
  upstream = new URL((await apiServer()).url);
  proxy = createServer((req, res) => {
    const url = req.url ?? '/';
    seen.push(url);
    if (specOnly && url.startsWith('/api/patient/') && req.method === 'GET' && !/[?&]tgllahir=/.test(url)) {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ status: false, message: 'tgllahir wajib' }));
      return;
    }
    const forward = request({ host: upstream.hostname, port: upstream.port, path: url, method: req.method, headers: req.headers }, (answer) => {
      if (!(specOnly && url === '/api/auth/proxy-login' && answer.statusCode === 200)) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      // A section 7 login service: the token, nothing else.
      let body = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk) => {
        body += chunk;
      });
      answer.on('end', () => {
        const { token } = JSON.parse(body);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ token }));
      });
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  setUrl(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}/`);
});

test.after(async () => {
  session.signOut();
  setUrl(`${upstream.origin}/`);
  await new Promise((resolve) => proxy.close(resolve));
});

/** Signs in as the login screen does (docs/product.md §4), then reads as the home, history and family screens do. */
async function signInAndRead() {
  session.signOut();
  const answer = await login({ medical_record_number: DEMO_A.nomr, birthdate: DEMO_A.tgl_lahir, fcmtoken: '' });
  assert.ok(answer.ok && answer.data?.access_token, 'logged in');
  const token = answer.ok ? (answer.data?.access_token ?? '') : '';
  session.signIn({ nomr: DEMO_A.nomr, birthDate: DEMO_A.tgl_lahir, token });
  const family = await login({ medical_record_number: DEMO_B.nomr, birthdate: DEMO_B.tgl_lahir, fcmtoken: '' });
  const other = { nomr: DEMO_B.nomr, birthDate: DEMO_B.tgl_lahir, token: family.ok ? (family.data?.access_token ?? '') : '' };
  seen.length = 0;
  const answers = [
    await getProfile(),
    await getUpcoming(),
    await getClinicQueue(),
    await getOutpatientVisits(),
    await profileOf(other),
    await upcomingOf(other),
  ];
  for (const a of answers) assert.ok(a.ok, JSON.stringify(a));
  return seen.filter((u) => u.startsWith('/api/patient/'));
}

test('against the reference API, which knows the patient from the token, no read carries the birth date', async () => {
  specOnly = false;
  const reads = await signInAndRead();
  assert.ok(reads.length >= 6, reads.join('\n'));
  for (const url of reads) {
    assert.not.match(url, /tgllahir/i, url);
    assert.not.ok(url.includes(DEMO_A.tgl_lahir) || url.includes(DEMO_B.tgl_lahir), url);
    assert.match(url, /[?&]nomr=/, url);
  }
});

test('against an API that speaks only spec section 7, every read still sends tgllahir, as the spec says', async () => {
  specOnly = true;
  const reads = await signInAndRead();
  assert.ok(reads.length >= 6, reads.join('\n'));
  const withDate = reads.filter((u) => u.includes(`tgllahir=${DEMO_A.tgl_lahir}`) || u.includes(`tgllahir=${DEMO_B.tgl_lahir}`));
  assert.equal(withDate, reads);
  specOnly = false;
});

test.run();
