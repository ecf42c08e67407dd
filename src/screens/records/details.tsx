// Lab and vascular details: the entry found by no_lab / no_reg in the patient's own list, as a
// table a patient can follow (spec sections 5 and 8). The list the patient came from is on hand:
// no call for it again. Offline without the entry, the screen says the phone is offline rather
// than that the entry does not exist.
import type { LabTest } from '../../../common/schemas/index.ts';
import { show, showDate } from '../../../common/display.ts';
import { useRead } from '../../data/hooks.ts';
import { labOrders, vascularReports } from '../../data/reads.ts';
import { mapResource } from '../../data/resource.ts';
import { S } from '../../strings.ts';
import { card, page } from '../../ui/controls.css.ts';
import { Fields } from '../../ui/RecordList.tsx';
import { ResourceView } from '../../ui/ResourceView.tsx';
import * as css from '../../ui/records.css.ts';

export function flagClass(flag: string | null): string {
  const f = (flag ?? '').trim().toUpperCase();
  if (f.startsWith('H') || f === '*') return css.high;
  if (f.startsWith('L')) return css.low;
  return '';
}

const FLAG_TEXT: Record<string, string> = { H: 'Tinggi', HH: 'Sangat tinggi', L: 'Rendah', LL: 'Sangat rendah' };

function LabTable({ tests }: { tests: LabTest[] }) {
  return (
    <div className={css.scroll}>
      <table className={css.table}>
        <thead>
          <tr>
            {['Pemeriksaan', 'Hasil', 'Nilai Rujukan', 'Flag', 'Status', 'Keterangan'].map((h) => (
              <th className={css.th} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {tests.map((t) => (
            <tr>
              <th className={css.td} scope="row">
                {show(t.test_nm)}
              </th>
              <td className={`${css.td} ${flagClass(t.flag)}`}>
                {show(t.hasil)} {t.unit ?? ''}
              </td>
              <td className={css.td}>{show(t.ref_range)}</td>
              <td className={`${css.td} ${flagClass(t.flag)}`}>{t.flag ? (FLAG_TEXT[t.flag.trim().toUpperCase()] ?? t.flag) : show(t.flag)}</td>
              <td className={css.td}>{show(t.status)}</td>
              <td className={css.td}>{show(t.test_comment)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function LabDetail({ params }: { params: { nolab: string } }) {
  const [list] = useRead(labOrders, { fresh: Infinity });
  const order = mapResource(list, (orders) => orders.find((o) => o.no_lab === params.nolab));
  return (
    <main className={page}>
      <ResourceView resource={order} none="Data tidak ditemukan" offline={S.offline}>
        {(o) => (
          <section className={card}>
            <Fields
              item={o}
              rows={[
                ['No. Lab', (x) => show(x.no_lab)],
                ['Tanggal Periksa', (x) => showDate(x.tgl_prksa)],
              ]}
            />
            <LabTable tests={o.hasil_lab ?? []} />
          </section>
        )}
      </ResourceView>
    </main>
  );
}

export function VascularDetail({ params }: { params: { noreg: string } }) {
  const [list] = useRead(vascularReports, { fresh: Infinity });
  const report = mapResource(list, (reports) => reports.find((r) => r.no_reg === params.noreg));
  return (
    <main className={page}>
      <ResourceView resource={report} none="Tidak Ada Data" offline={S.offline}>
        {(r) => (
          <section className={card}>
            <Fields
              item={r}
              rows={[
                ['No. Registrasi', (x) => show(x.no_reg)],
                ['Tanggal Periksa', (x) => showDate(x.tgl_periksa)],
                ['Diagnosa', (x) => show(x.diagnosa)],
                ['Asal Rujukan', (x) => show(x.asal_rujukan)],
                ['Pengirim', (x) => show(x.pengirim)],
                ['Teknisi', (x) => show(x.teknisi)],
              ]}
            />
            <div className={css.scroll}>
              <table className={css.table}>
                <thead>
                  <tr>
                    {['Akses', 'Kanan', 'Kiri'].map((h) => (
                      <th className={css.th} scope="col">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {(r.hasil_lab ?? []).map((f) => (
                    <tr>
                      <th className={css.td} scope="row">
                        {show(f.access)}
                      </th>
                      <td className={css.td}>{show(f.kanan)}</td>
                      <td className={css.td}>{show(f.kiri)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        )}
      </ResourceView>
    </main>
  );
}
