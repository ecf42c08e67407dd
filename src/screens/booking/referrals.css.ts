// The BPJS letters to pick (referrals.tsx): each a card whose whole area is its radio's target,
// its lines wrapping at any text size (a 19-character number breaks rather than overflow).
import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const group = style({ border: 0, margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });

export const legend = style({ padding: 0, marginBottom: vars.space.xs, fontWeight: 600 });

export const hint = style({ margin: 0, color: vars.color.muted, fontSize: vars.font.size.sm });

// The radio beside the text; under large text, where less than 10rem would be left beside it, the
// text goes under the radio and has the card's whole width.
export const letter = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  minHeight: vars.touch,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderLeft: `6px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.primaryDark, background: vars.color.background },
    '&:has(input:focus-visible)': { outline: `3px solid ${vars.color.primaryDark}`, outlineOffset: '2px' },
  },
});

export const radio = style({ width: '1.25rem', height: '1.25rem', margin: '0.125rem 0 0', flex: 'none', accentColor: vars.color.primaryDark });

export const text = style({ display: 'flex', flexDirection: 'column', gap: '0.125rem', flex: '1 1 10rem', minWidth: 0, overflowWrap: 'break-word' });

export const number = style({ color: vars.color.muted, fontSize: vars.font.size.sm, overflowWrap: 'anywhere' });

export const status = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, margin: 0, color: vars.color.muted });

export const guidance = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.sm,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
});

export const guidanceText = style({ margin: 0, overflowWrap: 'anywhere' });
