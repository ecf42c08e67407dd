// Who a Mobile JKN booking is for: the card number, the NIK and, when sent, the medical record
// number must name one patient, as SIMRS Khanza's own service finds the patient only where the NIK
// and the card number are on the same record (webapps/api-bpjsfktl/conf.php cekpasien). A card
// of one patient with another's NIK or record number books neither: refused with the reason.
import type { JknPatientRow } from '../connector/hospital-connector.ts';

export type Identity = { nomr: string } | { mismatch: true } | null;

/** A stored card number or NIK counts only as one (a '-' or '' in the column is none). */
const held = (v: string | null, digits: number) => (v && new RegExp(`^[0-9]{${digits}}$`).test(v) ? v : null);

/**
 * The patient `rows` (those matching any of the three) agree on; null: none is known (Mobile JKN
 * registers them with pasienbaru); mismatch: they name different patients, or the one found
 * holds another card or NIK, or only the record number matched.
 */
export function onePatient(rows: JknPatientRow[], given: { nomorkartu: string; nik: string; norm: string }): Identity {
  const byCard = rows.filter((r) => held(r.kartu, 13) === given.nomorkartu);
  const byNik = rows.filter((r) => held(r.nik, 16) === given.nik);
  const byNorm = given.norm ? rows.filter((r) => r.nomr === given.norm) : [];
  const named = new Set([...byCard, ...byNik, ...byNorm].map((r) => r.nomr));
  if (named.size === 0) return null;
  if (named.size > 1 || (!byCard.length && !byNik.length)) return { mismatch: true };
  const [one] = [...byCard, ...byNik];
  const kartu = held(one.kartu, 13);
  const nik = held(one.nik, 16);
  if ((kartu && kartu !== given.nomorkartu) || (nik && nik !== given.nik)) return { mismatch: true };
  return { nomr: one.nomr };
}
