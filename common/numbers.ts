// Numbers as Indonesians write them: a decimal comma and a dot between thousands ('6,1 %',
// '1,8 detik', '1.200 m'). The one place the app and the server turn numbers into text.
// Lab systems send results as machines write them ('6.1'); the screens show them through
// numbersIn(), so a value reads the same on every screen, whoever wrote it.

const formats = new Map<number, Intl.NumberFormat>();

/** A number the Indonesian way, with at most `fractionDigits` decimals. */
export function formatNumber(value: number, fractionDigits = 2): string {
  let f = formats.get(fractionDigits);
  if (!f) {
    f = new Intl.NumberFormat('id-ID', { maximumFractionDigits: fractionDigits });
    formats.set(fractionDigits, f);
  }
  return f.format(value);
}

/**
 * The numbers inside a text written with a decimal point ('6.1', '< 0.04', '4 - 5.6') given the
 * decimal comma; the rest of the text as it is. Left alone: a number with more than one dot (a
 * date '17.08.2026', '1.250.000'), and one dot before exactly three digits after a non-zero
 * whole part ('250.000'), which is already the Indonesian thousands dot.
 */
export function numbersIn(text: string): string {
  return text.replace(/\d+(?:[.,]\d+)+/g, (n) => {
    const parts = n.split('.');
    if (parts.length !== 2 || n.includes(',')) return n;
    const [whole, fraction] = parts;
    if (fraction.length === 3 && !/^0+$/.test(whole)) return n;
    return `${whole},${fraction}`;
  });
}
