// A BPJS letter as the booking carries it (referrals.tsx picks it): which ones a clinic and day can
// take, how the confirmation link carries the pick, and how the confirmation names it. Apart from
// the picker, so the confirmation loads these few lines only.
import { BPJS_REFERRALS } from '../../../common/capabilities.ts';
import { daysBetween } from '../../../common/dates.ts';
import type { ReferralKind, UsableReferral } from '../../../common/schemas/index.ts';
import { offers } from '../../api/capabilities.ts';
import { BOOKING } from './strings.ts';

const T = BOOKING.referral;

/** What the booking sends of a letter. */
export interface Letter {
  jeniskunjungan: ReferralKind;
  nomorreferensi: string;
}

/**
 * The letters that can carry a booking in the chosen clinic (when one is) on the chosen day (when
 * one is): a letter for another clinic, or for none of ours, is not offered; nor one that runs
 * out before the day.
 */
export function lettersFor(list: readonly UsableReferral[], kdDep: string | null, date: string | null): UsableReferral[] {
  return list.filter((r) => r.kd_dep !== null && (!kdDep || r.kd_dep === kdDep) && (!date || daysBetween(date, r.berlaku_sampai) >= 0));
}

/** The letter a confirmation link carries (letterQuery), or null. */
export function letterFromQuery(query: Record<string, string> | undefined): Letter | null {
  const kind = Number(query?.jeniskunjungan);
  const number = query?.nomorreferensi?.trim() ?? '';
  if ((kind !== 1 && kind !== 3 && kind !== 4) || !/^[0-9A-Za-z]{6,30}$/.test(number)) return null;
  return { jeniskunjungan: kind, nomorreferensi: number };
}

export const letterQuery = (r: Letter | null): Record<string, string> =>
  r ? { jeniskunjungan: String(r.jeniskunjungan), nomorreferensi: r.nomorreferensi } : {};

/** How the confirmation names the letter it sends: 'Surat kontrol, nomor 0301R…'. */
export const letterName = (r: Letter): string => T.named(T.kinds[r.jeniskunjungan], r.nomorreferensi);

/** The API reads the patient's BPJS letters from VClaim (its login answer said so): a BPJS booking picks one. */
export const offersReferrals = (): boolean => offers(BPJS_REFERRALS);
