// SIMRS=khanza: the patients (pasien) as the contract's login, identity and profile. The login reads
// Khanza's row and refreshes this API's copy of it (patients), which the sessions, passkeys,
// family and push refer to; Khanza's BPJS payer is named 'BPJS' whatever penjab calls it.
import type { Profile } from '../../../common/schemas/index.ts';
import type { Db } from '../../db/client.ts';
import type { PatientIdentity } from '../../domain/fhir.ts';
import type { HospitalReads } from '../hospital-connector.ts';
import type { KhanzaPayers, KhanzaQuery } from './client.ts';

export function khanzaPatients(sik: KhanzaQuery, db: Db, payers: KhanzaPayers): Pick<HospitalReads, 'patientByBirthDate' | 'patientIdentity' | 'profile'> {
  return {
    async patientByBirthDate(nomr, birthdate) {
      const [p] = await sik.query<{
        no_rkm_medis: string;
        nm_pasien: string;
        jk: 'L' | 'P';
        tgl_lahir: string;
        alamat: string | null;
        no_tlp: string | null;
        kd_pj: string;
        png_jawab: string;
        no_peserta: string | null;
      }>(
        `SELECT p.no_rkm_medis, p.nm_pasien, p.jk, DATE_FORMAT(p.tgl_lahir, '%Y-%m-%d') AS tgl_lahir, p.alamat, p.no_tlp, p.kd_pj, j.png_jawab, p.no_peserta
         FROM pasien p LEFT JOIN penjab j ON j.kd_pj = p.kd_pj WHERE p.no_rkm_medis = ? AND p.tgl_lahir = ?`,
        [nomr, birthdate],
      );
      if (!p) return null;
      // This API's copy of the patient, which its sessions, passkeys and family refer to.
      await db.query(
        `INSERT INTO patients (nomr, nama, jenis_kelamin, tgl_lahir, pastipe, alamat, no_jaminan, telp_hp) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (nomr) DO UPDATE SET nama = EXCLUDED.nama, jenis_kelamin = EXCLUDED.jenis_kelamin, tgl_lahir = EXCLUDED.tgl_lahir,
         pastipe = EXCLUDED.pastipe, alamat = EXCLUDED.alamat, no_jaminan = EXCLUDED.no_jaminan, telp_hp = EXCLUDED.telp_hp`,
        [
          p.no_rkm_medis,
          p.nm_pasien,
          p.jk ?? 'L',
          p.tgl_lahir,
          p.kd_pj === payers.bpjs ? 'BPJS' : (p.png_jawab ?? 'UMUM'),
          p.alamat ?? '',
          p.no_peserta,
          p.no_tlp,
        ],
      );
      return p.no_rkm_medis;
    },
    async patientIdentity(nomr) {
      const [p] = await sik.query<PatientIdentity>(
        `SELECT no_rkm_medis AS nomr, nm_pasien AS nama, jk AS jenis_kelamin, DATE_FORMAT(tgl_lahir, '%Y-%m-%d') AS tgl_lahir, alamat, no_tlp AS telp_hp, no_ktp
         FROM pasien WHERE no_rkm_medis = ?`,
        [nomr],
      );
      return p ?? null;
    },
    async profile(nomr) {
      const [p] = await sik.query<Profile & { kd_pj: string }>(
        `SELECT p.no_rkm_medis AS nomr, p.nm_pasien AS nama, IF(p.jk = 'L', 'Laki-laki', 'Perempuan') AS jenis_kelamin,
              DATE_FORMAT(p.tgl_lahir, '%Y-%m-%d') AS tgl_lahir, IFNULL(j.png_jawab, '') AS pastipe, IFNULL(p.alamat, '') AS alamat,
              p.no_peserta AS no_jaminan, p.kd_pj
         FROM pasien p LEFT JOIN penjab j ON j.kd_pj = p.kd_pj WHERE p.no_rkm_medis = ?`,
        [nomr],
      );
      if (!p) return null;
      const { kd_pj, ...profile } = p;
      return { ...profile, pastipe: kd_pj === payers.bpjs ? 'BPJS' : profile.pastipe };
    },
  };
}
