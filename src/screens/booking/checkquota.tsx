// Cek Kuota (spec section 2): one doctor's schedule in one clinic; only dates on the schedule's
// weekday can be chosen. Otherwise the same guarantee and date rules as Perjanjian Poliklinik.
import { useState } from 'preact/hooks';
import { isExecutiveClinic, type Guarantee } from '../../lib/booking.ts';
import { S } from '../../strings.ts';
import { Fields } from '../../ui/RecordList.tsx';
import { card, page } from '../../ui/controls.css.ts';
import { QuotaCheck } from './shared.tsx';

interface Params {
  nama_dr_lengkap: string;
  kd_dr: string;
  kd_dep: string;
  ds_dep: string;
  hari_jadwal: string;
  jam_dtg: string;
  jam_plg: string;
}

export default function CheckQuota({ params: p }: { params: Params }) {
  const [guarantee, setGuarantee] = useState<Guarantee | ''>(isExecutiveClinic(p.kd_dep) ? 'Non BPJS' : '');
  return (
    <main class={page}>
      <section class={card} aria-label="Jadwal dokter">
        <Fields
          item={p}
          rows={[
            [S.booking.doctor, (x) => x.nama_dr_lengkap],
            [S.booking.day, (x) => x.hari_jadwal],
            [S.booking.hours, (x) => `${x.jam_dtg} - ${x.jam_plg}`],
            [S.booking.poli, (x) => x.ds_dep],
          ]}
        />
      </section>
      <QuotaCheck
        clinic={{ kd_dep: p.kd_dep, ds_dep: p.ds_dep }}
        kdDr={p.kd_dr}
        weekday={p.hari_jadwal}
        dateLabel={S.booking.dateOnWeekday}
        guarantee={guarantee}
        onGuarantee={setGuarantee}
      />
    </main>
  );
}
