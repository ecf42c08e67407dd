import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const welcome = style({
  background: vars.color.primaryDark,
  color: '#fff',
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  fontSize: vars.font.size.lg,
  fontWeight: 600,
});

// Three in a row at normal text; under each other where large text leaves less than 6rem each.
export const shortcuts = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(6rem, 100%), 1fr))', gap: vars.space.sm });

export const shortcut = style({
  minHeight: '4.5rem',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  textAlign: 'center',
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.primaryDark,
  fontWeight: 600,
  fontSize: vars.font.size.sm,
  textDecoration: 'none',
  boxShadow: '0 1px 3px rgba(0,0,0,.12)',
});

export const cardTitle = style({ fontSize: vars.font.size.lg, marginBottom: vars.space.sm });

export const item = style({ borderTop: `1px solid ${vars.color.border}` });

export const summary = style({
  minHeight: vars.touch,
  display: 'flex',
  alignItems: 'center',
  cursor: 'pointer',
  fontWeight: 600,
  color: vars.color.primaryDark,
});

/** Bold red: the medicine status (docs/product.md §2), a number called. */
export const urgent = style({ margin: 0, fontWeight: 700, color: vars.color.danger });

export const drawer = style({
  position: 'fixed',
  inset: '0 auto 0 0',
  width: 'min(18.75rem, 85vw)',
  overflowY: 'auto',
  background: vars.color.surface,
  zIndex: 40,
  padding: vars.space.md,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  boxShadow: '2px 0 8px rgba(0,0,0,.25)',
});

export const menu = style({
  position: 'absolute',
  right: vars.space.sm,
  top: '100%',
  background: vars.color.surface,
  borderRadius: vars.radius.sm,
  boxShadow: '0 2px 8px rgba(0,0,0,.25)',
  display: 'flex',
  flexDirection: 'column',
  minWidth: '10rem',
  maxWidth: `calc(100vw - 2 * ${vars.space.sm})`,
  zIndex: 40,
});

export const menuItem = style({
  minHeight: vars.touch,
  padding: `0 ${vars.space.md}`,
  display: 'flex',
  alignItems: 'center',
  border: 0,
  background: 'transparent',
  color: vars.color.text,
  textDecoration: 'none',
  fontSize: vars.font.size.md,
  textAlign: 'left',
  cursor: 'pointer',
});

export const scrim = style({ position: 'fixed', inset: 0, zIndex: 30, background: 'rgba(0,0,0,.35)' });

// The visit day on today's clinic queue entry: the two numbers large, then how long is left and
// check-in, above the entry's other fields.
export const ticket = style({ display: 'grid', gap: vars.space.sm, padding: `${vars.space.sm} 0 ${vars.space.md}` });

/** My number and the one called: the figures a patient looks for first. */
export const numberValue = style({ fontSize: '2rem', lineHeight: 1.1, fontWeight: 700, color: vars.color.primaryDark });

export const ahead = style({ margin: 0, fontSize: vars.font.size.lg, fontWeight: 700 });

export const line = style({ margin: 0 });

export const hint = style({ margin: 0, color: vars.color.muted, fontSize: vars.font.size.sm });

export const checkedIn = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  background: vars.color.successBg,
  color: vars.color.success,
  fontWeight: 700,
});

export const problem = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  background: vars.color.dangerBg,
  color: vars.color.danger,
});

// A number called: a block in the primary's dark shade, white, the room large. Not small red text:
// the patient looks up from the phone and goes (WCAG AA: white on #1f6f77 is 5.9:1).
export const called = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.primaryDark,
  color: vars.color.primaryText,
});
export const calledText = style({ fontSize: vars.font.size.lg, fontWeight: 700, lineHeight: 1.3 });
export const calledRoom = style({ fontSize: vars.font.size.xl, fontWeight: 700, lineHeight: 1.2, overflowWrap: 'anywhere' });

// The medicine's status: ready green, in preparation amber-brown, each on its light ground with a
// border, so the two differ in colour, in words and in more than colour (WCAG 1.4.1, 1.4.3 AA).
const badge = {
  display: 'inline-block',
  padding: '0.125rem 0.5rem',
  borderRadius: vars.radius.sm,
  border: '0.125rem solid currentColor',
  fontWeight: 700,
} as const;
export const ready = style({ ...badge, color: vars.color.success, background: vars.color.successBg });
export const preparing = style({ ...badge, color: '#7a4100', background: '#fff1dc', borderStyle: 'dashed' });
export const stageHint = style({ display: 'block', marginTop: vars.space.xs, color: vars.color.text, fontWeight: 400 });

/** An appointment's date and doctor on a line of its own under 'Tampilkan Jadwal'. */
export const summaryText = style({ display: 'grid', padding: `${vars.space.xs} 0` });
export const summarySub = style({ fontWeight: 500, color: vars.color.text, overflowWrap: 'anywhere' });

// 'Hari ini': first on home, a card with a band of the primary colour on its left, one entry per
// thing that matters today or soon.
export const today = style({ borderLeft: `0.375rem solid ${vars.color.primary}`, display: 'grid', gap: vars.space.sm });
export const todayTitle = style({ margin: 0, fontSize: vars.font.size.xl, color: vars.color.primaryDark });
export const todayList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.md });
export const todayItem = style({ display: 'grid', gap: vars.space.xs, minWidth: 0, overflowWrap: 'anywhere' });
export const todayKind = style({
  margin: 0,
  fontSize: vars.font.size.sm,
  fontWeight: 700,
  color: vars.color.muted,
  textTransform: 'uppercase',
  letterSpacing: '0.03em',
});
export const todayMain = style({ margin: 0, fontSize: vars.font.size.lg, fontWeight: 700 });
export const todayLink = style({ color: vars.color.primaryDark, fontWeight: 700 });
