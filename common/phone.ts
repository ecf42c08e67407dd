// Indonesian mobile numbers, one rule for every form that asks for one (registration's telp_hp,
// booking's hp): 08… or +628…, 10 to 13 digits in the national form, as patients write them,
// with spaces or dashes between the groups.

/** 0 or +62, then 8 and 8 to 11 more digits: 081234567890, +6281234567890. */
const MOBILE_NUMBER = /^(?:0|\+62)8[0-9]{8,11}$/;

/** The number without the spaces and dashes people put between its groups. */
export const compactPhone = (raw: string): string => raw.replace(/[\s-]/g, '');

export function isMobileNumber(raw: string): boolean {
  return MOBILE_NUMBER.test(compactPhone(raw));
}
