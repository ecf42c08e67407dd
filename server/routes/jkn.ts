// The hospital's web service for Mobile JKN (BPJS Antrean Online v2, "WS RS"; docs/bpjs.md),
// under /api/jkn on the public listener, in BPJS's envelope. A Mobile JKN booking, cancel and
// check-in go through the app's own rules (domain/booking.ts book(), domain/manage.ts cancel(),
// the check-in window) and the hospital's system (app.simrs, its mobileJkn desk), so every
// channel shares one seat pool, ours with SIMRS=local, Khanza's with SIMRS=khanza; BPJS's codes
// come through the mapping tables. On only with JKN_WS_USERNAME and JKN_WS_PASSWORD. The token,
// the envelope and the session by its hours are in server/jkn/.
import { OTHER_REASON } from '../../common/booking.ts';
import { todayWib } from '../../common/dates.ts';
import {
  AmbilAntrean,
  AmbilAntreanRequest,
  AntreanFarmasi,
  BatalAntreanRequest,
  CheckinAntreanRequest,
  JadwalOperasi,
  JadwalOperasiPasienRequest,
  JadwalOperasiRsRequest,
  JKN_CODES,
  JknAnswer,
  JknDone,
  JknTokenHeaders,
  KodebookingRequest,
  PasienBaru,
  PasienBaruRequest,
  SisaAntrean,
  StatusAntrean,
  StatusAntreanFarmasi,
  StatusAntreanRequest,
} from '../../common/schemas/jkn.ts';
import { jenisResep } from '../bpjs/payload.ts';
import { referralGates } from '../bpjs/referral-gate.ts';
import type { Config, JknConfig } from '../config.ts';
import { audit } from '../db/audit.ts';
import type { Db } from '../db/client.ts';
import { book } from '../domain/booking.ts';
import { cancel } from '../domain/manage.ts';
import { atWib, checkinRefusal } from '../domain/visit.ts';
import { ANSWERS, answer, JKN_MSG, refuse, SECURITY } from '../jkn/envelope.ts';
import { jknGate } from '../jkn/gate.ts';
import { sessionAt } from '../jkn/session.ts';
import { bookingPolicy } from './booking.ts';
import type { Api } from './contract.ts';

export async function jknRoutes(app: Api, db: Db, config: Config & { jkn: JknConfig }, clock: () => number = Date.now): Promise<void> {
  const jkn = config.jkn;
  const hospital = app.simrs;
  const desk = hospital.mobileJkn;
  // config/bpjs.ts stops the start where the SIMRS has no seat pool of this server's to give (SIMRS=upstream).
  if (!desk) throw new Error(`Mobile JKN's web service needs SIMRS=local or SIMRS=khanza, not SIMRS=${hospital.kind}`);
  const policy = bookingPolicy(config.booking);
  const minutes = config.visit.minutesPerPatient;
  const gates = referralGates(config.vclaim, hospital, clock);

  jknGate(app, db, jkn, clock);

  /** What every call but the token's declares: its summary, the token headers, its answers. */
  const described = (summary: string, response: object) => ({ summary, security: SECURITY, headers: JknTokenHeaders, response: { 200: response, ...ANSWERS } });
  app.post(
    '/api/jkn/statusantrean',
    { schema: { ...described('Mobile JKN: the seats and queue of a doctor session', JknAnswer(StatusAntrean)), body: StatusAntreanRequest } },
    async (req) => {
      const b = req.body;
      const known = await desk.codesKnown(b.kodepoli, b.kodedokter);
      if (!known.poli) return refuse(JKN_MSG.poliUnknown);
      if (!known.dokter) return refuse(JKN_MSG.dokterUnknown);
      const s = sessionAt(await desk.sessions(b.kodepoli, b.kodedokter, b.tanggalperiksa), b.jampraktek);
      if (!s) return refuse(JKN_MSG.noSession);
      const left = Math.max(0, s.batas_quota - s.quota_terisi);
      return answer({
        namapoli: s.namapoli,
        namadokter: s.namadokter,
        totalantrean: s.quota_terisi,
        sisaantrean: s.queued ? s.waiting : s.quota_terisi,
        antreanpanggil: s.called === null ? '-' : `${s.kodepoli}-${s.called}`,
        // One seat pool for every channel and guarantee (docs/decisions.md, Mobile JKN): both pairs say the same.
        sisakuotajkn: left,
        kuotajkn: s.batas_quota,
        sisakuotanonjkn: left,
        kuotanonjkn: s.batas_quota,
        keterangan: '',
      });
    },
  );

  app.post(
    '/api/jkn/ambilantrean',
    {
      schema: {
        ...described('Mobile JKN: take a seat in a doctor session (the same seats as the app and the counter)', JknAnswer(AmbilAntrean)),
        body: AmbilAntreanRequest,
      },
    },
    async (req) => {
      const b = req.body;
      const now = clock();
      const known = await desk.codesKnown(b.kodepoli, b.kodedokter);
      if (!known.poli) return refuse(JKN_MSG.poliUnknown);
      if (!known.dokter) return refuse(JKN_MSG.dokterUnknown);
      const s = sessionAt(await desk.sessions(b.kodepoli, b.kodedokter, b.tanggalperiksa), b.jampraktek);
      if (!s) return refuse(JKN_MSG.noSession);
      const nomr = await desk.patient(b.nomorkartu, b.nik);
      if (!nomr) return refuse(JKN_MSG.newPatient, JKN_CODES.newPatient);
      const request = {
        nomr,
        tgl_janji: b.tanggalperiksa,
        kd_dep: s.kd_dep,
        kd_dr: s.kd_dr,
        sts_jam: s.sts_jam,
        carabayar: 'B' as const,
        hp: b.nohp,
        jeniskunjungan: b.jeniskunjungan,
        nomorreferensi: b.nomorreferensi,
      };
      // The app's own booking: its rules, the hospital's seat pool, its reminders; BPJS has the booking already.
      // The letter checked in VClaim where it is on, as the app's booking is (server/bpjs/referrals.ts).
      const outcome = await book(desk.booking, nomr, request, now, policy, 'poli', gates.jkn(b.nomorkartu, b.kodepoli));
      const no_reg = outcome.ok ? outcome.result.no_reg : undefined;
      await audit(
        db,
        {
          action: 'jkn.ambilantrean',
          outcome: outcome.ok ? 'ok' : 'refused',
          actor: 'mobile-jkn',
          subject: nomr,
          detail: (no_reg ?? (outcome.ok ? '' : outcome.message)).slice(0, 300),
        },
        req,
      );
      if (!outcome.ok) return refuse(outcome.message);
      const t = no_reg ? await desk.ticket(no_reg, now, minutes) : null;
      if (!t) throw new Error('a booking without its appointment');
      // One seat pool for every channel and guarantee (docs/decisions.md, Mobile JKN): both pairs say the same.
      return answer({
        nomorantrean: t.nomorantrean,
        angkaantrean: t.angkaantrean,
        kodebooking: t.kodebooking,
        norm: nomr,
        namapoli: t.namapoli,
        namadokter: t.namadokter,
        estimasidilayani: t.estimasidilayani,
        sisakuotajkn: t.sisakuota,
        kuotajkn: t.kuota,
        sisakuotanonjkn: t.sisakuota,
        kuotanonjkn: t.kuota,
        keterangan: t.keterangan,
      });
    },
  );
  app.post(
    '/api/jkn/sisaantrean',
    { schema: { ...described('Mobile JKN: the patients ahead of a booking and the wait', JknAnswer(SisaAntrean)), body: KodebookingRequest } },
    async (req) => {
      const now = clock();
      const a = await desk.appointment(req.body.kodebooking);
      if (!a || a.cancelled) return refuse(JKN_MSG.cancelledAlready);
      const t = await desk.ticket(a.no_reg, now, minutes);
      if (!t) return refuse(JKN_MSG.notFound);
      return answer({
        nomorantrean: t.nomorantrean,
        namapoli: t.namapoli,
        namadokter: t.namadokter,
        sisaantrean: t.ahead,
        antreanpanggil: a.called === null ? '-' : `${a.kodepoli}-${a.called}`,
        waktutunggu: Math.max(0, Math.round((t.estimasidilayani - now) / 1000)),
        keterangan: '',
      });
    },
  );
  app.post(
    '/api/jkn/batalantrean',
    { schema: { ...described("Mobile JKN: cancel a booking (the app's own cancel: the seat is freed once)", JknDone), body: BatalAntreanRequest } },
    async (req) => {
      const b = req.body;
      const a = await desk.appointment(b.kodebooking);
      if (!a || a.cancelled) return refuse(JKN_MSG.cancelledAlready);
      const outcome = await cancel(desk.manage, a.nomr, { no_reg: a.no_reg, alasan: OTHER_REASON, keterangan: b.keterangan }, clock());
      await audit(db, { action: 'jkn.batalantrean', outcome: outcome.ok ? 'ok' : 'refused', actor: 'mobile-jkn', subject: a.nomr, detail: a.no_reg }, req);
      if (!outcome.ok) return refuse(outcome.message);
      return { metadata: { message: JKN_MSG.ok, code: JKN_CODES.ok } };
    },
  );
  app.post(
    '/api/jkn/checkinantrean',
    { schema: { ...described("Mobile JKN: check in (the app's own check-in: BPJS task 3, once)", JknDone), body: CheckinAntreanRequest } },
    async (req) => {
      const b = req.body;
      const now = clock();
      const a = await desk.appointment(b.kodebooking);
      if (!a || a.cancelled) return refuse(JKN_MSG.cancelledAlready);
      const entry = await hospital.checkinEntry(a.no_reg, a.nomr);
      if (!entry) return refuse(JKN_MSG.notQueued);
      if (!entry.checkin) {
        const refusal = checkinRefusal(
          { tgl_janji: entry.tgl_janji, status: entry.status, start: atWib(entry.tgl_janji, entry.jam_dtg), end: atWib(entry.tgl_janji, entry.jam_plg) },
          now,
          todayWib(now),
          config.visit.checkinOpensMinutes,
          null,
          undefined,
        );
        if (refusal) return refuse(refusal.message);
        await hospital.checkIn(a.no_reg, Math.min(b.waktu, now));
      }
      await audit(db, { action: 'jkn.checkinantrean', outcome: 'ok', actor: 'mobile-jkn', subject: a.nomr, detail: a.no_reg }, req);
      return { metadata: { message: JKN_MSG.ok, code: JKN_CODES.ok } };
    },
  );
  app.post(
    '/api/jkn/pasienbaru',
    { schema: { ...described('Mobile JKN: a new patient, given a medical record number', JknAnswer(PasienBaru)), body: PasienBaruRequest } },
    async (req) => {
      const made = await desk.newPatient(req.body);
      const nomr = 'nomr' in made ? made.nomr : undefined;
      // No NIK, card number or name in the audit: the record number leads to them.
      await audit(db, { action: 'jkn.pasienbaru', outcome: nomr ? 'ok' : 'known' in made ? 'known' : 'refused', actor: 'mobile-jkn', subject: nomr }, req);
      if ('refused' in made) return refuse(made.refused);
      if (!nomr) return refuse(JKN_MSG.knownPatient);
      return { response: { norm: nomr }, metadata: { message: JKN_MSG.registered, code: JKN_CODES.ok } };
    },
  );
  app.post(
    '/api/jkn/jadwaloperasirs',
    {
      schema: {
        ...described(
          "Mobile JKN: the hospital's operations in a date range (the hospital system's; an empty list where it keeps none)",
          JknAnswer(JadwalOperasi),
        ),
        body: JadwalOperasiRsRequest,
      },
    },
    async (req) => {
      if (req.body.tanggalakhir < req.body.tanggalawal) return refuse(JKN_MSG.dateOrder);
      return answer({ list: await desk.operations({ from: req.body.tanggalawal, to: req.body.tanggalakhir }) });
    },
  );
  app.post(
    '/api/jkn/jadwaloperasipasien',
    {
      schema: {
        ...described("Mobile JKN: a member's operations (the hospital system's; an empty list where it keeps none)", JknAnswer(JadwalOperasi)),
        body: JadwalOperasiPasienRequest,
      },
    },
    async (req) => answer({ list: await desk.operations({ nopeserta: req.body.nopeserta }) }),
  );

  const jenisresep = jenisResep;
  app.post(
    '/api/jkn/ambilantreanfarmasi',
    { schema: { ...described("Mobile JKN: the booking's pharmacy queue number", JknAnswer(AntreanFarmasi)), body: KodebookingRequest } },
    async (req) => {
      const a = await desk.appointment(req.body.kodebooking);
      if (!a || a.cancelled) return refuse(JKN_MSG.cancelledAlready);
      const f = await desk.pharmacy(a.nomr, a.tgl_janji);
      if (!f) return refuse(JKN_MSG.noPrescription);
      return answer({ jenisresep: f.jenisresep ?? jenisresep(f.status_obat), nomorantrean: f.no_antrian, keterangan: JKN_MSG.prescription });
    },
  );
  app.post(
    '/api/jkn/statusantreanfarmasi',
    { schema: { ...described("Mobile JKN: the pharmacy queue around the booking's prescription", JknAnswer(StatusAntreanFarmasi)), body: KodebookingRequest } },
    async (req) => {
      const a = await desk.appointment(req.body.kodebooking);
      if (!a || a.cancelled) return refuse(JKN_MSG.cancelledAlready);
      const f = await desk.pharmacy(a.nomr, a.tgl_janji);
      if (!f) return refuse(JKN_MSG.noPrescription);
      return answer({
        jenisresep: f.jenisresep ?? jenisresep(f.status_obat),
        totalantrean: f.total,
        sisaantrean: f.ahead,
        antreanpanggil: f.ready ?? '-',
        keterangan: f.status_obat,
      });
    },
  );
}
