// The BPJS letters read of the booking screens, apart from reads.ts (as quota.ts is): it loads with
// them only, not with home. A booking reads it afresh (reads.ts invalidates 'referrals').
import type * as C from '../../common/schemas/index.ts';
import { getReferrals } from '../api/referrals.ts';
import type { Read } from './cache.ts';

/** The letters the patient can book with, where the API offers them; asked again after five minutes. */
export const referrals: Read<C.ReferralList> = { key: 'referrals', load: getReferrals, fresh: 5 * 60_000 };
