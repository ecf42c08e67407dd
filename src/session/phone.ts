// The mobile number of the last booking, kept on this phone so the next booking starts with it
// instead of twelve digits typed again. Under our own local storage key, which logout clears with
// the spec's keys (docs/product.md §4: a shared phone keeps no patient's number), and with the MR number it
// belongs to, so it is never offered to another patient (decisions: the remembered number); a
// family profile signed out takes its own with it (profiles.ts).
export const PHONE_KEY = 'nomorhp';

/** The number this patient last booked with on this phone; '' when none. */
export function rememberedPhone(nomr: string): string {
  try {
    const saved = JSON.parse(localStorage.getItem(PHONE_KEY) ?? 'null') as { nomr?: string; hp?: string } | null;
    return (saved?.nomr === nomr && saved.hp) || '';
  } catch {
    return ''; // storage blocked, or not our JSON
  }
}

/** Kept after a booking made with it. */
export function rememberPhone(nomr: string, hp: string): void {
  try {
    localStorage.setItem(PHONE_KEY, JSON.stringify({ nomr, hp }));
  } catch {
    // storage blocked: the number is typed again next time
  }
}

/**
 * The number the booking form starts with: the last one booked with on this phone, else the one
 * the hospital has (the profile's, where the API gives one), else nothing.
 */
export function phoneToOffer(nomr: string, fromProfile?: string | null): string {
  return rememberedPhone(nomr) || fromProfile?.trim() || '';
}
