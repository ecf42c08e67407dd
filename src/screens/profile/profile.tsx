// The patient profile (/profil). On failure the loading stops and the screen says so.
import { getProfile } from '../../api/patient.ts';
import { show, showDate } from '../../../common/display.ts';
import { card, page } from '../../ui/controls.css.ts';
import { Fields } from '../../ui/RecordList.tsx';
import { useResource } from '../../ui/resource.ts';
import { ErrorBanner, Loading } from '../../ui/Spinner.tsx';

export default function Profile() {
  const [res] = useResource(() => getProfile(false));
  return (
    <main className={page}>
      {res.state === 'loading' && <Loading />}
      {res.state === 'error' && <ErrorBanner text="Profil tidak dapat dimuat. Silakan coba lagi nanti." />}
      {res.state === 'ok' && (
        <section className={card} aria-label="Profil Pasien">
          <Fields
            item={res.data}
            rows={[
              ['Nomor MR', (p) => show(p.nomr)], ['Nama', (p) => show(p.nama)], ['Jenis Kelamin', (p) => show(p.jenis_kelamin)],
              ['Tanggal Lahir', (p) => showDate(p.tgl_lahir)], ['Jenis Pasien', (p) => show(p.pastipe)], ['Alamat', (p) => show(p.alamat)],
              ['No. Jaminan', (p) => show(p.no_jaminan)],
            ]}
          />
        </section>
      )}
    </main>
  );
}
