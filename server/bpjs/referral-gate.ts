// Which letter check a BPJS booking gets, by channel (docs/bpjs.md, Referrals): with VClaim on,
// the app's booking and reschedule and Mobile JKN's ambilantrean all ask checkLetter()
// (referrals.ts); without it, the app's typed number is dropped (never reported to BPJS as if
// confirmed) and Mobile JKN's, BPJS's own, is kept as sent.
import { todayWib } from '../../common/dates.ts';
import type { VclaimConfig } from '../config.ts';
import type { HospitalConnector } from '../connector/contract.ts';
import type { ReferralGate } from '../domain/booking.ts';
import { checkLetter } from './referrals.ts';
import { type Vclaim, vclaimClient } from './vclaim.ts';

/** The BPJS poli code of a clinic of ours, through the hospital's mapping (bpjs_poli, or Khanza's maping_poli_bpjs). */
export async function kodepoliOf(hospital: HospitalConnector, kd_dep: string): Promise<string | null> {
  const maps = await hospital.mobileJkn?.mappings();
  return maps?.poli.find((p) => p.kd_dep === kd_dep)?.kodepoli ?? null;
}

export interface ReferralGates {
  /** VClaim's client; null: off. */
  vclaim: Vclaim | null;
  /** The app's: the patient's card as the hospital has it, the clinic's BPJS poli through the mapping. */
  app(nomr: string): ReferralGate;
  /** Mobile JKN's: the card and the BPJS poli the request names. */
  jkn(card: string, kodepoli: string): ReferralGate;
}

/** `clock` decides today (tests fix it); the client signs with the real one. */
export function referralGates(c: VclaimConfig | null, hospital: HospitalConnector, clock: () => number = Date.now, client?: Vclaim): ReferralGates {
  const v = client ?? (c ? vclaimClient(c) : null);
  return {
    vclaim: v,
    app: (nomr) =>
      v
        ? {
            check: async (letter, s, date) => {
              const [profile, kodepoli] = await Promise.all([hospital.profile(nomr), kodepoliOf(hospital, s.kd_dep)]);
              const card = profile?.no_jaminan?.trim() ?? '';
              return checkLetter(v, letter, { card, kodepoli, clinic: s.ds_dep, date, today: todayWib(clock()) });
            },
          }
        : 'drop',
    jkn: (card, kodepoli) =>
      v ? { check: (letter, s, date) => checkLetter(v, letter, { card, kodepoli, clinic: s.ds_dep, date, today: todayWib(clock()) }) } : 'as-sent',
  };
}
