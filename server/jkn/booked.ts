// Mobile JKN's calls on a kodebooking (sisaantrean, batalantrean, checkinantrean, the pharmacy's)
// and on the hospital's operations (jadwaloperasirs, jadwaloperasipasien), registered by
// server/routes/jkn.ts behind the gate. Sisa, batal and check-in act only on a booking Mobile JKN
// may see: one taken through Mobile JKN, or one added to BPJS's Antrean under the patient's card
// number (connector/local/jkn.ts JknAppointment.mobile), as SIMRS Khanza's own service acts only on the
// bookings in its referensi_mobilejkn_bpjs (webapps/api-bpjsfktl/index.php: 'Data Booking tidak
// ditemukan'). Any other kodebooking is answered as not found: a token does not open every booking.
import { OTHER_REASON } from '../../common/booking.ts';
import { todayWib } from '../../common/dates.ts';
import {
  AntreanFarmasi,
  BatalAntreanRequest,
  CheckinAntreanRequest,
  JadwalOperasi,
  JadwalOperasiPasienRequest,
  JadwalOperasiRsRequest,
  JKN_CODES,
  JknAnswer,
  JknDone,
  KodebookingRequest,
  SisaAntrean,
  StatusAntreanFarmasi,
} from '../../common/schemas/jkn.ts';
import { jenisResep } from '../domain/bpjs-antrean.ts';
import type { Config } from '../config.ts';
import { audit } from '../db/audit.ts';
import type { Db } from '../db/client.ts';
import type { JknAppointment, MobileJknDesk } from '../connector/hospital-connector.ts';
import { cancel } from '../domain/manage.ts';
import { atWib, checkinRefusal } from '../domain/visit.ts';
import type { Api } from '../api.ts';
import { answer, JKN_MSG, refuse } from './envelope.ts';
import { readBatalAntrean, readCheckinAntrean, readJadwalOperasiPasien, readJadwalOperasiRs, readKodebooking } from './input.ts';
import { JKN } from '../../common/server-paths.ts';

const MINUTE = 60_000;
type Described = (summary: string, response: object) => object;

export function jknBookedRoutes(app: Api, db: Db, config: Config, clock: () => number, desk: MobileJknDesk, described: Described): void {
  const hospital = app.simrs;
  const minutes = config.visit.minutesPerPatient;
  /** The booking behind a kodebooking, when Mobile JKN may act on it; else the refusal's words. */
  const booked = async (kodebooking: string): Promise<JknAppointment | string> => {
    const a = await desk.appointment(kodebooking);
    return !a || a.cancelled || !a.mobile ? JKN_MSG.cancelledAlready : a;
  };

  app.post(
    JKN.sisaAntrean,
    { schema: { ...described('Mobile JKN: the patients ahead of a booking and the wait', JknAnswer(SisaAntrean)), body: KodebookingRequest } },
    async (req) => {
      const read = readKodebooking(req.body);
      if (!read.ok) return refuse(read.refused);
      const now = clock();
      const a = await booked(read.value.kodebooking);
      if (typeof a === 'string') return refuse(a);
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
    JKN.batalAntrean,
    { schema: { ...described("Mobile JKN: cancel a booking (the app's own cancel: the seat is freed once)", JknDone), body: BatalAntreanRequest } },
    async (req) => {
      const read = readBatalAntrean(req.body);
      if (!read.ok) return refuse(read.refused);
      const a = await booked(read.value.kodebooking);
      if (typeof a === 'string') return refuse(a);
      const outcome = await cancel(desk.manage, a.nomr, { no_reg: a.no_reg, alasan: OTHER_REASON, keterangan: read.value.keterangan }, clock());
      await audit(db, { action: 'jkn.batalantrean', outcome: outcome.ok ? 'ok' : 'refused', actor: 'mobile-jkn', subject: a.nomr, detail: a.no_reg }, req);
      if (!outcome.ok) return refuse(outcome.message);
      return { metadata: { message: JKN_MSG.ok, code: JKN_CODES.ok } };
    },
  );
  app.post(
    JKN.checkinAntrean,
    { schema: { ...described("Mobile JKN: check in (the app's own check-in: BPJS task 3, once)", JknDone), body: CheckinAntreanRequest } },
    async (req) => {
      const read = readCheckinAntrean(req.body);
      if (!read.ok) return refuse(read.refused);
      const now = clock();
      const a = await booked(read.value.kodebooking);
      if (typeof a === 'string') return refuse(a);
      const entry = await hospital.checkinEntry(a.no_reg, a.nomr);
      if (!entry) return refuse(JKN_MSG.notQueued);
      if (!entry.checkin) {
        const start = atWib(entry.tgl_janji, entry.jam_dtg);
        const refusal = checkinRefusal(
          { tgl_janji: entry.tgl_janji, status: entry.status, start, end: atWib(entry.tgl_janji, entry.jam_plg) },
          now,
          todayWib(now),
          config.visit.checkinOpensMinutes,
          null,
          undefined,
        );
        if (refusal) return refuse(refusal.message);
        // The time Mobile JKN sends, within the window the check-in was allowed in (it opens
        // JKN_CHECKIN_OPENS before the session and the answer is now): BPJS's task 3 is never
        // before the window nor in the future, whatever the phone's clock said.
        const opens = start === null ? now : start - config.visit.checkinOpensMinutes * MINUTE;
        await hospital.checkIn(a.no_reg, Math.min(Math.max(read.value.waktu, opens), now));
      }
      await audit(db, { action: 'jkn.checkinantrean', outcome: 'ok', actor: 'mobile-jkn', subject: a.nomr, detail: a.no_reg }, req);
      return { metadata: { message: JKN_MSG.ok, code: JKN_CODES.ok } };
    },
  );

  app.post(
    JKN.jadwalOperasiRs,
    {
      schema: {
        ...described(
          "Mobile JKN: the hospital's operations in a date range (surgeries and catheterizations; an empty list where there are none)",
          JknAnswer(JadwalOperasi),
        ),
        body: JadwalOperasiRsRequest,
      },
    },
    async (req) => {
      const read = readJadwalOperasiRs(req.body);
      if (!read.ok) return refuse(read.refused);
      return answer({ list: await desk.operations(read.value) });
    },
  );
  app.post(
    JKN.jadwalOperasiPasien,
    {
      schema: {
        ...described("Mobile JKN: a member's operations by card number (an empty list where there are none)", JknAnswer(JadwalOperasi)),
        body: JadwalOperasiPasienRequest,
      },
    },
    async (req) => {
      const read = readJadwalOperasiPasien(req.body);
      if (!read.ok) return refuse(read.refused);
      // The catalogue's jadwaloperasipasien answers without nopeserta and lastupdate.
      const list = await desk.operations(read.value);
      return answer({ list: list.map(({ nopeserta, lastupdate, ...o }) => o) });
    },
  );

  type Prescription = NonNullable<Awaited<ReturnType<typeof desk.pharmacy>>>;
  /** The booking's prescription of its day, or why Mobile JKN is refused (both pharmacy calls). */
  const prescriptionOf = async (body: Parameters<typeof readKodebooking>[0]): Promise<{ ok: true; f: Prescription } | { ok: false; refused: string }> => {
    const read = readKodebooking(body);
    if (!read.ok) return { ok: false, refused: read.refused };
    const a = await desk.appointment(read.value.kodebooking);
    if (!a || a.cancelled) return { ok: false, refused: JKN_MSG.cancelledAlready };
    const f = await desk.pharmacy(a.nomr, a.tgl_janji);
    return f ? { ok: true, f } : { ok: false, refused: JKN_MSG.noPrescription };
  };

  app.post(
    JKN.ambilAntreanFarmasi,
    { schema: { ...described("Mobile JKN: the booking's pharmacy queue number", JknAnswer(AntreanFarmasi)), body: KodebookingRequest } },
    async (req) => {
      const p = await prescriptionOf(req.body);
      if (!p.ok) return refuse(p.refused);
      const { f } = p;
      return answer({ jenisresep: f.jenisresep ?? jenisResep(f.status_obat), nomorantrean: f.no_antrian, keterangan: JKN_MSG.prescription });
    },
  );
  app.post(
    JKN.statusAntreanFarmasi,
    { schema: { ...described("Mobile JKN: the pharmacy queue around the booking's prescription", JknAnswer(StatusAntreanFarmasi)), body: KodebookingRequest } },
    async (req) => {
      const p = await prescriptionOf(req.body);
      if (!p.ok) return refuse(p.refused);
      const { f } = p;
      return answer({
        jenisresep: f.jenisresep ?? jenisResep(f.status_obat),
        totalantrean: f.total,
        sisaantrean: f.ahead,
        antreanpanggil: f.ready ?? '-',
        keterangan: f.status_obat,
      });
    },
  );
}
