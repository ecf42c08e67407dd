// Self-registration's checks (docs/product.md §3 and §5), answered in words the person can act on:
// the rules are common/registration.ts, which the form checks beside each field before sending.
export { REGISTRATION_MSG, registrationProblem } from '../../common/registration.ts';

/**
 * What a submission did: a new NIK, another submission of a pending one, or of one the counter
 * has already verified (kept, and nothing of the verified registration changes).
 */
export type SaveOutcome = 'created' | 'resubmitted' | 'resubmitted-verified';
