// The patient profile (/profil). On failure the loading stops and the screen says so.
import { show } from '../../../common/values.ts';
import { useRead } from '../../data/hooks.ts';
import { fullProfile } from '../../data/reads.ts';
import { card, page } from '../../ui/controls.css.ts';
import { DateText, Fields } from '../../ui/RecordList.tsx';
import { ResourceView } from '../../ui/ResourceView.tsx';
import { ProfileLinks } from '../../passkeys/ProfileLinks.tsx';
import { RecordLinks } from '../../record-export/RecordLinks.tsx';
import { NoticeChoice } from '../../notices/lazy.tsx';

export default function Profile() {
  const [res] = useRead(fullProfile);
  return (
    <main className={page}>
      <ResourceView resource={res} none="Profil tidak dapat dimuat. Silakan coba lagi nanti.">
        {(profile) => (
          <>
            <section className={card} aria-label="Profil Pasien">
              <Fields
                item={profile}
                rows={[
                  ['Nomor MR', (p) => show(p.nomr)],
                  ['Nama', (p) => show(p.nama)],
                  ['Jenis Kelamin', (p) => show(p.jenis_kelamin)],
                  ['Tanggal Lahir', (p) => <DateText date={p.tgl_lahir} />],
                  ['Jenis Pasien', (p) => show(p.pastipe)],
                  ['Alamat', (p) => show(p.alamat)],
                  ['No. Jaminan', (p) => show(p.no_jaminan)],
                ]}
              />
            </section>
            <NoticeChoice phone={profile.telp_hp ?? null} />
          </>
        )}
      </ResourceView>
      <ProfileLinks />
      <RecordLinks />
    </main>
  );
}
