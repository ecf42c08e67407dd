// The letter rule (server/bpjs/referrals.ts letterRefusal), pure: every kind of letter against a
// booking's card, poli and day, with the words the patient reads.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { type Letter, letterRefusal, REFERRAL_DAYS, REFERRAL_MSG, referralLetter, type Wanted } from '../../server/bpjs/referrals.ts';

const today = '2026-11-28';
const want: Wanted = { card: '0001234567890', kodepoli: 'JAN', clinic: 'Poli Jantung', date: '2026-12-04', today };
const fktp = (over: Partial<Letter> = {}): Letter => ({
  ...referralLetter(
    {
      noKunjungan: '0301U0011126P000001',
      tglKunjungan: '2026-11-01',
      poliRujukan: { kode: 'JAN', nama: 'JANTUNG DAN PEMBULUH DARAH' },
      provPerujuk: { kode: '0301U001', nama: 'PUSKESMAS CEMPAKA PUTIH' },
      peserta: { noKartu: '0001234567890' },
    },
    'fktp',
    0,
  ),
  ...over,
});
const kontrol = (over: Partial<Letter> = {}): Letter => ({
  ...fktp(),
  jeniskunjungan: 3,
  tgl_kontrol: '2026-12-04',
  berlaku_sampai: '2026-12-04',
  kodedokter: '10001',
  namadokter: 'dr. Budi',
  ...over,
});

test('a referral is valid 90 days, its visit date the first', () => {
  assert.is(REFERRAL_DAYS, 90);
  assert.is(fktp().berlaku_sampai, '2027-01-29');
  assert.is(letterRefusal(fktp(), want), null);
  assert.is(letterRefusal(fktp(), { ...want, date: '2027-01-29' }), null);
  assert.is(
    letterRefusal(fktp(), { ...want, date: '2027-01-30' }),
    'Rujukan ini hanya berlaku sampai 29 Januari 2027. Silakan pilih tanggal kunjungan paling lambat 29 Januari 2027, atau minta rujukan baru ke puskesmas atau klinik Anda (FKTP).',
  );
});

test('an expired referral names the day it ran out and where to get a new one', () => {
  const old = fktp({ tgl_terbit: '2025-05-05', berlaku_sampai: '2025-08-02' });
  assert.is(letterRefusal(old, want), 'Rujukan ini sudah tidak berlaku sejak 3 Agustus 2025. Silakan minta rujukan baru ke puskesmas atau klinik Anda (FKTP).');
  assert.match(letterRefusal({ ...old, jeniskunjungan: 4 }, want) ?? '', /rumah sakit yang merujuk Anda/);
});

test("another card's, a used one, another poli's: each refused with its own reason", () => {
  assert.is(letterRefusal(fktp({ noKartu: '0009999999999' }), want), REFERRAL_MSG.otherCard);
  assert.is(letterRefusal(fktp({ used: true }), want), REFERRAL_MSG.usedReferral);
  assert.is(
    letterRefusal(fktp({ kodepoli: 'INT', namapoli: 'PENYAKIT DALAM' }), want),
    'Rujukan ini untuk poli PENYAKIT DALAM, bukan Poli Jantung. Silakan buat janji di poli PENYAKIT DALAM, atau minta rujukan untuk poli yang Anda tuju.',
  );
});

test('a control letter holds for its own day, unused, not an SPRI', () => {
  assert.is(letterRefusal(kontrol(), want), null);
  assert.is(letterRefusal(kontrol({ used: true }), want), REFERRAL_MSG.usedControl);
  assert.is(letterRefusal(kontrol({ spri: true }), want), REFERRAL_MSG.spri);
  assert.match(
    letterRefusal(kontrol(), { ...want, date: '2026-12-11' }) ?? '',
    /^Surat kontrol ini untuk tanggal 4 Desember 2026\. Silakan buat janji pada tanggal itu/,
  );
  assert.match(letterRefusal(kontrol({ tgl_kontrol: '2026-11-20' }), want) ?? '', /sudah lewat/);
});

test('VClaim settings: off when unset; its address and user key with the shared consumer; https only except on this machine', () => {
  assert.is(loadConfig({}).vclaim, null);
  const set = { BPJS_VCLAIM_URL: 'https://apijkn.bpjs-kesehatan.go.id/vclaim-rest/', BPJS_VCLAIM_USER_KEY: 'uk', BPJS_CONS_ID: '21095', BPJS_SECRET_KEY: 's' };
  assert.equal(loadConfig(set).vclaim, {
    url: 'https://apijkn.bpjs-kesehatan.go.id/vclaim-rest',
    consId: '21095',
    secretKey: 's',
    userKey: 'uk',
    timeoutMs: 20_000,
  });
  assert.throws(
    () => loadConfig({ BPJS_VCLAIM_URL: set.BPJS_VCLAIM_URL }),
    (err: Error) => err instanceof ConfigError && /missing BPJS_VCLAIM_USER_KEY, BPJS_CONS_ID, BPJS_SECRET_KEY/.test(err.message),
  );
  assert.throws(
    () => loadConfig({ ...set, BPJS_VCLAIM_URL: 'http://apijkn.bpjs-kesehatan.go.id/vclaim-rest' }),
    (err: Error) => /BPJS_VCLAIM_URL must be an https:\/\/ address/.test(err.message),
  );
  assert.is(loadConfig({ ...set, BPJS_VCLAIM_URL: 'http://127.0.0.1:9000' }).vclaim?.url, 'http://127.0.0.1:9000');
  assert.is(loadConfig(set).bpjs, null, 'VClaim without Antrean');
});

test.run();
