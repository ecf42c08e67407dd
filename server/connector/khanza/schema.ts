// What the connector needs of a Khanza database, checked at start and at each health check: every
// table and column it reads or writes (information_schema, as the connector's user sees them: a
// table not granted to it is missing too), and the payer codes it books with in penjab. A Khanza
// of another version, or a hospital that dropped a module's tables (resep_obat without the
// pharmacy), is named here, before a patient meets it as a 500 (docs/integration.md).
import { ConfigError } from '../../config/parse.ts';
import { type KhanzaPayers, type KhanzaQuery, KhanzaUnavailable } from './client.ts';

/** Table → the columns the connector uses (server/connector/khanza/*.ts). */
export const KHANZA_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  penjab: ['kd_pj', 'png_jawab', 'status'],
  pasien: [
    'no_rkm_medis',
    'nm_pasien',
    'no_ktp',
    'jk',
    'tmp_lahir',
    'tgl_lahir',
    'alamat',
    'tgl_daftar',
    'no_tlp',
    'kd_pj',
    'no_peserta',
    'namakeluarga',
    'keluarga',
    'alamatpj',
    'kelurahanpj',
    'kecamatanpj',
    'kabupatenpj',
    'propinsipj',
    'kd_kel',
    'kd_kec',
    'kd_kab',
  ],
  kelurahan: ['kd_kel', 'nm_kel'],
  kecamatan: ['kd_kec', 'nm_kec'],
  kabupaten: ['kd_kab', 'nm_kab'],
  poliklinik: ['kd_poli', 'nm_poli', 'registrasi', 'registrasilama', 'status'],
  spesialis: ['kd_sps', 'nm_sps'],
  dokter: ['kd_dokter', 'nm_dokter', 'jk', 'kd_sps', 'status'],
  jadwal: ['kd_dokter', 'hari_kerja', 'jam_mulai', 'jam_selesai', 'kd_poli', 'kuota'],
  reg_periksa: [
    'no_reg',
    'no_rawat',
    'tgl_registrasi',
    'jam_reg',
    'kd_dokter',
    'no_rkm_medis',
    'kd_poli',
    'p_jawab',
    'almt_pj',
    'hubunganpj',
    'biaya_reg',
    'stts',
    'stts_daftar',
    'status_lanjut',
    'kd_pj',
    'umurdaftar',
    'sttsumur',
    'status_bayar',
    'status_poli',
  ],
  booking_registrasi: ['no_rkm_medis', 'tanggal_periksa', 'kd_dokter', 'kd_poli', 'no_reg', 'status'],
  referensi_mobilejkn_bpjs: [
    'nobooking',
    'no_rawat',
    'nomorkartu',
    'nik',
    'nohp',
    'kodepoli',
    'pasienbaru',
    'norm',
    'tanggalperiksa',
    'kodedokter',
    'jampraktek',
    'jeniskunjungan',
    'nomorreferensi',
    'nomorantrean',
    'angkaantrean',
    'estimasidilayani',
    'sisakuotajkn',
    'kuotajkn',
    'sisakuotanonjkn',
    'kuotanonjkn',
    'status',
    'validasi',
    'statuskirim',
  ],
  referensi_mobilejkn_bpjs_batal: ['no_rkm_medis', 'no_rawat_batal', 'nomorreferensi', 'tanggalbatal', 'keterangan', 'statuskirim', 'nobooking'],
  maping_poli_bpjs: ['kd_poli_rs', 'kd_poli_bpjs'],
  maping_dokter_dpjpvclaim: ['kd_dokter', 'kd_dokter_bpjs'],
  template_laboratorium: ['kd_jenis_prw', 'id_template', 'Pemeriksaan', 'satuan', 'urut'],
  periksa_lab: ['no_rawat', 'kd_jenis_prw', 'tgl_periksa', 'jam', 'kd_dokter', 'status'],
  detail_periksa_lab: ['no_rawat', 'kd_jenis_prw', 'tgl_periksa', 'jam', 'id_template', 'nilai', 'nilai_rujukan', 'keterangan'],
  bangsal: ['kd_bangsal', 'nm_bangsal'],
  kamar: ['kd_kamar', 'kd_bangsal'],
  kamar_inap: ['no_rawat', 'kd_kamar', 'diagnosa_awal', 'diagnosa_akhir', 'tgl_masuk', 'jam_masuk', 'tgl_keluar', 'stts_pulang'],
  paket_operasi: ['kode_paket', 'nm_perawatan'],
  booking_operasi: ['no_rawat', 'kode_paket', 'tanggal', 'jam_mulai', 'status', 'kd_dokter', 'kd_ruang_ok'],
  operasi: ['no_rawat', 'tgl_operasi', 'dokter_anestesi', 'kode_paket'],
  resep_obat: ['no_resep', 'tgl_perawatan', 'jam', 'no_rawat', 'tgl_peresepan', 'jam_peresepan', 'status', 'tgl_penyerahan', 'jam_penyerahan'],
  resep_dokter_racikan: ['no_resep'],
  antriapotek3: ['no_resep', 'no_rawat'],
  antripoli: ['kd_dokter', 'kd_poli', 'no_rawat'],
  resume_pasien: ['no_rawat', 'keluhan_utama', 'diagnosa_utama', 'obat_pulang'],
  diagnosa_pasien: ['no_rawat', 'kd_penyakit', 'status', 'prioritas'],
  penyakit: ['kd_penyakit', 'nm_penyakit'],
};

/** What is missing, in words for the hospital's IT staff; null when nothing is. Throws KhanzaUnavailable when Khanza does not answer. */
export async function schemaProblem(sik: KhanzaQuery, payers: KhanzaPayers): Promise<string | null> {
  const rows = await sik.query<{ t: string; c: string }>(
    'SELECT TABLE_NAME AS t, COLUMN_NAME AS c FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE()',
  );
  const have = new Map<string, Set<string>>();
  for (const r of rows) {
    const cols = have.get(r.t.toLowerCase()) ?? new Set<string>();
    cols.add(r.c.toLowerCase());
    have.set(r.t.toLowerCase(), cols);
  }
  const tables: string[] = [];
  const columns: string[] = [];
  for (const [table, cols] of Object.entries(KHANZA_COLUMNS)) {
    const found = have.get(table);
    if (!found) tables.push(table);
    else for (const c of cols) if (!found.has(c.toLowerCase())) columns.push(`${table}.${c}`);
  }
  const problems: string[] = [];
  if (tables.length) problems.push(`tables missing or not granted to the connector's user: ${tables.join(', ')}`);
  if (columns.length) problems.push(`columns missing: ${columns.join(', ')}`);
  if (!tables.includes('penjab')) {
    const codes = (await sik.query<{ kd_pj: string }>('SELECT kd_pj FROM penjab WHERE kd_pj IN (?, ?)', [payers.bpjs, payers.umum])).map((r) => r.kd_pj);
    const named: Array<[string, string]> = [
      ['KHANZA_KD_PJ_BPJS', payers.bpjs],
      ['KHANZA_KD_PJ_UMUM', payers.umum],
    ];
    for (const [setting, code] of named) {
      if (!codes.some((c) => c.toLowerCase() === code.toLowerCase()))
        problems.push(`penjab has no kd_pj '${code}' (${setting}: set it to the hospital's code)`);
    }
  }
  return problems.length ? `Khanza's database does not hold what the connector uses: ${problems.join('; ')}` : null;
}

/** At start: a Khanza that answers without what the connector uses is a configuration error; one that does not answer is checked by health later. */
export async function requireSchema(sik: KhanzaQuery, payers: KhanzaPayers): Promise<void> {
  const problem = await schemaProblem(sik, payers).catch((err) => {
    if (err instanceof KhanzaUnavailable) return null;
    throw err;
  });
  if (problem) throw new ConfigError(`SIMRS=khanza: ${problem} (docs/integration.md, Connecting a hospital's Khanza).`);
}
