// Procedure schedules and histories: each a RecordList with every field of docs/product.md §3.
import * as reads from '../../data/reads.ts';
import type * as C from '../../../common/schemas/index.ts';
import { CANCELLED_LABEL } from '../../../common/booking.ts';
import { clinicTitle } from '../../../common/display.ts';
import { show, yesNo } from '../../../common/values.ts';
import { to } from '../../../common/routes.ts';
import * as css from '../../ui/records.css.ts';
import * as manageCss from '../../appointments/manage.css.ts';
import { DateText, RecordList as List, type FieldRow } from '../../ui/RecordList.tsx';
import { Whose } from '../../family/Whose.tsx';

/** Each list under the line naming whose record it is (a phone with several profiles). */
function RecordList<T>(props: Parameters<typeof List<T>>[0]) {
  return <List<T> {...props} lead={<Whose />} />;
}

const text = <T,>(label: string, key: keyof T): FieldRow<T> => [label, (i) => show(i[key])];
const date = <T,>(label: string, key: keyof T): FieldRow<T> => [label, (i) => <DateText date={i[key] as string | null} />];

export const CathSchedule = () => (
  <RecordList<C.CathSchedule>
    read={reads.cathSchedule}
    rows={[
      text('Hari', 'hari'),
      date('Tanggal', 'tanggal_tindakan'),
      text('Tindakan', 'tindakan'),
      text('Dokter', 'nama_dokter'),
      text('No. Registrasi', 'no_reg'),
      text('Nama Pasien', 'nama_pasien'),
      text('No. MR', 'no_mr'),
    ]}
  />
);

export const SurgerySchedule = () => (
  <RecordList<C.SurgerySchedule>
    read={reads.surgerySchedule}
    rows={[
      text('Hari', 'hari'),
      date('Tanggal', 'tanggal_operasi'),
      text('Tindakan', 'tindakan_bedah'),
      text('Dokter Bedah', 'nama_dokter_bedah'),
      text('Dokter Anestesi', 'nama_dokter_anastesi'),
      text('No. Registrasi', 'no_reg'),
      text('Nama Pasien', 'nama_pasien'),
      text('No. MR', 'no_mr'),
    ]}
  />
);

export const OutpatientVisits = () => (
  <RecordList<C.OutpatientVisit>
    read={reads.outpatientVisits}
    rows={[
      date('Tanggal', 'tgl_reg'),
      text('Poli', 'ds_dep'),
      text('Kode Poli', 'kd_dep'),
      text('Dokter', 'nama_dokter'),
      ['Pasien Baru', (i) => yesNo(i.pas_baru)],
      text('Jenis Pasien', 'ds_pastipe'),
      text('Resume', 'resume'),
      text('No. Registrasi', 'no_reg'),
      text('Nama Pasien', 'nama_pas'),
      text('No. MR', 'no_mr'),
    ]}
    footer={(v) => <ClinicHistoryLink ds_dep={v.ds_dep} />}
  />
);

/** Every visit to the clinic of this one: where a patient looks for a clinic's history. */
function ClinicHistoryLink({ ds_dep }: { ds_dep: string | null }) {
  if (!ds_dep?.trim()) return null;
  const name = clinicTitle(ds_dep.trim());
  return (
    <a className={css.more} href={to('poliHistory', { poli: name })}>
      Riwayat {name}
    </a>
  );
}

export const OnlineVisits = () => (
  <RecordList<C.OnlineVisit>
    read={reads.onlineVisits}
    rows={[
      date('Tanggal', 'tgl_reg'),
      text('Poli', 'ds_dep'),
      text('Kode Poli', 'kd_dep'),
      text('Dokter', 'nama_dokter'),
      text('Nomor Antrian', 'no_urut'),
      ['Pasien Baru', (i) => yesNo(i.pas_baru)],
      text('Jenis Pasien', 'ds_pastipe'),
      text('No. Registrasi', 'no_reg'),
      text('Nama Pasien', 'nama_pas'),
      text('No. MR', 'no_mr'),
    ]}
    // An online appointment booked through the app, where the API lists them: still ahead, or cancelled.
    footer={(i) =>
      i.status_janji && (
        <p className={i.status_janji === CANCELLED_LABEL ? manageCss.statusCancelled : manageCss.statusScheduled}>
          Status: <strong>{i.status_janji}</strong>
        </p>
      )
    }
  />
);

export const CurrentInpatient = () => (
  <RecordList<C.CurrentInpatient>
    read={reads.currentInpatient}
    rows={[
      text('Status', 'status'),
      text('Ruang', 'ds_kmr'),
      date('Tanggal Registrasi', 'tgl_reg'),
      date('Tanggal Masuk', 'tgl_masuk'),
      date('Tanggal Keluar', 'tgl_keluar'),
      date('Tanggal Pulang', 'tgl_pulang'),
      text('Asal', 'ds_bed_from'),
      text('Kode Tempat Tidur', 'kd_bed_from'),
      text('No. Registrasi', 'no_reg'),
    ]}
  />
);

export const PastInpatient = () => (
  <RecordList<C.PastInpatient>
    read={reads.pastInpatient}
    rows={[
      date('Tanggal Masuk', 'tgl_masuk'),
      date('Tanggal Pulang', 'tgl_pulang'),
      text('Diagnosis Primer', 'diagnosis_primer'),
      text('Diagnosis Sekunder', 'diagnosis_sekunder'),
      text('No. Registrasi', 'no_reg'),
      text('Nama Pasien', 'nama_pas'),
      text('No. MR', 'no_mr'),
    ]}
  />
);

export const CathHistory = () => (
  <RecordList<C.CathHistory>
    read={reads.cathHistory}
    rows={[
      text('Hari', 'hari'),
      date('Tanggal', 'tanggal_tindakan'),
      text('Dokter', 'nama_dokter'),
      text('No. Registrasi', 'no_reg'),
      text('Nama Pasien', 'nama_pasien'),
      text('No. MR', 'no_mr'),
    ]}
  />
);

export const SurgeryHistory = () => (
  <RecordList<C.SurgeryHistory>
    read={reads.surgeryHistory}
    rows={[
      text('Hari', 'hari'),
      date('Tanggal', 'tanggal_operasi'),
      text('Tindakan', 'tindakan_bedah'),
      text('Dokter Bedah', 'nama_dokter_bedah'),
      text('Dokter Anestesi', 'nama_dokter_anestesi'),
      text('No. Registrasi', 'no_reg'),
      text('Nama Pasien', 'nama_pasien'),
      text('No. MR', 'no_mr'),
    ]}
  />
);

export const LabOrders = () => (
  <RecordList<C.LabOrder>
    read={reads.labOrders}
    rows={[date('Tanggal Periksa', 'tgl_prksa'), text('No. Lab', 'no_lab'), ['Jumlah Pemeriksaan', (i) => String(i.hasil_lab?.length ?? 0)]]}
    footer={(i) => (
      <a className={css.more} href={to('labDetail', { nolab: i.no_lab })}>
        Lihat hasil
      </a>
    )}
  />
);

/** Vascular entries without no_reg are dropped (docs/product.md §5). */
export const hasNoReg = (r: C.VascularReport) => !!r.no_reg;

export const VascularReports = () => (
  <RecordList<C.VascularReport>
    read={reads.vascularReports}
    filter={hasNoReg}
    rows={[date('Tanggal Periksa', 'tgl_periksa'), text('Diagnosa', 'diagnosa'), text('Asal Rujukan', 'asal_rujukan'), text('No. Registrasi', 'no_reg')]}
    footer={(r) => (
      <a className={css.more} href={to('vascularDetail', { noreg: r.no_reg! })}>
        Lihat laporan
      </a>
    )}
  />
);

/** The poli history keeps the entries of the poli in the route, upper-cased (docs/product.md §5). */
export const forPoli = (poli: string) => (i: C.PoliHistoryItem) => i.ds_dep === poli.toUpperCase();

export const PoliHistory = ({ params }: { params: { poli: string } }) => (
  <RecordList<C.PoliHistoryItem>
    read={reads.poliHistory}
    filter={forPoli(params.poli)}
    rows={[date('Tanggal', 'tgl_reg'), text('Poli', 'ds_dep'), ['Rawat Inap', (i) => yesNo(i.inap)], text('No. Registrasi', 'no_reg')]}
  />
);
