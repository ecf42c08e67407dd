// What an API can do beyond docs/product.md §7, named in its login answer's `capabilities` (the
// reference API's addition). An app that hears none of them speaks section 7 only.

/**
 * The API knows whose records a call reads from its bearer token alone: the app leaves the birth
 * date (the old login secret) out of the URLs, where proxies and access logs keep it.
 */
export const PATIENT_FROM_TOKEN = 'patient-from-token';

/**
 * The API reads the patient's BPJS referrals and control letters from VClaim
 * (`GET /api/patient/bpjs/rujukan`) and checks a BPJS booking's letter there: the app offers the
 * usable letters to pick with one tap. Absent: the BPJS booking asks nothing beyond §2's phone
 * number, and the counter checks the letter on arrival.
 */
export const BPJS_REFERRALS = 'bpjs-referrals';
