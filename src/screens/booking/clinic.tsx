// Perjanjian Poliklinik (/perjanjianpoli, docs/product.md §2, §4, §5): clinic, guarantee and date,
// then the doctors of that clinic with their quota.
import { useState } from 'react';
import { isExecutiveClinic, type Guarantee } from '../../../common/booking.ts';
import { S } from '../../strings.ts';
import { BOOKING } from './strings.ts';
import { Whose } from '../../family/Whose.tsx';
import { useRead } from '../../data/hooks.ts';
import { clinics as clinicsRead } from '../../data/reads.ts';
import { field, input, label, page } from '../../ui/controls.css.ts';
import * as css from './booking.css.ts';
import { QuotaCheck } from './quota-check.tsx';

export default function ClinicBooking() {
  const [clinics] = useRead(clinicsRead);
  const [kdDep, setKdDep] = useState('');
  const [guarantee, setGuarantee] = useState<Guarantee | ''>('');
  const clinicList = (clinics.state !== 'error' && clinics.data) || [];
  const clinic = clinicList.find((c) => c.kd_dep === kdDep) ?? null;

  const chooseClinic = (value: string) => {
    setKdDep(value);
    if (isExecutiveClinic(value)) setGuarantee('Non BPJS');
  };

  return (
    <main className={page}>
      <Whose />
      <QuotaCheck clinic={clinic} dateLabel={BOOKING.tanggal} guarantee={guarantee} onGuarantee={setGuarantee} onClinic={chooseClinic}>
        <div className={field}>
          <label className={label} htmlFor="bk-poli">
            {BOOKING.poli}
          </label>
          <select id="bk-poli" className={input} value={kdDep} onChange={(e) => chooseClinic(e.currentTarget.value)} aria-busy={clinics.state === 'loading'}>
            <option value="">{clinics.state === 'loading' ? S.loading : BOOKING.choosePoli}</option>
            {clinicList.map((c) => (
              <option value={c.kd_dep}>{c.ds_dep}</option>
            ))}
          </select>
          {clinics.state === 'error' && <span className={css.warn}>{S.noData}</span>}
          {clinic && isExecutiveClinic(clinic.kd_dep) && <span className={css.note}>{BOOKING.executiveNote}</span>}
        </div>
      </QuotaCheck>
    </main>
  );
}
