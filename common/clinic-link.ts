// The clinic a booking confirmation's link carries (docs/product.md §2's routes carry no clinic).
// Apart from routes.ts, which the login page's first bytes hold: only the booking screens use it.

export interface Clinic {
  kd_dep: string;
  ds_dep: string;
  /** Where it examines (common/display.ts clinicPlace), where the clinics answer says. */
  ruang?: string | null;
  lantai?: string | null;
}

/** The query a confirmation link carries its clinic in, so a reload or a shared link keeps it. */
export const clinicQuery = (c: Clinic) => ({ poli: c.kd_dep, nama_poli: c.ds_dep, ruang: c.ruang || undefined, lantai: c.lantai || undefined });

/** The clinic a confirmation link carries, or null when it is missing. */
export function clinicFromQuery(query: Record<string, string> | undefined): Clinic | null {
  const kd_dep = query?.poli?.trim();
  const ds_dep = query?.nama_poli?.trim();
  return kd_dep && ds_dep ? { kd_dep, ds_dep, ruang: query?.ruang, lantai: query?.lantai } : null;
}
