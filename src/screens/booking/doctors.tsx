// Jadwal Dokter (docs/product.md §2): the 13 specialty buttons, then a specialty's doctors with their
// weekly schedules; a schedule row leads to Cek Kuota.
import { formatHours } from '../../../common/hours.ts';
import { apiBase } from '../../api/config.ts';
import { SPECIALTIES, type Specialty } from '../../../common/schemas/codes.ts';
import type { DoctorSchedule } from '../../../common/schemas/index.ts';
import { specialtyLabel } from '../../../common/display.ts';
import { to } from '../../../common/routes.ts';
import { BOOKING } from './strings.ts';
import { useRead } from '../../data/hooks.ts';
import { doctorSchedules } from '../../data/reads.ts';
import { ListState } from '../../ui/ListState.tsx';
import { card, page } from '../../ui/controls.css.ts';
import * as css from './booking.css.ts';
import type { ScreenProps } from '../../navigation.ts';

/** Each specialty's colour (white text on it passes WCAG AA) and icon path. */
const SPECIALTY_LOOK: Record<Specialty, readonly [colour: string, icon: string]> = {
  Kardiologi: [
    '#b3261e',
    'M12 21.35l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54z',
  ],
  Anak: ['#ad1457', 'M12 2a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM8 9h8l-1.2 7H13v6h-2v-6H9.2z'],
  Bedah: ['#6a1b9a', 'M3 19l9.5-9.5 2 2L5 21H3zM14 9l6.5-6.5L22 4l-6 7z'],
  'Bedah Dewasa': [
    '#4527a0',
    'M9.6 7.6A4 4 0 1 0 6 10c.6 0 1.1-.1 1.6-.4L10 12l-2.4 2.4A4 4 0 1 0 10 18c0-.6-.1-1.1-.4-1.6L12 14l7 7h3v-1zM6 8a2 2 0 1 1 0-4 2 2 0 0 1 0 4zm0 12a2 2 0 1 1 0-4 2 2 0 0 1 0 4zM19 3l-6 6 2 2 7-7V3z',
  ],
  'Bedah Anak': ['#283593', 'M10 3h4v7h7v4h-7v7h-4v-7H3v-4h7z'],
  Gizi: [
    '#2e7d32',
    'M16 7c-1.5 0-2.5.6-4 .6S9.5 7 8 7c-2.8 0-5 2.5-5 6 0 4 3 9 5.5 9 1.3 0 2-.7 3.5-.7s2.2.7 3.5.7C18 22 21 17 21 13c0-3.5-2.2-6-5-6zm-4-1c0-2 1.5-4 4-4 0 2-1.5 4-4 4z',
  ],
  Gigi: ['#00695c', 'M7 2C4.5 2 3 4 3 6.5c0 3 1.5 5 2 8 .5 3.5 1 7.5 3 7.5s2-5 4-5 2 5 4 5 2.5-4 3-7.5c.5-3 2-5 2-8C21 4 19.5 2 17 2c-2 0-3 1-5 1S9 2 7 2z'],
  'Penyakit Dalam': ['#1565c0', 'M6 2v6a4 4 0 0 0 8 0V2h-2v6a2 2 0 0 1-4 0V2zm4 12v1a5 5 0 0 0 10 0v-2.3a2.5 2.5 0 1 0-2 0V15a3 3 0 0 1-6 0v-1z'],
  Rehabilitasi: ['#33691e', 'M12 2a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm9 7h-6v13h-2v-6h-2v6H9V9H3V7h18z'],
  Syaraf: ['#bf360c', 'M13 2L4 14h7l-1 8 9-12h-7z'],
  'Cardiologi Pediatrik': [
    '#c2185b',
    'M16.5 3A5.5 5.5 0 0 0 12 5.1 5.5 5.5 0 0 0 7.5 3 5.5 5.5 0 0 0 2 8.5c0 3.8 3.4 6.9 8.6 11.5l1.4 1.4 1.4-1.4C18.6 15.4 22 12.3 22 8.5A5.5 5.5 0 0 0 16.5 3zm-4.4 15.6h-.2C7.1 14.2 4 11.4 4 8.5 4 6.5 5.5 5 7.5 5c1.5 0 3 1 3.6 2.4h1.9C13.5 6 15 5 16.5 5c2 0 3.5 1.5 3.5 3.5 0 2.9-3.1 5.7-7.9 10.1z',
  ],
  'Pulmonologi & Respirasi (Paru)': ['#37474f', 'M4 10h11a3 3 0 1 0-3-3h2a1 1 0 1 1 1 1H4zm0 4h14a2 2 0 1 1-2 2h-2a4 4 0 1 0 4-4H4z'],
  'Cardiologi Pediatrik (Purnabakti)': ['#4e342e', 'M3 11h4l2-5 4 10 2-5h6v2h-4.6L13 20 9 10l-.6 3H3z'],
};

export function Specialties() {
  return (
    <main className={page}>
      <nav className={css.specialties} aria-label={BOOKING.specialtiesTitle}>
        {SPECIALTIES.map((s) => {
          const [colour, icon] = SPECIALTY_LOOK[s];
          return (
            <a className={css.specialty} style={{ background: colour }} href={to('doctorList', { spesialis: s })}>
              <svg width="32" height="32" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d={icon} fill="currentColor" />
              </svg>
              {specialtyLabel(s)}
            </a>
          );
        })}
      </nav>
    </main>
  );
}

/** A grey silhouette, shown when a photo is missing or fails to load. */
const FALLBACK_PHOTO =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 90 100"><rect width="90" height="100" fill="#e3eaeb"/><circle cx="45" cy="38" r="18" fill="#a9b8ba"/><path d="M12 100c0-22 15-34 33-34s33 12 33 34z" fill="#a9b8ba"/></svg>',
  );

/** A photo path is relative to the API's base address unless it is a full URL. */
function photoUrl(foto: string | null | undefined): string {
  if (!foto) return FALLBACK_PHOTO;
  try {
    return new URL(foto, apiBase() || undefined).href;
  } catch {
    return FALLBACK_PHOTO;
  }
}

function DoctorCard({ d }: { d: DoctorSchedule }) {
  return (
    <li className={`${card} ${css.doctor}`}>
      <img
        className={css.photo}
        src={photoUrl(d.foto)}
        width={90}
        height={100}
        loading="lazy"
        decoding="async"
        alt={BOOKING.photoOf(d.nama_dr_lengkap)}
        onError={(e) => {
          const img = e.currentTarget;
          if (img.src !== FALLBACK_PHOTO) img.src = FALLBACK_PHOTO;
        }}
      />
      <div>
        <h2 className={css.doctorName}>
          {d.nama_dr_lengkap} ({d.kd_dr})
        </h2>
        {d.jadwal?.length ? (
          <ul className={css.scheduleRows}>
            {d.jadwal.map((j) => (
              <li>
                <a
                  className={css.scheduleRow}
                  href={to('checkQuota', {
                    nama_dr_lengkap: d.nama_dr_lengkap,
                    kd_dr: d.kd_dr,
                    kd_dep: j.kd_dep,
                    ds_dep: j.ds_dep,
                    hari_jadwal: j.hari,
                    jam_dtg: j.jam_dtg,
                    jam_plg: j.jam_plg,
                  })}
                >
                  <strong>
                    {j.hari}, {formatHours(j.jam_dtg, j.jam_plg)}
                  </strong>
                  <span>{j.ds_dep}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className={css.note}>{BOOKING.noSchedule}</p>
        )}
      </div>
    </li>
  );
}

export function DoctorList({ params }: ScreenProps<'doctorList'>) {
  const { spesialis } = params;
  const [res] = useRead(doctorSchedules(spesialis));
  return (
    <main className={page}>
      <ListState resource={res}>
        {(doctors) => (
          <ul className={css.slots}>
            {doctors.map((d) => (
              <DoctorCard d={d} />
            ))}
          </ul>
        )}
      </ListState>
    </main>
  );
}
