// Registration on a 360 × 740 phone in Chromium, at normal text and at 200 % text, against the
// real server: every wrong field says what is wrong beside it at once, before any call (the
// server's own rules, common/registration.ts), readable and in the page's flow; the spec's dialog,
// then the focus on the first field to correct; once saved, the spec's dialog and then its message
// in view, with 'Kembali ke halaman Login' under it, leading to the login page with the form kept until then.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { REGISTRATION_MSG } from '../../common/registration.ts';
import { realApp } from '../support/e2e.ts';
import { TEXT_SIZES, layoutProblems, pageAt, settle, textContrasts } from '../support/layout.ts';

const app = realApp(test);

/** Each text field's state: marked or not, the message its aria-describedby names, and where both are. */
function fieldsOf(p: Page) {
  return p.locator('form input[id^="reg-"], form select[id^="reg-"]').evaluateAll((els) =>
    els.map((el) => {
      const note = document.getElementById(el.getAttribute('aria-describedby') ?? '');
      const [f, n] = [el.getBoundingClientRect(), note?.getBoundingClientRect()];
      return {
        id: el.id,
        invalid: el.getAttribute('aria-invalid') === 'true',
        message: note?.textContent ?? null,
        // The message's top, measured from the field's bottom.
        gap: n ? Math.round(n.top - f.bottom) : null,
      };
    }),
  );
}

for (const size of TEXT_SIZES.slice(0, 2)) {
  test(`${size.name}: every wrong field at once beside it, no call, the focus on the first; saved, the way back to login`, async () => {
    const p = await pageAt(app.browser, app.server.url, size);
    const sent: string[] = [];
    p.on('request', (r) => r.url().includes('/simpan/pasien/baru') && sent.push(r.url()));
    await settle(p, `${app.server.url}/registrasi`);
    await p.getByLabel('Nama').fill('Rina Marlina');
    await p.getByLabel('No KTP').fill('3174 0000');
    await p.getByLabel('Telpon').fill('0211234');
    await p.getByLabel('Email').fill('rina@mail');
    await p.getByLabel('Tanggal', { exact: true }).selectOption('12');
    await p.getByLabel('Bulan').selectOption('04');
    await p.getByLabel('Tahun').fill('1962');
    await p.getByRole('checkbox', { name: /Saya setuju/ }).check();
    await p.getByRole('button', { name: 'Daftar' }).click();

    const dialog = p.getByRole('dialog', { name: 'Pesan' });
    await dialog.getByText('Mohon isi semua data dengan benar!').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await p.waitForFunction(() => document.activeElement?.id === 'reg-no_ktp');
    const fields = await fieldsOf(p);
    const said = Object.fromEntries(fields.map((f) => [f.id, f.invalid ? f.message : null]));
    assert.equal(said, {
      'reg-nama': null,
      'reg-no_ktp': REGISTRATION_MSG.nik,
      'reg-tempat_lahir': 'Wajib diisi',
      'reg-telp_hp': REGISTRATION_MSG.phone,
      'reg-email': REGISTRATION_MSG.email,
      'reg-pekerjaan': 'Wajib diisi',
    });
    // Right under its own field, readable, and the page still fits the phone.
    for (const f of fields.filter((x) => x.invalid))
      assert.ok(f.gap !== null && f.gap >= 0 && f.gap <= 12, `${f.id}'s message is right under it (${f.gap} px)`);
    const faint = (await textContrasts(p, 'form')).filter((t) => t.ratio < 4.5);
    assert.equal(faint, []);
    assert.equal(await layoutProblems(p), []);
    assert.equal(sent, [], 'nothing sent');

    // Corrected, and saved.
    await p.getByLabel('No KTP').fill(`3175${String(Date.now()).slice(-12)}`);
    await p.getByLabel('Tempat Lahir').fill('Cirebon');
    await p.getByLabel('Telpon').fill('0813 7778 8899');
    await p.getByLabel('Email').fill('rina@mail.co.id');
    await p.getByLabel('Pekerjaan').selectOption('06');
    assert.is(await p.locator('[aria-invalid="true"]').count(), 0, 'every message gone as its field was put right');
    await p.getByRole('button', { name: 'Daftar' }).click();
    await dialog.getByText(REGISTRATION_MSG.saved).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    // The focus on the saved message, in view, with what the patient holds under it
    // (registration-ending.test.ts) and then the way back.
    const back = p.getByRole('link', { name: 'Kembali ke halaman Login' });
    await p.waitForFunction(() => document.activeElement?.id === 'reg-pesan');
    const box = await p.locator('#reg-pesan').boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= 740, `the saved message is in view (${box?.y})`);
    await back.waitFor();
    assert.is(await p.getByLabel('Nama').inputValue(), 'Rina Marlina', 'the form is kept');
    assert.equal(await layoutProblems(p), []);
    assert.is(sent.length, 1);
    await back.click();
    await p.waitForURL(`${app.server.url}/`);
    await p.getByRole('button', { name: 'Login', exact: true }).waitFor();
    await p.context().close();
  });
}

test.run();
