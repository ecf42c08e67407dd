// Check-in from home's button and what a failed one says, loaded when the button is shown rather
// than with home (docs/performance.md): most visits to home check nobody in.
import type { ClinicQueueItem } from '../../../common/schemas/index.ts';
import { checkIn, type CheckinFailure } from '../../data/checkin.ts';
import { S } from '../../strings.ts';

const FAILED = {
  locationDenied:
    'Izin lokasi ditolak. Check-in dari ponsel memerlukan lokasi Anda: izinkan akses lokasi untuk aplikasi ini di pengaturan browser, lalu coba lagi. Anda juga dapat check-in di loket pendaftaran.',
  locationUnavailable: 'Lokasi ponsel tidak dapat ditemukan. Nyalakan lokasi (GPS) ponsel, lalu coba lagi.',
  locationUnsupported: 'Ponsel ini tidak dapat memberikan lokasi. Silakan check-in di loket pendaftaran.',
  offline: 'Tidak ada koneksi internet. Periksa koneksi Anda, lalu coba lagi.',
  failed: 'Check-in belum berhasil. Silakan coba lagi.',
};

function problemText(f: CheckinFailure): string {
  if (f.kind === 'location')
    return f.why === 'denied' ? FAILED.locationDenied : f.why === 'unsupported' ? FAILED.locationUnsupported : FAILED.locationUnavailable;
  // The server's own words: too early (with the hour), closed, not today, too far (with the distance).
  if (f.error.message) return f.error.message;
  if (f.error.kind === 'offline') return FAILED.offline;
  return f.error.kind === 'network' ? S.connectionProblem : FAILED.failed;
}

/** Checks in (with the phone's position when the entry asks for it): the time it was taken, or what went wrong in words. */
export async function checkInNow(
  item: Pick<ClinicQueueItem, 'no_reg' | 'checkin_lokasi'>,
  located: () => void,
): Promise<{ ok: true; at: string } | { ok: false; text: string }> {
  const res = await checkIn(item, located);
  return res.ok ? { ok: true, at: res.data.checkin } : { ok: false, text: problemText(res.failure) };
}
