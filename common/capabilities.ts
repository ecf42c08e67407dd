// What an API can do beyond docs/product.md §7, named in its login answer's `capabilities` (the
// reference API's addition). An app that hears none of them speaks section 7 only.

/**
 * The API knows whose records a call reads from its bearer token alone: the app leaves the birth
 * date (the old login secret) out of the URLs, where proxies and access logs keep it.
 */
export const PATIENT_FROM_TOKEN = 'patient-from-token';
