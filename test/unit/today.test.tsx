// Home's 'Hari ini' card: what it shows of today and the week ahead, and that it stays away when
// there is nothing (or nothing it could read).
import '../support/dom.ts';
import { cleanup, render, screen } from '@testing-library/preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, formatDate, todayWib } from '../../common/dates.ts';
import type { CathSchedule, ClinicQueueItem, CurrentInpatient, PharmacyQueueItem, SurgerySchedule } from '../../common/schemas/index.ts';
import type { Resource } from '../../src/data/resource.ts';
import { TodayCard } from '../../src/screens/home/Today.tsx';

test.after.each(cleanup);

const today = todayWib();
const ok = <T,>(data: T[]): Resource<T[]> => ({ state: 'ok', data });
const none = {
  clinic: ok<ClinicQueueItem>([]),
  pharmacy: ok<PharmacyQueueItem>([]),
  cath: ok<CathSchedule>([]),
  surgery: ok<SurgerySchedule>([]),
  inpatient: ok<CurrentInpatient>([]),
};
const queue: ClinicQueueItem = {
  no_urut: 9,
  no_reg: 'RJ1',
  tgl_janji: today,
  hari: 'Kamis',
  dokter: 'dr. Ahmad Fauzi, Sp.JP(K)',
  ds_dep: 'POLI KARDIOLOGI DEWASA',
  no_mr: '00012345',
  nama_pas: 'BUDI',
};
const cath = (days: number, tindakan: string): CathSchedule => ({
  hari: '',
  tanggal_tindakan: addDays(today, days),
  nama_pasien: 'BUDI',
  no_mr: '00012345',
  tindakan,
  no_reg: `KT${days}`,
  nama_dokter: 'dr. X',
});
const surgery = (days: number): SurgerySchedule => ({
  hari: '',
  tanggal_operasi: addDays(today, days),
  nama_pasien: 'BUDI',
  no_mr: '00012345',
  tindakan_bedah: 'Penggantian katup mitral',
  no_reg: `OP${days}`,
  nama_dokter_bedah: 'dr. Y',
  nama_dokter_anastesi: 'dr. Z',
});

test('nothing today or this week, or nothing that could be read: no card', () => {
  render(<TodayCard {...none} />);
  assert.is(screen.queryByRole('heading', { name: 'Hari ini' }), null);
  const failed: Resource<never[]> = { state: 'error', error: { kind: 'network' } };
  render(<TodayCard clinic={failed} pharmacy={failed} cath={failed} surgery={failed} inpatient={failed} />);
  assert.is(screen.queryByRole('heading', { name: 'Hari ini' }), null);
});

test("today's queue number; once called, the words and the room, large; without a room from the API, the words alone", () => {
  const { rerender } = render(<TodayCard {...none} clinic={ok([{ ...queue, status: 'menunggu', sisa_antrian: 2 }])} />);
  assert.ok(screen.getByRole('heading', { name: 'Hari ini' }));
  assert.ok(screen.getByText('Nomor antrian 9'));
  assert.ok(screen.getByText('Poli Kardiologi Dewasa · dr. Ahmad Fauzi, Sp.JP(K)'));
  assert.ok(screen.getByText('2 antrian lagi'));
  rerender(<TodayCard {...none} clinic={ok([{ ...queue, status: 'dipanggil', ruang: 'Ruang Periksa 3, Lantai 1' }])} />);
  assert.is(screen.getByRole('status').textContent, 'Dipanggil, silakan menuju ruang periksaRuang Periksa 3, Lantai 1');
  rerender(<TodayCard {...none} clinic={ok([{ ...queue, status: 'dipanggil', ruang: '3A' }])} />);
  assert.ok(screen.getByText('Ruang 3A'));
  rerender(<TodayCard {...none} clinic={ok([{ ...queue, status: 'dipanggil' }])} />);
  assert.is(screen.getByRole('status').textContent, 'Dipanggil, silakan menuju ruang periksa');
  // Done, or another day's entry: nothing for today.
  rerender(
    <TodayCard
      {...none}
      clinic={ok([
        { ...queue, status: 'selesai' },
        { ...queue, tgl_janji: addDays(today, 1) },
      ])}
    />,
  );
  assert.is(screen.queryByRole('heading', { name: 'Hari ini' }), null);
});

test("today's medicine, ready or in preparation, each said in words", () => {
  const f = { no_antrian: 'F-012', tgl_layanan: today, no_mr: '00012345', nama_pasien: 'BUDI' };
  render(<TodayCard {...none} pharmacy={ok([{ ...f, status_obat: 'Siap diambil' }])} />);
  assert.ok(screen.getByText('Nomor antrian farmasi F-012'));
  assert.ok(screen.getByText('Siap diambil'));
  assert.ok(screen.getByText('Silakan ambil obat Anda di loket farmasi.'));
});

test('a catheterization or surgery within seven days, with its date and how far off; later ones not', () => {
  render(<TodayCard {...none} cath={ok([cath(4, 'Intervensi koroner perkutan (PCI) pada LAD'), cath(8, 'Nanti')])} surgery={ok([surgery(7), surgery(12)])} />);
  assert.ok(screen.getByText(`${formatDate(addDays(today, 4), 'day')} (4 hari lagi)`));
  assert.ok(screen.getByText('Intervensi koroner perkutan (PCI) pada LAD'));
  assert.ok(screen.getByText(`${formatDate(addDays(today, 7), 'day')} (7 hari lagi)`));
  assert.is(screen.queryByText('Nanti'), null);
  assert.is(screen.queryByText(/12 hari lagi/), null);
  assert.equal(
    screen.getAllByRole('link', { name: 'Lihat rincian' }).map((a) => a.getAttribute('href')),
    ['/cekjadwaltindakan/katerisasi', '/cekjadwaltindakan/operasi'],
  );
});

test('a stay under way: where, since when', () => {
  const stay: CurrentInpatient = {
    no_reg: 'RI1',
    tgl_reg: addDays(today, -1),
    tgl_pulang: null,
    ds_kmr: 'ICVCU',
    kd_bed_from: 'C3-02',
    ds_bed_from: 'IGD',
    status: 'Dirawat',
    tgl_masuk: addDays(today, -1),
    tgl_keluar: null,
  };
  render(<TodayCard {...none} inpatient={ok([stay])} />);
  assert.ok(screen.getByText('Sedang dirawat di ICVCU'));
  assert.ok(screen.getByText(`Sejak ${formatDate(addDays(today, -1))}`));
  assert.is(screen.getByRole('link', { name: 'Lihat rincian' }).getAttribute('href'), '/riwayatrawatinap/berjalan');
});

test.run();
