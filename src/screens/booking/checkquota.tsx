// Cek Kuota (docs/product.md §2): one doctor's schedule in one clinic; only dates on the schedule's
// weekday can be chosen. Otherwise the same guarantee and date rules as Perjanjian Poliklinik.
import { formatHours } from '../../../common/hours.ts';
import { useState } from 'react';
import { isExecutiveClinic, type Guarantee } from '../../../common/booking.ts';
import { BOOKING } from './strings.ts';
import { Whose } from '../../family/Whose.tsx';
import { Fields } from '../../ui/RecordList.tsx';
import { card, page } from '../../ui/controls.css.ts';
import { QuotaCheck } from './quota-check.tsx';
import type { ScreenProps } from '../../navigation.ts';

export default function CheckQuota({ params: p }: ScreenProps<'checkQuota'>) {
  const [guarantee, setGuarantee] = useState<Guarantee | ''>(isExecutiveClinic(p.kd_dep) ? 'Non BPJS' : '');
  return (
    <main className={page}>
      <Whose />
      <section className={card} aria-label={BOOKING.scheduleTitle}>
        <Fields
          item={p}
          rows={[
            [BOOKING.doctor, (x) => x.nama_dr_lengkap],
            [BOOKING.day, (x) => x.hari_jadwal],
            [BOOKING.hours, (x) => formatHours(x.jam_dtg, x.jam_plg)],
            [BOOKING.poli, (x) => x.ds_dep],
          ]}
        />
      </section>
      <QuotaCheck
        clinic={{ kd_dep: p.kd_dep, ds_dep: p.ds_dep }}
        kdDr={p.kd_dr}
        weekday={p.hari_jadwal}
        dateLabel={BOOKING.dateOnWeekday}
        guarantee={guarantee}
        onGuarantee={setGuarantee}
      />
    </main>
  );
}
