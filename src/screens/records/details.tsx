// Lab and vascular details: the entry found by no_lab / no_reg in the patient's own list, as a
// table a patient can follow (spec sections 5 and 8).
import * as api from '../../api/records.ts';
import type { LabOrder, LabTest, VascularReport } from '../../../common/schemas/index.ts';
import { show, showDate } from '../../../common/display.ts';
import { card, page } from '../../ui/controls.css.ts';
import { Fields } from '../../ui/RecordList.tsx';
import { useResource } from '../../ui/resource.ts';
import { ErrorBanner, Loading } from '../../ui/Spinner.tsx';
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
  const [res] = useResource(api.getLabOrders, [params.nolab]);
  if (res.state === 'loading') return <Loading />;
  const order: LabOrder | undefined = res.state === 'ok' ? res.data.find((o) => o.no_lab === params.nolab) : undefined;
  return (
    <main className={page}>
      {!order ? (
        <ErrorBanner text="Data tidak ditemukan" />
      ) : (
        <section className={card}>
          <Fields item={order} rows={[['No. Lab', (o) => show(o.no_lab)], ['Tanggal Periksa', (o) => showDate(o.tgl_prksa)]]} />
          <LabTable tests={order.hasil_lab ?? []} />
        </section>
      )}
    </main>
  );
}

export function VascularDetail({ params }: { params: { noreg: string } }) {
  const [res] = useResource(api.getVascularReports, [params.noreg]);
  if (res.state === 'loading') return <Loading />;
  const report: VascularReport | undefined = res.state === 'ok' ? res.data.find((r) => r.no_reg === params.noreg) : undefined;
  return (
    <main className={page}>
      {!report ? (
        <ErrorBanner text="Tidak Ada Data" />
      ) : (
        <section className={card}>
          <Fields
            item={report}
            rows={[
              ['No. Registrasi', (r) => show(r.no_reg)], ['Tanggal Periksa', (r) => showDate(r.tgl_periksa)], ['Diagnosa', (r) => show(r.diagnosa)],
              ['Asal Rujukan', (r) => show(r.asal_rujukan)], ['Pengirim', (r) => show(r.pengirim)], ['Teknisi', (r) => show(r.teknisi)],
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
                {(report.hasil_lab ?? []).map((f) => (
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
    </main>
  );
}
