// /profil's channel choice in Chromium against the real server with WhatsApp configured: the
// patient picks WhatsApp, the number comes from their record, consent is asked once and saved;
// the card reflows at 360 px at 100 % and 200 % text (screenshots into artifacts/screenshots).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEMO_A } from '../../server/connector/local/demo/seed.ts';
import { realApp } from '../support/e2e.ts';
import { TEXT_SIZES, layoutProblems, pageAt, settle, keepShot } from '../support/layout.ts';
import { apiToken } from '../support/server.ts';

// No message is sent here (nothing is queued): the API base only has to be a valid setting.
const app = realApp(test, {
  WHATSAPP_TOKEN: 'EAAGe2etoken0123456789',
  WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
  WHATSAPP_APP_SECRET: 'e2e-app-secret-0123456789',
  WHATSAPP_VERIFY_TOKEN: 'verify-me-please',
  WHATSAPP_API_BASE: 'http://127.0.0.1:9/v21.0',
  WHATSAPP_WORKER: 'false',
});

for (const size of TEXT_SIZES.slice(0, 2)) {
  test(`${size.name}: WhatsApp chosen on /profil, consent asked once and kept`, async () => {
    const token = await apiToken(app.server.url, DEMO_A);
    const api = (path: string, body?: object) =>
      fetch(`${app.server.url}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }).then((r) => r.json());
    // Push alone withdraws an earlier test's consent: the app asks again.
    await api('/api/patient/simpan/notifikasi', { channel: 'push', muted: [] });
    const p = await pageAt(app.browser, app.server.url, size, DEMO_A);
    await settle(p, `${app.server.url}/profil`);
    const card = p.getByRole('region', { name: 'Pesan dari rumah sakit' });
    await card.getByRole('radio', { name: 'WhatsApp', exact: true }).check();
    const number = card.getByLabel('Nomor WhatsApp');
    assert.match(await number.inputValue(), /^08[0-9]{8,}$/, 'the number from the record');
    const consent = card.getByRole('checkbox', { name: /Saya setuju menerima pesan/ });
    await consent.check();
    await card.getByRole('checkbox', { name: 'Obat siap diambil' }).uncheck();
    assert.equal(await layoutProblems(p), []);
    const tag = size.name.replace(/\W+/g, '-').replace(/-$/, '');
    await keepShot(p, `profil-whatsapp-${tag}.png`);
    await card.getByRole('button', { name: 'Simpan' }).click();
    await p.getByText('Pengaturan pesan disimpan.').waitFor();
    // Asked once: saved, the consent box is gone.
    assert.is(await consent.count(), 0);

    const saved = await api('/api/patient/notifikasi');
    assert.is(saved.data.channel, 'whatsapp');
    assert.is(saved.data.setuju, true);
    assert.equal(saved.data.muted, ['obat-siap']);
    await p.context().close();
  });
}

test.run();
