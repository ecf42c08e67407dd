// Joining a full session's waiting list from the quota list, loaded with the first tap on 'Masuk
// daftar tunggu' (docs/leave.md).
import type { BookingRequest } from '../../common/schemas/booking.ts';
import type { Profile } from '../../common/schemas/patient.ts';
import { joinWaitlist } from '../api/leave.ts';
import { cache, profile } from '../data/reads.ts';
import { LEAVE } from './strings.ts';

/**
 * The booking the patient would make, with the phone the booking would offer them: `hp` the one
 * they typed last (session/phone.ts, read by the quota list), else the hospital's. Answers what to say.
 */
export async function joinLine(req: BookingRequest): Promise<string> {
  await cache.load(profile);
  const known = cache.peek(profile.key).data as Profile | undefined;
  const hp = req.hp || known?.telp_hp?.trim();
  if (!hp) return LEAVE.noPhone;
  const res = await joinWaitlist({ ...req, hp });
  if (!res.ok) return res.error.message ?? LEAVE.failed;
  return LEAVE.joined(res.data.urutan, res.data.tahan_menit);
}
