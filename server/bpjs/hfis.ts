// The hospital's mapping tables and practice hours checked against BPJS's references (HFIS):
// ref/poli, ref/dokter and jadwaldokter (docs/bpjs.md, The mapping tables). Pure: the lists come
// in (client.ts reads them, the connector's mappedSessions reads ours), the findings go out.
import type { MappedPracticeSession } from '../connector/hospital-connector.ts';

/** A row of ref/poli: BPJS's poli (and sub-specialty) codes. */
export interface RefPoli {
  kdpoli?: string;
  nmpoli?: string;
  kdsubspesialis?: string;
  nmsubspesialis?: string;
}
/** A row of ref/dokter. */
export interface RefDokter {
  kodedokter?: number | string;
  namadokter?: string;
}
/** A row of jadwaldokter/kodepoli/{kodepoli}/tanggal/{tanggal}. */
export interface RefJadwal {
  kodepoli?: string;
  kodesubspesialis?: string;
  kodedokter?: number | string;
  namadokter?: string;
  jadwal?: string;
  kapasitaspasien?: number;
  libur?: number;
}

export interface Finding {
  /** poli, dokter or jadwal. */
  jenis: 'poli' | 'dokter' | 'jadwal';
  kode: string;
  /** ok: BPJS knows it as we have it; else what differs, in words staff act on. */
  status: 'ok' | 'tidak dikenal' | 'berbeda' | 'tidak ada di BPJS' | 'tidak ada di RS';
  keterangan: string;
}

const hhmm = (t: string) => {
  const m = /^(\d{1,2})[:.](\d{2})/.exec(t.trim());
  return m ? `${m[1].padStart(2, '0')}:${m[2]}` : t.trim();
};
/** BPJS writes '08:00 - 12:00'; we '08:00-12:00'. */
const hours = (t: string) =>
  t
    .split('-')
    .map((x) => hhmm(x))
    .join('-');

/** Each mapped poli and doctor code: known to BPJS or not. */
export function checkCodes(
  poli: ReadonlyArray<{ kd_dep: string; kodepoli: string }>,
  dokter: ReadonlyArray<{ kd_dr: string; kodedokter: number }>,
  refPoli: readonly RefPoli[],
  refDokter: readonly RefDokter[],
): Finding[] {
  const poliCodes = new Set(refPoli.flatMap((r) => [r.kdpoli, r.kdsubspesialis]).filter(Boolean));
  const dokterCodes = new Map(refDokter.map((r) => [Number(r.kodedokter), r.namadokter ?? '']));
  return [
    ...poli.map((p): Finding => {
      const known = poliCodes.has(p.kodepoli);
      return {
        jenis: 'poli',
        kode: p.kodepoli,
        status: known ? 'ok' : 'tidak dikenal',
        keterangan: known ? `kd_dep ${p.kd_dep}` : `kd_dep ${p.kd_dep}: kode poli ini tidak ada di referensi BPJS`,
      };
    }),
    ...dokter.map((d): Finding => {
      const name = dokterCodes.get(d.kodedokter);
      return {
        jenis: 'dokter',
        kode: String(d.kodedokter),
        status: name === undefined ? 'tidak dikenal' : 'ok',
        keterangan: name === undefined ? `kd_dr ${d.kd_dr}: kode dokter ini tidak ada di referensi BPJS` : `kd_dr ${d.kd_dr}: ${name}`,
      };
    }),
  ];
}

/** Our sessions of a date against BPJS's schedule of that date: hours and capacity, and sessions one side lacks. */
export function checkSchedule(ours: readonly MappedPracticeSession[], jadwal: readonly RefJadwal[]): Finding[] {
  const key = (kodepoli: string, kodedokter: number | string) => `${kodepoli}/${Number(kodedokter)}`;
  const theirs = new Map<string, RefJadwal[]>();
  for (const j of jadwal.filter((x) => !x.libur)) {
    const k = key(j.kodesubspesialis || j.kodepoli || '', j.kodedokter ?? 0);
    theirs.set(k, [...(theirs.get(k) ?? []), j]);
  }
  const findings: Finding[] = [];
  const matched = new Set<RefJadwal>();
  for (const s of ours) {
    const ourHours = `${hhmm(s.jam_dtg)}-${hhmm(s.jam_plg)}`;
    const kode = `${s.kodepoli} ${s.kodedokter} ${ourHours}`;
    const candidates = theirs.get(key(s.kodepoli, s.kodedokter)) ?? [];
    const same = candidates.find((j) => !matched.has(j) && hours(j.jadwal ?? '') === ourHours);
    if (!same) {
      const other = candidates.find((j) => !matched.has(j));
      findings.push({
        jenis: 'jadwal',
        kode,
        status: other ? 'berbeda' : 'tidak ada di BPJS',
        keterangan: other
          ? `kd_dep ${s.kd_dep}, kd_dr ${s.kd_dr}: jam di BPJS ${hours(other.jadwal ?? '')}, di RS ${ourHours}`
          : `kd_dep ${s.kd_dep}, kd_dr ${s.kd_dr}: sesi ini tidak ada di jadwal dokter BPJS`,
      });
      if (other) matched.add(other);
      continue;
    }
    matched.add(same);
    const capacity = Number(same.kapasitaspasien);
    const fits = !Number.isFinite(capacity) || capacity === s.batas_quota;
    findings.push({
      jenis: 'jadwal',
      kode,
      status: fits ? 'ok' : 'berbeda',
      keterangan: fits
        ? `kd_dep ${s.kd_dep}, kd_dr ${s.kd_dr}`
        : `kd_dep ${s.kd_dep}, kd_dr ${s.kd_dr}: kapasitas di BPJS ${capacity}, kuota di RS ${s.batas_quota}`,
    });
  }
  for (const j of jadwal.filter((x) => !x.libur && !matched.has(x))) {
    findings.push({
      jenis: 'jadwal',
      kode: `${j.kodesubspesialis || j.kodepoli} ${j.kodedokter} ${hours(j.jadwal ?? '')}`,
      status: 'tidak ada di RS',
      keterangan: `${j.namadokter ?? ''}: sesi di jadwal BPJS tanpa sesi RS yang dipetakan`.trim(),
    });
  }
  return findings;
}
