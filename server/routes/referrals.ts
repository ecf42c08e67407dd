// GET /api/patient/bpjs/rujukan: the patient's BPJS referrals and control letters a booking can
// rest on, read from VClaim (docs/bpjs.md, Referrals). Offered where the login answer names
// BPJS_REFERRALS (routes/auth.ts capabilitiesOf): VClaim on and SIMRS not upstream; elsewhere 404,
// as the other calls this API does not offer there.
import { addDays, todayWib } from '../../common/dates.ts';
import { Refusal } from '../../common/schemas/envelope.ts';
import type { ReferralKind, UsableReferral } from '../../common/schemas/referrals.ts';
import type { ReferralGates } from '../bpjs/referral-gate.ts';
import { REFERRAL_MSG, usableLetters } from '../bpjs/referrals.ts';
import type { BookingConfig } from '../config.ts';
import { HttpError } from '../errors.ts';
import { NOT_FOUND, PATIENT, PATIENT_GET, route, type Api } from './route-schema.ts';

export async function referralRoutes(app: Api, gates: Pick<ReferralGates, 'vclaim'>, config: BookingConfig, now: () => number = Date.now): Promise<void> {
  const hospital = app.simrs;
  app.route({
    ...route('referrals', {
      summary: "The patient's usable BPJS referrals and control letters (VClaim): theirs by card number, not used up, valid today or later",
      security: PATIENT,
      failures: {
        ...PATIENT_GET,
        ...NOT_FOUND('VClaim is not configured here, or SIMRS=upstream: the login answer names no bpjs-referrals'),
        503: Refusal('VClaim did not answer (or not usably); the message says to try again later'),
      },
    }),
    handler: async (req, reply) => {
      const v = gates.vclaim;
      // Its own words, not the router's: the call exists, this hospital does not offer it.
      if (!v || hospital.relay) throw new HttpError(404, REFERRAL_MSG.notOffered);
      const card = (await hospital.profile(req.nomr))?.no_jaminan?.trim();
      if (!card) return { status: true as const, data: { rujukan: [], tanpa_kartu: true } };
      const today = todayWib(now());
      const letters = await usableLetters(v, card, today, addDays(today, config.windowDays));
      if (!letters) return reply.code(503).send({ status: false, message: REFERRAL_MSG.unavailable });
      const maps = (await hospital.mobileJkn?.mappings()) ?? { poli: [], dokter: [] };
      const rujukan: UsableReferral[] = letters.map((l) => ({
        jeniskunjungan: l.jeniskunjungan as ReferralKind,
        nomorreferensi: l.nomorreferensi,
        perujuk: l.perujuk,
        poli: l.namapoli,
        kd_dep: maps.poli.find((p) => p.kodepoli === l.kodepoli)?.kd_dep ?? null,
        tgl_terbit: l.tgl_terbit,
        berlaku_sampai: l.berlaku_sampai,
        tgl_kontrol: l.tgl_kontrol,
        kd_dr: l.kodedokter ? (maps.dokter.find((d) => String(d.kodedokter) === l.kodedokter)?.kd_dr ?? null) : null,
        nama_dr: l.namadokter,
      }));
      return { status: true as const, data: { rujukan, tanpa_kartu: false } };
    },
  });
}
