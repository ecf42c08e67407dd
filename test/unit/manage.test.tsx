// Managing an appointment in happy-dom: what the home card offers for each appointment, the
// cancel dialog's reasons and confirmation, the online room's link, and the date picker's last
// date. The whole flows against the server are in test/e2e/manage.test.ts.
import '../support/dom.ts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { UpcomingAppointment } from '../../common/schemas/index.ts';
import { to } from '../../common/routes.ts';
import { AppointmentsCard } from '../../src/screens/home/cards.tsx';
import { roomLink } from '../../src/appointments/actions.tsx';
import { DatePicker } from '../../src/ui/DatePicker.tsx';
import { fieldsIn } from '../support/dom.ts';
// The dialog module watches the focus from its start, as in the app, where the shell loads it;
// the cancel dialog's own code loads with the first tap.
import '../../src/ui/Dialog.tsx';

test.after.each(cleanup);

const appointment: UpcomingAppointment = {
  tanggal_janji: '2026-12-01',
  nama_dokter: 'dr. Ahmad Fauzi, Sp.JP(K)',
  departemen: 'POLI KARDIOLOGI DEWASA',
  no_urut: 7,
  no_reg: 'RJ20261120000123',
  kd_dep: '20001',
  kd_dr: 'D001',
  jam_dtg: '08:00',
  jam_plg: '12:00',
  sts_jam: '1',
  carabayar: 'B',
  jenis: 'poli',
  dapat_diubah: true,
  link_konsultasi: null,
  konsultasi_buka: null,
  konsultasi_tutup: null,
};
const spec = { tanggal_janji: '2026-12-01', nama_dokter: 'dr. Ahmad Fauzi, Sp.JP(K)', departemen: 'POLI KARDIOLOGI DEWASA', no_urut: 7 };

const card = (data: UpcomingAppointment[], managed?: boolean) => <AppointmentsCard resource={{ state: 'ok', data }} managed={managed} />;

test('an appointment that can still change offers Ubah Jadwal and Batalkan, with its hours', () => {
  render(card([appointment], true));
  assert.is(screen.getByRole('link', { name: 'Ubah Jadwal' }).getAttribute('href'), to('reschedule', { no_reg: appointment.no_reg! }));
  assert.ok(screen.getByRole('button', { name: 'Batalkan' }));
  assert.is(fieldsIn().Jam, '08.00–12.00');
  assert.not.ok('Jenis' in fieldsIn(), 'an appointment in the clinic says no kind');
});

test('no action where the API does not manage appointments, the practice has started, or the item has no number', () => {
  const { rerender } = render(card([appointment], false));
  const none = () => assert.is(screen.queryByRole('button', { name: 'Batalkan' }) ?? screen.queryByRole('link', { name: 'Ubah Jadwal' }), null);
  none();
  rerender(card([{ ...appointment, dapat_diubah: false }], true));
  none();
  rerender(card([spec], true));
  none();
  assert.equal(Object.keys(fieldsIn()), ['Tanggal', 'Dokter', 'Poli', 'Nomor Antrian'], "the spec's fields only");
});

test('Batalkan asks which reason, and with Lainnya the words; Tidak closes and gives the focus back', async () => {
  render(card([appointment], true));
  const opener = screen.getByRole('button', { name: 'Batalkan' });
  opener.focus();
  fireEvent.click(opener);
  // The dialog's code loads with the first tap.
  const dialog = await screen.findByRole('dialog', { name: 'Batalkan janji ini?' });
  const shown = fieldsIn(dialog);
  assert.is(shown.Tanggal, 'Selasa, 1 Desember 2026');
  assert.is(shown.Poli, 'POLI KARDIOLOGI DEWASA');
  assert.is(shown.Dokter, 'dr. Ahmad Fauzi, Sp.JP(K)');
  assert.is(shown.Jaminan, 'BPJS');
  const group = within(dialog).getByRole('group', { name: 'Alasan pembatalan' });
  assert.equal(
    within(group)
      .getAllByRole('radio')
      .map((r) => (r as HTMLInputElement).value),
    ['Sudah sembuh', 'Tidak bisa datang', 'Ganti jadwal', 'Lainnya'],
  );

  fireEvent.click(within(dialog).getByRole('button', { name: 'Ya, Batalkan' }));
  assert.is(within(dialog).getByRole('alert').textContent, 'Pilih alasan pembatalan.');
  assert.is(document.activeElement, within(group).getByRole('radio', { name: 'Sudah sembuh' }), 'the focus on the first reason');

  assert.is(within(dialog).queryByRole('textbox'), null, 'no words asked before Lainnya');
  fireEvent.click(within(group).getByRole('radio', { name: 'Lainnya' }));
  const words = within(dialog).getByRole('textbox', { name: 'Tuliskan alasan Anda' });
  assert.is(words.getAttribute('maxlength'), '200');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Ya, Batalkan' }));
  assert.is(within(dialog).getByRole('alert').textContent, 'Tuliskan alasan pembatalan Anda.');
  assert.is(document.activeElement, words);

  fireEvent.click(within(dialog).getByRole('button', { name: 'Tidak' }));
  assert.is(screen.queryByRole('dialog'), null);
  assert.is(document.activeElement, opener, 'back on Batalkan');
});

test("an online consultation: the room's link while it is open, in a new tab; before, when it opens", () => {
  const online: UpcomingAppointment = {
    ...appointment,
    jenis: 'online',
    jam_dtg: '19:00',
    jam_plg: '21:00',
    link_konsultasi: 'https://meet.example.org/rs-jantung/RO123',
    konsultasi_buka: '2026-12-01T18:50:00+07:00',
    konsultasi_tutup: '2026-12-01T21:00:00+07:00',
  };
  const { rerender } = render(card([online], true));
  assert.is(fieldsIn().Jenis, 'Konsultasi Online');
  const link = screen.getByRole('link', { name: /^Masuk Ruang Konsultasi/ });
  assert.is(link.getAttribute('href'), online.link_konsultasi);
  assert.is(link.getAttribute('target'), '_blank');
  assert.match(link.getAttribute('rel') ?? '', /\bnoopener\b/);

  // The room opens in the future (a year ahead of any test run): said with its time, no link.
  const ahead = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  rerender(
    card(
      [{ ...online, tanggal_janji: ahead, link_konsultasi: null, konsultasi_buka: `${ahead}T18:50:00+07:00`, konsultasi_tutup: `${ahead}T21:00:00+07:00` }],
      true,
    ),
  );
  assert.is(screen.queryByRole('link', { name: /Masuk Ruang Konsultasi/ }), null);
  assert.ok(screen.getByText(/^Ruang konsultasi dibuka .* pukul 18\.50\.$/));
});

test('only an https meeting link is followed', () => {
  assert.is(roomLink('https://meet.example.org/a'), 'https://meet.example.org/a');
  assert.is(roomLink('http://meet.example.org/a'), null);
  assert.is(roomLink('javascript:alert(1)'), null);
  assert.is(roomLink('bukan tautan'), null);
  assert.is(roomLink(null), null);
});

test('the date picker pages no further than the last bookable month', () => {
  render(<DatePicker label="Tanggal" value={null} today="2026-11-23" last="2026-12-15" excluded={(d) => d > '2026-12-15'} onChange={() => {}} />);
  fireEvent.click(screen.getByRole('button', { name: /^Tanggal / }));
  const next = screen.getByRole<HTMLButtonElement>('button', { name: 'Bulan berikutnya' });
  assert.not.ok(next.disabled);
  fireEvent.click(next);
  assert.ok(screen.getByRole('heading', { name: 'Desember 2026' }));
  assert.ok(next.disabled, 'no month after the last date');
  assert.is(screen.getByRole('button', { name: 'Rabu, 16 Desember 2026, tidak tersedia' }).getAttribute('aria-disabled'), 'true');
  const last = screen.getByRole('button', { name: 'Selasa, 15 Desember 2026' });
  last.focus();
  fireEvent.keyDown(last, { key: 'PageDown' });
  assert.ok(screen.getByRole('heading', { name: 'Desember 2026' }), 'PageDown stays in the last month');
});

test.run();
