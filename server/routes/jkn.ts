// The hospital's web service for Mobile JKN (BPJS Antrean Online v2, "WS RS"; docs/bpjs.md),
// under /api/jkn on the public listener, in BPJS's envelope. A Mobile JKN booking, cancel and
// check-in go through the app's own rules (domain/booking.ts book(), domain/manage.ts cancel(),
// the check-in window) and the hospital's system (app.simrs, its mobileJkn desk), so every
// channel shares one seat pool, ours with SIMRS=local, Khanza's with SIMRS=khanza; BPJS's codes
// come through the mapping tables. On only with JKN_WS_USERNAME and JKN_WS_PASSWORD. The token,
// the envelope, the reading of the loose requests, the session by its hours and the calls on a
// booked kodebooking (sisa, batal, check-in, operations, pharmacy) are in server/jkn/.
import { todayWib } from '../../common/dates.ts';
import {
  AmbilAntrean,
  AmbilAntreanRequest,
  JKN_CODES,
  JknAnswer,
  JknTokenHeaders,
  PasienBaru,
  PasienBaruRequest,
  StatusAntrean,
  StatusAntreanRequest,
} from '../../common/schemas/jkn.ts';
import { referralGates } from '../bpjs/referral-gate.ts';
import type { Config, JknConfig } from '../config.ts';
import { audit } from '../db/audit.ts';
import type { Db } from '../db/client.ts';
import { book } from '../domain/booking.ts';
import { jknBookedRoutes } from '../jkn/booked.ts';
import { ANSWERS, answer, JKN_MSG, refuse, SECURITY } from '../jkn/envelope.ts';
import { jknGate } from '../jkn/gate.ts';
import { onePatient } from '../jkn/identity.ts';
import { readAmbilAntrean, readPasienBaru, readStatusAntrean } from '../jkn/input.ts';
import { sessionAt } from '../jkn/session.ts';
import { bookingPolicy } from './booking.ts';
import type { Api } from './route-schema.ts';
import { JKN } from '../../common/server-paths.ts';

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
    JKN.statusAntrean,
    { schema: { ...described('Mobile JKN: the seats and queue of a doctor session', JknAnswer(StatusAntrean)), body: StatusAntreanRequest } },
    async (req) => {
      const read = readStatusAntrean(req.body);
      if (!read.ok) return refuse(read.refused);
      const b = read.value;
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
    JKN.ambilAntrean,
    {
      schema: {
        ...described('Mobile JKN: take a seat in a doctor session (the same seats as the app and the counter)', JknAnswer(AmbilAntrean)),
        body: AmbilAntreanRequest,
      },
    },
    async (req) => {
      const read = readAmbilAntrean(req.body);
      if (!read.ok) return refuse(read.refused);
      const b = read.value;
      const now = clock();
      const known = await desk.codesKnown(b.kodepoli, b.kodedokter);
      if (!known.poli) return refuse(JKN_MSG.poliUnknown);
      if (!known.dokter) return refuse(JKN_MSG.dokterUnknown);
      const s = sessionAt(await desk.sessions(b.kodepoli, b.kodedokter, b.tanggalperiksa), b.jampraktek);
      if (!s) return refuse(JKN_MSG.noSession);
      const who = onePatient(await desk.patients(b.nomorkartu, b.nik, b.norm), b);
      if (!who) return refuse(JKN_MSG.newPatient, JKN_CODES.newPatient);
      if ('mismatch' in who) return refuse(JKN_MSG.notOnePatient);
      const nomr = who.nomr;
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
    JKN.pasienBaru,
    { schema: { ...described('Mobile JKN: a new patient, given a medical record number', JknAnswer(PasienBaru)), body: PasienBaruRequest } },
    async (req) => {
      const read = readPasienBaru(req.body, todayWib(clock()));
      if (!read.ok) return refuse(read.refused);
      const made = await desk.newPatient(read.value);
      const nomr = 'nomr' in made ? made.nomr : undefined;
      // No NIK, card number or name in the audit: the record number leads to them.
      await audit(db, { action: 'jkn.pasienbaru', outcome: nomr ? 'ok' : 'known' in made ? 'known' : 'refused', actor: 'mobile-jkn', subject: nomr }, req);
      if ('refused' in made) return refuse(made.refused);
      if (!nomr) return refuse(JKN_MSG.knownPatient);
      return { response: { norm: nomr }, metadata: { message: JKN_MSG.registered, code: JKN_CODES.ok } };
    },
  );
  jknBookedRoutes(app, db, config, clock, desk, described);
}
