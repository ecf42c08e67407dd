// Which letter check a BPJS booking gets, by channel (docs/bpjs.md, Referrals): with VClaim on,
// the app's booking and reschedule and Mobile JKN's ambilantrean all ask checkLetter()
// (referrals.ts); without it, the app's typed number is dropped (never reported to BPJS as if
// confirmed) and Mobile JKN's, BPJS's own, is kept as sent.
import { todayWib } from '../../common/dates.ts';
import type { VclaimConfig } from '../config.ts';
import type { HospitalConnector } from '../connector/hospital-connector.ts';
import type { ReferralGate } from '../domain/booking.ts';
import { checkLetter, type Letter } from './referrals.ts';
import { type Vclaim, vclaimClient } from './vclaim.ts';

/** The app's check, with the letter it last confirmed (the route queues the pushes before a referral runs out). */
type CheckedGate = Exclude<ReferralGate, string> & { confirmed: Letter | null };

export interface ReferralGates {
  /** VClaim's client; null: off. */
  vclaim: Vclaim | null;
  /**
   * The app's: the patient's card as the hospital has it, the clinic's BPJS poli through the
   * mapping (bpjs_poli, or Khanza's maping_poli_bpjs), both read before the booking's transaction,
   * so that the check inside it waits on VClaim alone, never on the database it holds.
   */
  app(nomr: string): Promise<CheckedGate | 'drop'>;
  /** Mobile JKN's: the card and the BPJS poli the request names. */
  jkn(card: string, kodepoli: string): ReferralGate;
}

/** `clock` decides today (tests fix it); the client signs with the real one. */
export function referralGates(c: VclaimConfig | null, hospital: HospitalConnector, clock: () => number = Date.now, client?: Vclaim): ReferralGates {
  const v = client ?? (c ? vclaimClient(c) : null);
  return {
    vclaim: v,
    async app(nomr) {
      if (!v) return 'drop';
      const [profile, maps] = await Promise.all([hospital.profile(nomr), hospital.mobileJkn?.mappings()]);
      const card = profile?.no_jaminan?.trim() ?? '';
      const gate: CheckedGate = {
        confirmed: null,
        check: async (letter, s, date) => {
          const kodepoli = maps?.poli.find((p) => p.kd_dep === s.kd_dep)?.kodepoli ?? null;
          const verdict = await checkLetter(v, letter, { card, kodepoli, clinic: s.ds_dep, date, today: todayWib(clock()) });
          gate.confirmed = verdict.ok ? verdict.letter : null;
          return verdict;
        },
      };
      return gate;
    },
    jkn: (card, kodepoli) =>
      v ? { check: (letter, s, date) => checkLetter(v, letter, { card, kodepoli, clinic: s.ds_dep, date, today: todayWib(clock()) }) } : 'as-sent',
  };
}
