// The pure rules of managing appointments: when reminders fall due, what they say, when an
// online room's link shows, and the booking window. The clock is passed in.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { beyondWindow, lastBookableDate } from '../../common/booking.ts';
import { changeable, reasonText, upcomingItem, type UpcomingRow } from '../../server/domain/manage.ts';
import { wibInstant, wibIso } from '../../common/wib.ts';
import { dueReminders, reminderNotification } from '../../server/domain/reminders.ts';

const POLICY = { eveningReminderMinutes: 18 * 60, hoursBefore: 2, onlineRoomMinutes: 10 };
const at = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00+07:00`);

test('WIB wall-clock times are instants, whatever the machine zone, and print with +07:00', () => {
  assert.is(wibInstant('2026-11-30', '08:00'), Date.UTC(2026, 10, 30, 1, 0));
  assert.is(wibIso(Date.UTC(2026, 10, 29, 11, 0)), '2026-11-29T18:00:00+07:00');
});

test('a clinic appointment: the evening before at 18.00 and two hours before practice', () => {
  assert.equal(dueReminders({ tgl_janji: '2026-11-30', jam_dtg: '08:00', jenis: 'poli' }, POLICY, at('2026-11-23', '09:00')), [
    { kind: 'malam_sebelum', due: at('2026-11-29', '18:00') },
    { kind: 'sebelum_praktik', due: at('2026-11-30', '06:00') },
  ]);
});

test('an online one adds its room, minutes before; times already past get none; 0 hours means none', () => {
  const online = { tgl_janji: '2026-11-30', jam_dtg: '19:00', jenis: 'online' as const };
  assert.equal(
    dueReminders(online, POLICY, at('2026-11-30', '17:30')).map((r) => r.kind),
    ['ruang_dibuka'],
  );
  assert.equal(dueReminders(online, POLICY, at('2026-11-30', '18:50')), []);
  assert.equal(
    dueReminders(online, { ...POLICY, hoursBefore: 0 }, at('2026-11-23', '09:00')).map((r) => r.kind),
    ['malam_sebelum', 'ruang_dibuka'],
  );
});

test('a reminder names the clinic, the doctor, the date, the hours and the queue number, and opens home', () => {
  const n = reminderNotification('malam_sebelum', {
    nomr: '00012345',
    jenis: 'poli',
    ds_dep: 'POLI KARDIOLOGI DEWASA',
    nama_dr: 'dr. Ahmad Fauzi, Sp.JP(K)',
    tgl_janji: '2026-11-30',
    jam_dtg: '08:00',
    jam_plg: '12:00',
    no_urut: 7,
  });
  assert.equal(n, {
    nomr: '00012345',
    title: 'Pengingat: perjanjian poliklinik besok',
    body: 'POLI KARDIOLOGI DEWASA dengan dr. Ahmad Fauzi, Sp.JP(K), 30 November 2026 pukul 08.00–12.00. Nomor antrian Anda 7. Silakan datang sesuai jam layanan.',
    url: '/home',
  });
});

const ROW: UpcomingRow = {
  tanggal_janji: '2026-11-30',
  nama_dokter: 'dr. Ahmad Fauzi, Sp.JP(K)',
  departemen: 'POLI KARDIOLOGI DEWASA',
  no_urut: 3,
  no_reg: 'RO261123100001',
  kd_dep: '20001',
  kd_dr: 'D001',
  jam_dtg: '19:00',
  jam_plg: '21:00',
  sts_jam: '2',
  carabayar: 'P',
  jenis: 'online',
  meeting_url: 'https://meet.example.id/r',
  checked_in: false,
};

test('the link shows from 10 minutes before the session until its end, with the hours always', () => {
  const link = (hhmm: string) => upcomingItem(ROW, at('2026-11-30', hhmm), 10).link_konsultasi;
  assert.equal([link('18:49'), link('18:50'), link('20:59'), link('21:00')], [null, ROW.meeting_url, ROW.meeting_url, null]);
  const item = upcomingItem(ROW, at('2026-11-23', '09:00'), 10);
  assert.equal([item.konsultasi_buka, item.konsultasi_tutup], ['2026-11-30T18:50:00+07:00', '2026-11-30T21:00:00+07:00']);
  assert.not.ok('meeting_url' in item || 'checked_in' in item);
  assert.is(upcomingItem({ ...ROW, jenis: 'poli' }, at('2026-11-30', '19:30'), 10).link_konsultasi, null, 'a clinic visit has no room');
});

test('cancel and reschedule are open until practice starts, and not after check-in', () => {
  const a = { tgl_janji: '2026-11-30', jam_dtg: '08:00', checked_in: false, cancelled_at: null };
  assert.ok(changeable(a, at('2026-11-30', '07:59')));
  assert.not.ok(changeable(a, at('2026-11-30', '08:00')));
  assert.not.ok(changeable({ ...a, checked_in: true }, at('2026-11-29', '07:00')));
});

test("the audit keeps the reason, with the patient's words for 'Lainnya'", () => {
  assert.is(reasonText({ alasan: 'Sudah sembuh' }), 'Sudah sembuh');
  assert.is(reasonText({ alasan: 'Lainnya', keterangan: ' Pindah kota ' }), 'Lainnya: Pindah kota');
});

test('the booking window reaches 90 days from today and no further', () => {
  assert.is(lastBookableDate('2026-11-23'), '2027-02-21');
  assert.not.ok(beyondWindow('2027-02-21', '2026-11-23'));
  assert.ok(beyondWindow('2027-02-22', '2026-11-23'));
  assert.ok(beyondWindow('2126-11-26', '2026-11-23'));
  assert.not.ok(beyondWindow('2026-12-01', '2026-11-23', 30));
});

test.run();
