// The notices of a doctor's leave and of the waiting list (docs/leave.md): one function per event,
// each from named facts, so another channel's templates (a WhatsApp template's parameters) can be
// fed from the same facts. The texts are the patient's: Indonesian, polite.
import { formatDate } from '../../common/dates.ts';
import { hoursText } from '../../common/clock.ts';
import { sessionLabel } from '../../common/leave.ts';

/** A session offered instead: the day, the hours and the doctor. */
interface NoticeChoice {
  tgl_janji: string;
  jam_dtg: string;
  jam_plg: string;
  nama_dr: string;
}

export interface SessionNoticeFacts {
  /** 'tutup': the doctor is on leave; 'ubah': the session's hours changed. */
  event: 'tutup' | 'ubah';
  doctor: string;
  clinic: string;
  date: string;
  /** The booked hours, and with 'ubah' the new ones. */
  hours: { jam_dtg: string; jam_plg: string };
  newHours?: { jam_dtg: string; jam_plg: string };
  reason: string;
  choices: NoticeChoice[];
}

export interface Notice {
  title: string;
  body: string;
}

const choiceText = (c: NoticeChoice) => `${sessionLabel(c)} (${c.nama_dr})`;

/** A booking the hospital cancelled: what happened, why, and where it can go in one tap. */
export function sessionNotice(f: SessionNoticeFacts): Notice {
  const when = `${formatDate(f.date, 'day')} pukul ${hoursText(f.hours.jam_dtg, f.hours.jam_plg)}`;
  const what =
    f.event === 'tutup'
      ? `Praktik ${f.doctor} di ${f.clinic} pada ${when} ditiadakan: ${f.reason}.`
      : `Jam praktik ${f.doctor} di ${f.clinic} pada ${formatDate(f.date, 'day')} diubah menjadi ${hoursText(f.newHours?.jam_dtg ?? '', f.newHours?.jam_plg)}: ${f.reason}.`;
  const next = f.choices.length
    ? ` Silakan pindahkan perjanjian Anda dengan satu sentuhan ke: ${f.choices.map(choiceText).join('; ')}.`
    : ' Silakan buat perjanjian baru di aplikasi.';
  return { title: 'Perjanjian Anda dibatalkan oleh rumah sakit', body: `${what} Perjanjian Anda dibatalkan oleh rumah sakit.${next}` };
}

export interface OfferNoticeFacts {
  doctor: string;
  clinic: string;
  date: string;
  hours: { jam_dtg: string; jam_plg: string };
  /** The instant the hold ends (epoch ms), and its length. */
  until: string;
  holdMinutes: number;
}

/** The same facts as the WhatsApp template's parameters (domain/notice-templates.ts, 'cuti-dokter'). */
export function sessionNoticeParams(f: SessionNoticeFacts): Record<string, string> {
  return {
    dokter: f.doctor,
    poli: f.clinic,
    tanggal: formatDate(f.date, 'day'),
    jam: hoursText(f.hours.jam_dtg, f.hours.jam_plg),
    alasan: f.reason,
    pilihan: f.choices.length ? f.choices.map((c) => `pindah ke ${choiceText(c)}`).join('; ') : 'buat perjanjian baru di aplikasi',
  };
}

/** A freed seat held for the first in line. */
export function offerNotice(f: OfferNoticeFacts): Notice {
  return {
    title: 'Ada kuota kosong untuk Anda',
    body: `Kuota ${f.doctor} di ${f.clinic} pada ${sessionLabel({ tgl_janji: f.date, ...f.hours })} kini tersedia untuk Anda. Kuota ditahan ${f.holdMinutes} menit, sampai pukul ${f.until} WIB. Silakan buka aplikasi untuk mengambilnya.`,
  };
}

/** The same facts as the WhatsApp template's parameters (domain/notice-templates.ts, 'kursi-tunggu'). */
export function offerNoticeParams(f: OfferNoticeFacts): Record<string, string | number> {
  return { poli: f.clinic, dokter: f.doctor, tanggal: formatDate(f.date, 'day'), jam: hoursText(f.hours.jam_dtg, f.hours.jam_plg), menit: f.holdMinutes };
}
