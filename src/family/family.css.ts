import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css.ts';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const note = style({ margin: 0 });

// Under home's top bar, in its colours: whose home this is, and the others one tap away.
export const bar = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: `0 ${vars.space.gutter} ${vars.space.sm}`,
  background: vars.color.primaryDark,
  color: vars.color.primaryText,
});

export const active = style({ margin: 0, fontSize: vars.font.size.sm, overflowWrap: 'anywhere' });

export const chips = style({ margin: 0, padding: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

export const chip = style({
  minHeight: vars.touch,
  padding: `0 ${vars.space.md}`,
  border: '1px solid currentColor',
  borderRadius: vars.radius.lg,
  background: 'transparent',
  color: 'inherit',
  fontSize: vars.font.size.sm,
  fontWeight: 600,
  textAlign: 'left',
  overflowWrap: 'anywhere',
  cursor: 'pointer',
});

export const lines = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const title = style({ margin: 0, fontSize: vars.font.size.md });

export const list = style({ margin: 0, padding: 0, listStyle: 'none', display: 'flex', flexDirection: 'column' });

export const line = style({
  display: 'flex',
  flexDirection: 'column',
  padding: `${vars.space.sm} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  overflowWrap: 'anywhere',
});

export const detail = style({ fontSize: vars.font.size.sm, color: vars.color.muted });

/** A number called: bold red, as on the active patient's card. */
export const called = style({ fontSize: vars.font.size.sm, fontWeight: 700, color: vars.color.danger });
