// The patient's BPJS referrals and control letters (the reference API's addition, read from VClaim:
// docs/bpjs.md, Referrals), apart from the other booking calls: only the BPJS booking asks for them,
// so they load with the booking screens, not with home.
import type * as C from '../../common/schemas/index.ts';
import { read, type Result } from './http.ts';
import { patientQuery } from './query.ts';

/** Asked only where the login answer offered them (api/capabilities.ts offersReferrals). */
export const getReferrals = (): Promise<Result<C.ReferralList>> => read('referrals', { query: patientQuery(false) });
