// WhatsApp end to end on the server, against the Cloud API stand-in (test/support/whatsapp-standin.ts,
// whose approved templates are docs/whatsapp.md's): every template with its parameters, consent
// and BERHENTI (typed and by the button), the webhook's handshake, signature and statuses, and
// fallback both ways between push and WhatsApp.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Config } from '../../server/config.ts';
import { loadConfig } from '../../server/config.ts';
import { ConfigError } from '../../server/config/parse.ts';
import { DEMO_QUEUE, DEMO_REGS } from '../../server/connector/local/demo/seed.ts';
import { deliver, type Notice } from '../../server/db/deliver.ts';
import { createPushWorker } from '../../server/push/worker.ts';
import { sendWhatsapp } from '../../server/whatsapp/client.ts';
import { createWhatsappWorker } from '../../server/whatsapp/worker.ts';
import { addDays, nextOnWeekday, todayWib } from '../../common/dates.ts';
import { API } from '../../common/paths.ts';
import { INTERNAL, WHATSAPP } from '../../common/server-paths.ts';
import { DEMO_A, DEMO_B, INTERNAL_TOKEN, loginAs, testApp, type TestApp } from '../support/app.ts';
import { d001Booking } from '../support/booking.ts';
import { whatsappStandin, type WhatsappStandin } from '../support/whatsapp-standin.ts';

let t: TestApp;
let wa: WhatsappStandin;
let config: NonNullable<Config['whatsapp']>;
let webhook: string;
let tokenA: string;
const NUMBER = '081234567890';
const E164 = '6281234567890';

test.before(async () => {
  wa = await whatsappStandin();
  config = loadConfig({
    WHATSAPP_TOKEN: wa.token,
    WHATSAPP_PHONE_NUMBER_ID: wa.phoneNumberId,
    WHATSAPP_APP_SECRET: wa.appSecret,
    WHATSAPP_VERIFY_TOKEN: 'verify-me-please',
    WHATSAPP_API_BASE: wa.base,
    WHATSAPP_RATE_PER_SECOND: '200',
  }).whatsapp!;
  t = await testApp({ whatsapp: config });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  webhook = `http://127.0.0.1:${port}${WHATSAPP.webhook}`;
  tokenA = await loginAs(t.app, DEMO_A);
});
test.after(async () => {
  await t.close();
  await wa.close();
});
test.before.each(async () => {
  wa.sent.length = 0;
  wa.refused.length = 0;
  await t.db.query('DELETE FROM whatsapp_deliveries');
  await t.db.query('DELETE FROM push_deliveries');
  await t.db.query('DELETE FROM push_registrations');
  await t.db.query('DELETE FROM notice_choices');
});

const worker = () => createWhatsappWorker({ db: t.db, config });
const choose = (payload: object, token = tokenA) =>
  t.app.inject({ method: 'POST', url: '/api/patient/simpan/notifikasi', payload, headers: { authorization: `Bearer ${token}` } });
const consent = (channel = 'whatsapp') => choose({ channel, muted: [], nomor: NUMBER, setuju: true });
const notice = (event: Notice['event'], params: Notice['params']): Notice => ({
  nomr: DEMO_A.nomr,
  event,
  params,
  push: { nomr: DEMO_A.nomr, title: 'Judul', body: 'Isi pesan', url: '/home' },
});
const send = (n: Notice) => t.db.tx((q) => deliver(q, n));
const waRows = () =>
  t.db.query<{ status: string; template: string; fell_back: boolean }>('SELECT status, template, fell_back FROM whatsapp_deliveries ORDER BY id');
const pushRows = () => t.db.query<{ status: string }>('SELECT status FROM push_deliveries ORDER BY id');
const addRegistration = () =>
  t.db.query(`INSERT INTO push_registrations (nomr, token, kind) VALUES ($1, $2, 'webpush')`, [
    DEMO_A.nomr,
    JSON.stringify({ endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'a', auth: 'b' } }),
  ]);

test('the settings: all four secrets or none, the API base https (or this machine)', () => {
  assert.is(loadConfig({}).whatsapp, null);
  assert.throws(
    () => loadConfig({ WHATSAPP_TOKEN: 'EAAGsometoken0123456789' }),
    (e: Error) => e instanceof ConfigError && /WHATSAPP_PHONE_NUMBER_ID/.test(e.message),
  );
  const all = {
    WHATSAPP_TOKEN: 'EAAGsometoken0123456789',
    WHATSAPP_PHONE_NUMBER_ID: '1065403',
    WHATSAPP_APP_SECRET: 'a'.repeat(32),
    WHATSAPP_VERIFY_TOKEN: 'verify-me',
  };
  assert.is(loadConfig(all).whatsapp?.apiBase, 'https://graph.facebook.com/v21.0');
  assert.throws(() => loadConfig({ ...all, WHATSAPP_API_BASE: 'http://graph.example.com/v21.0' }), /WHATSAPP_API_BASE/);
  assert.throws(() => loadConfig({ ...all, WHATSAPP_RETENTION_DAYS: '0' }), /WHATSAPP_RETENTION_DAYS/);
});

test('consent: WhatsApp needs the number and the patient’s consent, given once, audited without the number', async () => {
  const none = await choose({ channel: 'whatsapp', muted: [], nomor: NUMBER });
  assert.is(none.statusCode, 400);
  assert.match(none.json().message, /setuju/);
  const bad = await choose({ channel: 'whatsapp', muted: [], nomor: '0212345', setuju: true });
  assert.is(bad.statusCode, 400);
  assert.match(bad.json().message, /nomor/);
  const ok = await consent();
  assert.is(ok.statusCode, 200);
  assert.equal(ok.json().data, { whatsapp: true, channel: 'whatsapp', muted: [], nomor: NUMBER, setuju: true, berhenti: false });
  const [row] = await t.db.query<{ wa_phone: string; wa_consent_source: string }>('SELECT wa_phone, wa_consent_source FROM notice_choices');
  assert.equal(row, { wa_phone: E164, wa_consent_source: 'app' });
  // Asked once: a later change of the messages needs no consent again.
  const again = await choose({ channel: 'both', muted: ['obat-siap'] });
  assert.is(again.statusCode, 200);
  assert.is(again.json().data.channel, 'both');
  const [audit] = await t.db.query<{ detail: string }>(`SELECT detail FROM audit_log WHERE action = 'notices' ORDER BY id DESC LIMIT 1`);
  assert.is(audit.detail, 'both mati:obat-siap');
  assert.not.match(JSON.stringify(await t.db.query(`SELECT detail FROM audit_log WHERE action = 'notices'`)), /0812|628/);
});

test('each template goes out with the parameters Meta approved, named for whose notice it is', async () => {
  await consent();
  const events: Notice[] = [
    notice('pengingat', { poli: 'POLI JANTUNG', dokter: 'dr. Andi', waktu: 'Senin, 7 Desember 2026 pukul 08.00–12.00', nomor: 7 }),
    notice('tinggal', { sisa: 3, poli: 'POLI JANTUNG', nomor: 12 }),
    notice('dipanggil', { poli: 'POLI JANTUNG', nomor: 12 }),
    notice('obat-siap', { nomor: 'F-021' }),
    notice('rujukan-berakhir', { perujuk: 'Puskesmas Menteng', poli: 'JANTUNG', tanggal: 'Senin, 14 Desember 2026', hari: 14 }),
    notice('cuti-dokter', {
      dokter: 'dr. Andi',
      poli: 'POLI JANTUNG',
      tanggal: 'Senin, 7 Desember 2026',
      jam: '08.00–12.00',
      alasan: 'cuti',
      pilihan: 'pindah ke Rabu',
    }),
    notice('kursi-tunggu', { poli: 'POLI JANTUNG', dokter: 'dr. Andi', tanggal: 'Senin, 7 Desember 2026', jam: '08.00–12.00', menit: 30 }),
  ];
  for (const n of events) await send(n);
  assert.is(await worker().drain(), events.length);
  assert.equal(wa.refused, []);
  assert.equal(
    wa.sent.map((s) => s.template),
    ['pengingat_kunjungan', 'antrian_tinggal', 'antrian_dipanggil', 'obat_siap', 'rujukan_berakhir', 'dokter_cuti', 'kursi_tunggu'],
  );
  for (const s of wa.sent) {
    assert.is(s.to, E164);
    assert.match(s.body[0], /Budi|Siti|Bapak|Ibu/);
    assert.equal(s.payloads, ['BERHENTI']);
  }
  assert.equal(wa.sent[1].body.slice(1), ['3', 'POLI JANTUNG', '12']);
  // WhatsApp alone: push carried none of them.
  assert.equal(await pushRows(), []);
  assert.ok((await waRows()).every((r) => r.status === 'sent'));
});

test("the hospital's call goes through the same layer: 'dipanggil' by WhatsApp", async () => {
  await consent();
  const called = await t.app.inject({
    method: 'POST',
    url: '/api/internal/antrian/poli/panggil',
    payload: { no_reg: DEMO_REGS.queue() },
    headers: { authorization: `Bearer ${INTERNAL_TOKEN}` },
  });
  assert.is(called.statusCode, 200);
  await worker().drain();
  const s = wa.sent.find((m) => m.template === 'antrian_dipanggil');
  assert.ok(s, JSON.stringify(wa.sent));
  assert.is(s.body[2], String(DEMO_QUEUE.a));
});

test("the doctor's leave reaches a patient who chose WhatsApp as its template: the doctor, the day, the reason and the sessions to move to", async () => {
  await consent();
  const date = nextOnWeekday(addDays(todayWib(), 12), 3);
  const booked = await t.app.inject({ method: 'POST', url: API.book, payload: d001Booking(DEMO_A.nomr, date), headers: { authorization: `Bearer ${tokenA}` } });
  assert.is(booked.json().status, true, booked.body);
  const left = await t.app.inject({
    method: 'POST',
    url: INTERNAL.sessionLeave,
    payload: { kd_dr: 'D001', kd_dep: '20001', sts_jam: '1', tanggal: date, aksi: 'tutup', alasan: 'dokter sedang cuti' },
    headers: { authorization: `Bearer ${INTERNAL_TOKEN}` },
  });
  assert.is(left.statusCode, 200, left.body);
  await worker().drain();
  const s = wa.sent.find((m) => m.template === 'dokter_cuti');
  assert.ok(s, JSON.stringify(wa.sent));
  const [d] = await t.db.query<{ nama: string }>(`SELECT nama_dr_lengkap AS nama FROM doctors WHERE kd_dr = 'D001'`);
  assert.equal(s.body.slice(1, 3), [d.nama, 'POLI KARDIOLOGI DEWASA']);
  assert.is(s.body[5], 'dokter sedang cuti');
  assert.match(s.body[6], /^pindah ke /);
  assert.equal(await pushRows(), [], 'WhatsApp alone, as chosen');
});

test('a kind the patient turned off is not sent on any channel', async () => {
  await choose({ channel: 'whatsapp', muted: ['obat-siap'], nomor: NUMBER, setuju: true });
  await addRegistration();
  await send(notice('obat-siap', { nomor: 'F-1' }));
  await worker().drain();
  assert.equal(wa.sent, []);
  assert.equal(await pushRows(), []);
});

test('push chosen: push alone; with no push registration WhatsApp carries it; both: both', async () => {
  await consent('push');
  // Choosing push alone withdrew the consent it never had: consent first, then push.
  await consent('whatsapp');
  await choose({ channel: 'push', muted: [] });
  await addRegistration();
  await send(notice('dipanggil', { poli: 'POLI', nomor: 1 }));
  assert.equal(await waRows(), []);
  assert.is((await pushRows()).length, 1);

  await t.db.query('DELETE FROM push_deliveries');
  await consent('both');
  await send(notice('dipanggil', { poli: 'POLI', nomor: 2 }));
  assert.is((await waRows()).length, 1);
  assert.is((await pushRows()).length, 1);

  await t.db.query('DELETE FROM push_registrations');
  await t.db.query('DELETE FROM whatsapp_deliveries');
  await t.db.query(`UPDATE notice_choices SET channel = 'push'`);
  await send(notice('dipanggil', { poli: 'POLI', nomor: 3 }));
  assert.is((await waRows()).length, 1, 'no registration: WhatsApp');
});

test('WhatsApp failing for good falls back to push, once; a rate limit waits and tries again', async () => {
  await consent();
  await addRegistration();
  wa.failFor(E164, 131026);
  await send(notice('obat-siap', { nomor: 'F-2' }));
  await worker().drain();
  assert.equal(await waRows(), [{ status: 'failed', template: 'obat_siap', fell_back: true }]);
  assert.equal(await pushRows(), [{ status: 'pending' }]);
  wa.failFor(E164, 0);

  await t.db.query('DELETE FROM whatsapp_deliveries');
  await t.db.query('DELETE FROM push_deliveries');
  wa.rateLimit(1);
  await send(notice('obat-siap', { nomor: 'F-3' }));
  await worker().drain();
  const [limited] = await t.db.query<{ status: string; last_error: string }>('SELECT status, last_error FROM whatsapp_deliveries');
  assert.is(limited.status, 'pending');
  assert.match(limited.last_error, /130429/);
  await t.db.query('UPDATE whatsapp_deliveries SET next_attempt_at = now()');
  await worker().drain();
  assert.is(wa.sent.length, 1);
  assert.equal(await pushRows(), []);
});

test('push failing for good falls back to WhatsApp when the patient consented', async () => {
  await consent('both');
  await t.db.query(`UPDATE notice_choices SET channel = 'push'`);
  await addRegistration();
  await send(notice('dipanggil', { poli: 'POLI', nomor: 4 }));
  assert.equal(await waRows(), []);
  const push = createPushWorker({
    db: t.db,
    senders: async () => ({ webpush: { send: async () => ({ kind: 'gone' as const, detail: 'HTTP 410' }) } }),
    config: { pollMs: 1000, leaseSeconds: 60, maxAttempts: 3 },
  });
  await push.drain();
  assert.equal(await waRows(), [{ status: 'pending', template: 'antrian_dipanggil', fell_back: false }]);
  await worker().drain();
  assert.is(wa.sent.length, 1);
});

test('the webhook: the handshake, a bad signature refused, statuses forward only, failed hands the notice to push', async () => {
  const ok = await fetch(`${webhook}?hub.mode=subscribe&hub.verify_token=verify-me-please&hub.challenge=1158201444`);
  assert.is(ok.status, 200);
  assert.is(await ok.text(), '1158201444');
  assert.is((await fetch(`${webhook}?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`)).status, 403);

  await consent();
  await addRegistration();
  await send(notice('dipanggil', { poli: 'POLI', nomor: 5 }));
  await worker().drain();
  const [{ wamid }] = wa.sent;
  const forged = await wa.post(webhook, { entry: [{ changes: [{ value: { statuses: [{ id: wamid, status: 'failed' }] } }] }] }, `sha256=${'0'.repeat(64)}`);
  assert.is(forged.status, 401);
  assert.is((await waRows())[0].status, 'sent');

  assert.is((await wa.status(webhook, wamid, 'read')).status, 200);
  assert.is((await wa.status(webhook, wamid, 'delivered')).status, 200);
  assert.is((await waRows())[0].status, 'read', 'a late delivered does not undo read');

  await t.db.query(`UPDATE whatsapp_deliveries SET status = 'delivered'`);
  await wa.status(webhook, wamid, 'failed', 131026);
  const [row] = await t.db.query<{ status: string; last_error: string }>('SELECT status, last_error FROM whatsapp_deliveries');
  assert.is(row.status, 'failed');
  assert.match(row.last_error, /131026/);
  assert.equal(await pushRows(), [{ status: 'pending' }]);
  await wa.status(webhook, wamid, 'failed', 131026);
  assert.is((await pushRows()).length, 1, 'never twice');
});

for (const [how, reply] of [
  ['typed', { text: ' berhenti ' }],
  ['by the button', { button: 'Berhenti', payload: 'BERHENTI' }],
] as const) {
  test(`BERHENTI ${how} stops every profile on the number, cancels what waits, and is confirmed once`, async () => {
    await consent();
    await send(notice('dipanggil', { poli: 'POLI', nomor: 6 }));
    assert.is((await wa.reply(webhook, E164, reply)).status, 200);
    const choice = await t.app.inject({ method: 'GET', url: '/api/patient/notifikasi', headers: { authorization: `Bearer ${tokenA}` } });
    assert.equal(choice.json().data, { whatsapp: true, channel: 'push', muted: [], nomor: NUMBER, setuju: false, berhenti: true });
    await worker().drain();
    assert.equal(
      wa.sent.map((s) => s.template),
      ['berhenti_dikonfirmasi'],
    );
    assert.equal(
      (await waRows()).map((r) => r.status),
      ['cancelled', 'sent'],
    );
    await wa.reply(webhook, E164, reply);
    await send(notice('dipanggil', { poli: 'POLI', nomor: 7 }));
    await worker().drain();
    assert.is(wa.sent.length, 1, 'nothing more, not even a second confirmation');
    const [audit] = await t.db.query<{ outcome: string }>(`SELECT outcome FROM audit_log WHERE action = 'whatsapp' ORDER BY id DESC LIMIT 1`);
    assert.is(audit.outcome, 'stopped');
  });
}

test("family: a caregiver's number gets each profile's notices, each named for whose it is; BERHENTI stops them all", async () => {
  await consent();
  const tokenB = await loginAs(t.app, DEMO_B);
  assert.is((await choose({ channel: 'whatsapp', muted: [], nomor: NUMBER, setuju: true }, tokenB)).statusCode, 200);
  await send(notice('obat-siap', { nomor: 'F-7' }));
  await send({ ...notice('obat-siap', { nomor: 'F-8' }), nomr: DEMO_B.nomr, push: { nomr: DEMO_B.nomr, title: 'Obat', body: 'Siap' } });
  await worker().drain();
  assert.equal(
    wa.sent.map((s) => s.to),
    [E164, E164],
  );
  const [a, b] = wa.sent.map((s) => s.body[0]);
  assert.is.not(a, b, 'each message names its own patient');
  const [{ nama: namaB }] = await t.db.query<{ nama: string }>('SELECT nama FROM patients WHERE nomr = $1', [DEMO_B.nomr]);
  assert.match(b.toLowerCase(), namaB.toLowerCase().split(' ')[0]);
  await wa.reply(webhook, E164, { text: 'BERHENTI' });
  const stopped = await t.db.query<{ nomr: string }>('SELECT nomr FROM notice_choices WHERE wa_stopped_at IS NOT NULL ORDER BY nomr');
  assert.equal(stopped.map((r) => r.nomr).sort(), [DEMO_A.nomr, DEMO_B.nomr].sort());
});

test('what Meta refuses: a wrong parameter count, an unknown template, a bad token (tried again later, not given up)', async () => {
  const to = E164;
  const count = await sendWhatsapp(config, { to, template: 'obat_siap', body: ['Bapak Budi'], buttons: ['BERHENTI'] });
  assert.equal([count.kind, /132000/.test((count as { detail: string }).detail)], ['failed', true]);
  const unknown = await sendWhatsapp(config, { to, template: 'tidak_ada', body: [], buttons: [] });
  assert.equal([unknown.kind, /132001/.test((unknown as { detail: string }).detail)], ['failed', true]);
  const token = await sendWhatsapp({ ...config, token: 'EAAGwrongtoken0123456789' }, { to, template: 'berhenti_dikonfirmasi', body: [], buttons: [] });
  assert.equal([token.kind, /190/.test((token as { detail: string }).detail)], ['retry', true]);
  assert.equal(
    wa.refused.map((r) => r.code),
    [132000, 132001, 190],
  );
  assert.equal(wa.sent, []);
});

test('a message that is not a stop changes nothing', async () => {
  await consent();
  await wa.reply(webhook, E164, { text: 'Terima kasih, saya berhenti merokok' });
  assert.is((await t.app.inject({ method: 'GET', url: '/api/patient/notifikasi', headers: { authorization: `Bearer ${tokenA}` } })).json().data.setuju, true);
});

test.run();
