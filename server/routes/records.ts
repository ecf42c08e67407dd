// The patient's own records: home cards, procedure schedules, histories, results.
import type { FastifyInstance } from 'fastify';
import { todayWib } from '../../common/dates.ts';
import * as records from '../db/records.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../errors.ts';
import { envelope, fields, int, list, nstr, patientQuery, str } from './schemas.ts';

type Reader = (db: Db, nomr: string, today: string) => Promise<unknown>;

const lab = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      no_lab: str,
      tgl_prksa: str,
      hasil_lab: list(fields(['test_nm', 'hasil', 'unit', 'flag', 'ref_range', 'status', 'test_comment'], nstr)),
    },
  },
};

const LISTS: Array<{ url: string; summary: string; read: Reader; items: object }> = [
  {
    url: '/api/patient/antrian/poli',
    summary: "Today's clinic queue",
    read: (db, nomr, today) => records.clinicQueue(db, nomr, today),
    // status and no_dipanggil are the reference API's additions: the card shows the call.
    items: list({ ...fields(['no_reg', 'tgl_janji', 'hari', 'dokter', 'ds_dep', 'no_mr', 'nama_pas', 'status']), no_urut: int, no_dipanggil: { type: ['integer', 'null'] } }),
  },
  {
    url: '/api/patient/antrian/farmasi',
    summary: "Today's pharmacy queue",
    read: (db, nomr, today) => records.pharmacyQueue(db, nomr, today),
    items: list(fields(['no_antrian', 'tgl_layanan', 'no_mr', 'nama_pasien', 'status_obat'])),
  },
  {
    url: '/api/patient/jadwal/kath/terdekat',
    summary: 'Upcoming catheterizations',
    read: (db, nomr, today) => records.cathSchedule(db, nomr, today),
    items: list(fields(['hari', 'tanggal_tindakan', 'nama_pasien', 'no_mr', 'tindakan', 'no_reg', 'nama_dokter'])),
  },
  {
    url: '/api/patient/jadwal/bedah/terdekat',
    summary: 'Upcoming surgery',
    read: (db, nomr, today) => records.surgerySchedule(db, nomr, today),
    items: list(fields(['hari', 'tanggal_operasi', 'nama_pasien', 'no_mr', 'tindakan_bedah', 'no_reg', 'nama_dokter_bedah', 'nama_dokter_anastesi'])),
  },
  {
    url: '/api/patient/riwayat/konsul/poli/umum',
    summary: 'Outpatient visits',
    read: (db, nomr) => records.outpatientVisits(db, nomr),
    items: list({ ...fields(['no_reg', 'nama_pas', 'no_mr', 'tgl_reg', 'ds_dep', 'kd_dep', 'nama_dokter', 'pas_baru', 'ds_pastipe']), resume: nstr }),
  },
  {
    url: '/api/patient/riwayat/konsul/poli/online',
    summary: 'Online consultations',
    read: (db, nomr) => records.onlineVisits(db, nomr),
    items: list({ ...fields(['no_reg', 'nama_pas', 'no_mr', 'tgl_reg', 'ds_dep', 'kd_dep', 'nama_dokter', 'pas_baru', 'ds_pastipe']), no_urut: { type: ['integer', 'null'] } }),
  },
  {
    url: '/api/patient/riwayat/rawat/inap/jalan',
    summary: 'Current inpatient stay',
    read: (db, nomr) => records.currentInpatient(db, nomr),
    items: list({ ...fields(['no_reg', 'tgl_reg', 'ds_kmr', 'kd_bed_from', 'ds_bed_from', 'status', 'tgl_masuk']), tgl_pulang: nstr, tgl_keluar: nstr }),
  },
  {
    url: '/api/patient/riwayat/rawat/inap/lalu',
    summary: 'Past inpatient stays',
    read: (db, nomr) => records.pastInpatient(db, nomr),
    items: list({ ...fields(['no_reg', 'nama_pas', 'no_mr', 'tgl_masuk', 'diagnosis_primer']), tgl_pulang: nstr, diagnosis_sekunder: nstr }),
  },
  {
    url: '/api/patient/riwayat/tindakan/kath',
    summary: 'Catheterization history',
    read: (db, nomr) => records.cathHistory(db, nomr),
    items: list(fields(['hari', 'tanggal_tindakan', 'nama_pasien', 'no_mr', 'no_reg', 'nama_dokter'])),
  },
  {
    url: '/api/patient/riwayat/tindakan/bedah',
    summary: 'Surgery history',
    read: (db, nomr) => records.surgeryHistory(db, nomr),
    items: list(fields(['hari', 'tanggal_operasi', 'nama_pasien', 'no_mr', 'tindakan_bedah', 'no_reg', 'nama_dokter_bedah', 'nama_dokter_anestesi'])),
  },
  {
    url: '/api/patient/laporan/pemeriksaan/vaskular',
    summary: 'Vascular examination reports',
    read: (db, nomr) => records.vascularReports(db, nomr),
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          ...fields(['no_reg', 'diagnosa', 'asal_rujukan', 'pengirim', 'teknisi'], nstr),
          tgl_periksa: str,
          hasil_lab: list({ access: str, kanan: nstr, kiri: nstr }),
        },
      },
    },
  },
];

export async function recordRoutes(app: FastifyInstance, db: Db): Promise<void> {
  for (const { url, summary, read, items } of LISTS) {
    app.get(url, { schema: { summary, querystring: patientQuery, response: { 200: envelope(items) } } }, async (req) => ({
      status: true,
      data: await read(db, req.nomr, todayWib()),
    }));
  }

  app.get(
    '/api/patient/profil/pasien',
    {
      schema: {
        summary: "The patient's profile",
        querystring: patientQuery,
        response: {
          200: envelope({
            type: 'object',
            properties: { ...fields(['nomr', 'nama', 'jenis_kelamin', 'tgl_lahir', 'pastipe', 'alamat']), no_jaminan: nstr },
          }),
        },
      },
    },
    async (req) => {
      const data = await records.profile(db, req.nomr);
      if (!data) throw new HttpError(404, 'Data pasien tidak ditemukan.');
      return { status: true, data };
    },
  );

  app.get(
    '/api/patient/jadwal/perjanjian/terdekat',
    {
      schema: {
        summary: 'Upcoming appointments',
        querystring: patientQuery,
        response: {
          200: envelope({
            type: 'object',
            properties: { jadwal: list({ ...fields(['tanggal_janji', 'nama_dokter', 'departemen']), no_urut: int }) },
          }),
        },
      },
    },
    async (req) => ({ status: true, data: { jadwal: await records.upcomingAppointments(db, req.nomr, todayWib()) } }),
  );

  app.get(
    '/api/patient/riwayat/penunjang',
    {
      schema: {
        summary: 'Lab results (hasillab) and the poli history (data)',
        querystring: patientQuery,
        response: {
          200: {
            type: 'object',
            properties: {
              status: { const: true },
              hasillab: lab,
              data: list({ ...fields(['no_reg', 'tgl_reg', 'ds_dep', 'inap']) }),
            },
          },
        },
      },
    },
    async (req) => {
      const [hasillab, data] = [await records.labOrders(db, req.nomr), await records.poliHistory(db, req.nomr)];
      return { status: true, hasillab, data };
    },
  );
}
