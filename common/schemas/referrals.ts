// The patient's BPJS referrals and control letters that a clinic booking can rest on (the
// reference API's addition, read from BPJS VClaim; docs/bpjs.md, Referrals). Offered only where the
// login answer names the capability BPJS_REFERRALS (common/capabilities.ts).
import { Type, type Static } from 'typebox';
import { NStr, Str } from './fields.ts';

/** BPJS's jeniskunjungan of a letter VClaim can show: 1 rujukan FKTP, 3 kontrol, 4 rujukan antar RS. */
export const ReferralKind = Type.Union([Type.Literal(1), Type.Literal(3), Type.Literal(4)], {
  description: "BPJS's jeniskunjungan: 1 rujukan FKTP, 3 surat kontrol, 4 rujukan antar RS",
});
export type ReferralKind = Static<typeof ReferralKind>;

/** One letter the patient can book with: it is theirs, not used up, and valid today or later. */
export const UsableReferral = Type.Object({
  jeniskunjungan: ReferralKind,
  nomorreferensi: Str('The nomor rujukan, or the nomor surat kontrol'),
  perujuk: Str('Who wrote it: the FKTP or hospital of a referral, the doctor of a control letter'),
  poli: Str("BPJS's name of the poli the letter is for"),
  kd_dep: NStr("This hospital's clinic that the letter's poli maps to; null when no clinic of ours does"),
  tgl_terbit: Str('YYYY-MM-DD: when it was written (a referral: its tglKunjungan)'),
  berlaku_sampai: Str('YYYY-MM-DD: the last visit day it is valid for (a referral: 90 days from tgl_terbit, less a day)'),
  tgl_kontrol: NStr("YYYY-MM-DD: a control letter's planned visit day (tglRencanaKontrol); null for a referral"),
  kd_dr: NStr("A control letter's doctor as this hospital codes it; null for a referral or an unmapped doctor"),
  nama_dr: NStr("A control letter's doctor's name"),
});
export type UsableReferral = Static<typeof UsableReferral>;

export const ReferralList = Type.Object({
  rujukan: Type.Array(UsableReferral, { description: 'Soonest to run out first' }),
  tanpa_kartu: Type.Boolean({ description: 'The hospital has no BPJS card number (no_jaminan) of the patient: no letter can be read' }),
});
export type ReferralList = Static<typeof ReferralList>;
