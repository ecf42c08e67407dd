import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

// Labelled values: the label column is one width in rem on every card, so values start at the
// same place card after card and grow with the text size; a long label wraps within it. Where a
// value would get less than its own minimum beside the label (large text on a narrow phone), it
// moves under its label instead of being squeezed to a word per line.
const LABEL = '7rem';
const VALUE_MIN = '9rem';
export const fields = style({ margin: 0, display: 'grid', rowGap: vars.space.xs });
export const pair = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: vars.space.md });
export const term = style({ flex: `0 1 ${LABEL}`, minWidth: 0, color: vars.color.muted, fontSize: vars.font.size.sm, overflowWrap: 'break-word' });
export const value = style({ flex: `1 1 ${VALUE_MIN}`, minWidth: 0, margin: 0, fontWeight: 500, overflowWrap: 'anywhere' });
/** A date inside a value: it moves to the next line whole rather than breaking ('23 / November / 2026'). */
export const date = style({ display: 'inline-block', overflowWrap: 'normal' });
export const more = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.touch,
  marginTop: vars.space.sm,
  color: vars.color.primaryDark,
  fontWeight: 600,
});

export const menu = style({ display: 'grid', gap: vars.space.md });
export const menuCard = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: '4.5rem',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  boxShadow: '0 1px 3px rgba(0,0,0,.12)',
  color: vars.color.primaryDark,
  fontSize: vars.font.size.lg,
  fontWeight: 600,
  textDecoration: 'none',
});

// A detail's entries (lab results, vascular findings): one card each, nothing wider than the
// screen, the name on top and the flag beside it in words.
export const rows = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });
export const row = style({
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  boxShadow: '0 1px 3px rgba(0,0,0,.12)',
  display: 'grid',
  gap: vars.space.sm,
  minWidth: 0,
});
export const rowHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space.sm });
export const rowName = style({ margin: 0, fontSize: vars.font.size.md, fontWeight: 700, overflowWrap: 'anywhere', minWidth: 0 });
export const high = style({ color: vars.color.danger, fontWeight: 700 });
export const low = style({ color: '#0b57d0', fontWeight: 700 });
export const normal = style({ color: vars.color.success, fontWeight: 700 });
export const flag = style({
  padding: '0.125rem 0.625rem',
  borderRadius: '1rem',
  border: '0.125rem solid currentColor',
  fontSize: vars.font.size.sm,
  whiteSpace: 'nowrap',
});
export const comment = style({
  margin: 0,
  padding: '0.5rem 0.75rem',
  borderLeft: `0.25rem solid ${vars.color.border}`,
  background: vars.color.background,
  overflowWrap: 'anywhere',
});

export const trend = style({ margin: 0, display: 'grid', gap: vars.space.xs });
export const trendText = style({ margin: 0, fontSize: vars.font.size.sm, overflowWrap: 'anywhere' });
export const trendDates = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  color: vars.color.muted,
  fontSize: vars.font.size.sm,
});

/** 'N dari M hasil di luar rentang normal', under a lab order's header. */
export const lead = style({ margin: `${vars.space.sm} 0 0`, fontWeight: 700 });
/** 'Konsultasikan dengan dokter' under a result outside its range. */
export const advice = style({
  margin: 0,
  padding: '0.5rem 0.75rem',
  borderLeft: `0.25rem solid ${vars.color.danger}`,
  background: vars.color.dangerBg,
  color: vars.color.text,
  fontWeight: 600,
});
