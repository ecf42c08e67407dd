import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const warn = style({ color: vars.color.danger, fontSize: vars.font.size.sm, fontWeight: 600 });

// A note may hold a long code (a referral number): it breaks rather than push the page sideways.
export const note = style({ color: vars.color.muted, fontSize: vars.font.size.sm, overflowWrap: 'anywhere' });

export const slots = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });

// A slot: what it is on the left, and where it can be chosen a 'Pilih ›' that looks like the
// button it is; at large text the 'Pilih' goes under the facts, on the right.
export const slot = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  minHeight: '4.5rem',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  boxShadow: '0 1px 3px rgba(0,0,0,.12)',
  borderLeft: `6px solid ${vars.color.primary}`,
  color: vars.color.text,
  textDecoration: 'none',
});

export const slotInfo = style({ display: 'flex', flexDirection: 'column', gap: '0.125rem', flex: '1 1 11rem', minWidth: 0 });

/** 'Pilih ›': white on the dark primary (5.9:1), at least 44 px high. */
export const choose = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '2.75rem',
  padding: `0 ${vars.space.sm} 0 ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  background: vars.color.primaryDark,
  color: vars.color.primaryText,
  fontWeight: 700,
});
globalStyle(`${choose} svg`, { width: '1.25em', height: '1.25em', flex: 'none' });

/** A slot chosen in place (rescheduling): a button that looks like the slot links. */
export const slotButton = style({ width: '100%', borderTop: 0, borderRight: 0, borderBottom: 0, font: 'inherit', textAlign: 'left', cursor: 'pointer' });

export const slotOff = style({ background: vars.color.background, borderLeftColor: vars.color.border, boxShadow: 'none', color: vars.color.muted });

export const slotDoctor = style({ fontSize: vars.font.size.md, color: 'inherit' });

export const quota = style({ color: vars.color.success, fontWeight: 700 });

export const full = style({ color: vars.color.danger, fontWeight: 700 });

export const specialties = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(8.75rem, 100%), 1fr))', gap: vars.space.sm });

export const specialty = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  minHeight: '6rem',
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  color: '#fff',
  fontWeight: 600,
  textAlign: 'center',
  textDecoration: 'none',
});

// The photo beside the name and schedule; under them when large text leaves the schedule less
// than 10rem beside it.
export const doctor = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'flex-start' });
globalStyle(`${doctor} > div`, { flex: '1 1 10rem', minWidth: 0 });

export const photo = style({
  flex: 'none',
  width: '90px',
  height: '100px',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  background: vars.color.background,
});

export const doctorName = style({ fontSize: vars.font.size.md, fontWeight: 700, overflowWrap: 'anywhere' });

export const scheduleRows = style({ listStyle: 'none', margin: `${vars.space.sm} 0 0`, padding: 0, display: 'grid', gap: vars.space.xs });

export const scheduleRow = style({
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  minHeight: vars.touch,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.primaryDark,
  fontSize: vars.font.size.sm,
  textDecoration: 'none',
});

/** Room under the content for the fixed 'Install App' bar. */
export const roomForBar = style({ paddingBottom: '5.5rem' });
