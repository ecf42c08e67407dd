// npm run registrations: the self-registrations waiting for the registration counter, as a table,
// read from the configured database (GET /api/internal/registrasi gives the same to the hospital's
// systems). The reading is audited like any other processing of personal data.
// npm run registrations -- verifikasi REG-7K3QAM [NOMOR_MR]: the counter has checked the person's
// KTP; as POST /api/internal/registrasi/:id/verifikasi, by the reference the person shows. The
// push message waits in the queue for the running server's push worker.
import { userInfo } from 'node:os';
import { OCCUPATIONS } from '../common/schemas/occupations.ts';
import type { RegistrationEntry } from '../common/schemas/internal.ts';
import { ConfigError, loadConfig } from './config.ts';
import { audit } from './db/audit.ts';
import { DataDirLockedError } from './db/client.ts';
import { openDatabase } from './open-database.ts';
import { pendingRegistrations } from './db/registrations.ts';
import { INTERNAL } from '../common/server-paths.ts';
import { normalReference } from '../common/reference.ts';
import { verify } from './registration-verify.ts';

const COLUMNS: Array<[title: string, value: (r: RegistrationEntry) => string]> = [
  ['id', (r) => String(r.id)],
  ['dikirim (WIB)', (r) => r.updated_at.slice(0, 16).replace('T', ' ')],
  ['referensi', (r) => r.pengajuan[0]?.referensi ?? '-'],
  ['nama', (r) => r.nama],
  ['NIK', (r) => r.no_ktp],
  ['tempat, tgl lahir', (r) => `${r.tempat_lahir}, ${r.tgl_lahir}`],
  ['telpon', (r) => r.telp_hp],
  ['email', (r) => r.email],
  ['pekerjaan', (r) => OCCUPATIONS.find(([code]) => code === r.pekerjaan)?.[1] ?? r.pekerjaan],
  ['persetujuan', (r) => (r.persetujuan_privasi === null ? '-' : `ya (${r.versi_privasi ?? '?'})`)],
  // Every submission is kept; the fields above are the latest one's. BERBEDA: the submissions
  // carry another phone or e-mail: ask the person which is theirs (GET /api/internal/registrasi
  // lists each submission).
  ['kiriman', (r) => String(r.pengajuan.length)],
  ['kontak', (r) => (r.kontak_berbeda ? 'BERBEDA' : 'sama')],
];

function table(rows: RegistrationEntry[]): string {
  const cells = [COLUMNS.map(([title]) => title), ...rows.map((r) => COLUMNS.map(([, value]) => value(r)))];
  const widths = COLUMNS.map((_, c) => Math.max(...cells.map((row) => row[c].length)));
  const line = (row: string[]) =>
    row
      .map((cell, c) => cell.padEnd(widths[c]))
      .join('  ')
      .trimEnd();
  return [line(cells[0]), line(widths.map((w) => '-'.repeat(w))), ...cells.slice(1).map(line)].join('\n');
}

async function verifyByReference(db: Awaited<ReturnType<typeof openDatabase>>, typed: string, noRm: string | undefined): Promise<string> {
  const referensi = normalReference(typed);
  const [row] = await db.query<{ id: string }>('SELECT registration_id::text AS id FROM registration_submissions WHERE referensi = $1', [referensi]);
  if (!row) return `Tidak ada pendaftaran dengan referensi ${referensi}.`;
  const done = await db.tx((q) => verify(q, row.id, { referensi, ...(noRm && { no_rm: noRm }) }, `cli:${userInfo().username}`));
  if (done.kind !== 'verified') return `Tidak ada pendaftaran dengan referensi ${referensi}.`;
  if (!done.changed) return `Pendaftaran ${referensi} sudah diverifikasi sebelumnya; tidak ada yang berubah.`;
  return `Pendaftaran ${referensi} (${done.entry.nama}) diverifikasi${noRm ? `, Nomor MR ${noRm}` : ''}; ${done.queued} notifikasi menunggu dikirim.`;
}

async function main(): Promise<void> {
  const [command, reference, noRm] = process.argv.slice(2);
  if (command && (command !== 'verifikasi' || !reference)) {
    console.error('Pemakaian: npm run registrations [-- verifikasi REG-XXXXXX [NOMOR_MR]]');
    process.exit(2);
  }
  const db = await openDatabase({ ...loadConfig(), seedDemo: false });
  try {
    if (command) return console.log(await verifyByReference(db, reference, noRm));
    const rows = await pendingRegistrations(db);
    await audit(db, { action: 'registration', outcome: 'listed', actor: `cli:${userInfo().username}`, detail: `npm run registrations: ${rows.length}` });
    console.log(rows.length ? table(rows) : 'Tidak ada pendaftaran yang menunggu verifikasi.');
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  if (err instanceof DataDirLockedError) {
    console.error(`${err.message}\nThe running server holds this DATA_DIR: stop it, or ask its internal listener (GET ${INTERNAL.registrations}).`);
  } else {
    console.error(err instanceof ConfigError ? err.message : err);
  }
  process.exit(1);
});
