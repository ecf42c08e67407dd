import { style } from '@vanilla-extract/css';
import { input } from './controls.css.ts';
import { vars } from './theme.css.ts';

export const toggle = style([
  input,
  {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: vars.space.sm,
    textAlign: 'left',
    color: vars.color.text,
    cursor: 'pointer',
    selectors: { '&:disabled': { background: vars.color.background, color: vars.color.muted, cursor: 'not-allowed' } },
  },
]);

export const hint = style({ fontSize: vars.font.size.sm, color: vars.color.muted });

export const panel = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: vars.space.xs,
  background: vars.color.surface,
});

export const head = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between' });

export const month = style({ fontSize: vars.font.size.md, fontWeight: 700 });

export const nav = style({
  width: vars.touch,
  height: vars.touch,
  border: 0,
  borderRadius: '50%',
  background: 'transparent',
  color: vars.color.primaryDark,
  fontSize: '28px',
  lineHeight: 1,
  cursor: 'pointer',
  selectors: { '&:disabled': { color: vars.color.border, cursor: 'not-allowed' } },
});

export const grid = style({ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' });

export const weekday = style({ fontSize: vars.font.size.sm, fontWeight: 600, color: vars.color.muted, padding: `${vars.space.xs} 0` });

export const day = style({
  width: '100%',
  minHeight: vars.touch,
  border: '2px solid transparent',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.text,
  fontSize: vars.font.size.md,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&[aria-disabled="true"]': { color: '#7d8a8c', fontWeight: 400, textDecoration: 'line-through', cursor: 'not-allowed' },
    '&:focus-visible': { outline: `3px solid ${vars.color.primary}`, outlineOffset: '-3px' },
  },
});

export const today = style({ borderColor: vars.color.border });

export const selected = style({
  background: vars.color.primaryDark,
  color: vars.color.primaryText,
  borderColor: vars.color.primaryDark,
});
