// A Nomor MR as the hospital writes it. Many hospitals print their numbers with a fixed width,
// leading zeros included ('00012345'; Khanza's pasien.no_rkm_medis is a 6-character string in many
// installs); patients type what they remember ('12345'). The server (NOMR_WIDTH) and the app both
// fill the zeros in with this one function, so the number looked up, the number counted by the
// login throttle and the number the app keeps are the same string.

/** The widest number the setting allows: the login form takes at most 20 characters. */
export const NOMR_WIDTH_MAX = 20;

/**
 * The typed number, trimmed, with leading zeros up to `width` where it is digits only and shorter.
 * Left as typed: no width (the hospital's numbers vary in length), letters in it (a number of
 * another scheme, which zeros would not make right), or already as long or longer.
 */
export function padNomr(typed: string, width: number | null | undefined): string {
  const nomr = typed.trim();
  return width && /^\d+$/.test(nomr) ? nomr.padStart(width, '0') : nomr;
}
