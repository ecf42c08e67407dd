// Buttons, fields and layout pieces every screen shares: 48 px touch targets, clear labels.
import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const page = style({
  maxWidth: '35rem',
  margin: '0 auto',
  padding: vars.space.gutter,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  padding: vars.space.gutter,
  boxShadow: '0 1px 3px rgba(0,0,0,.12)',
});

export const buttonBase = style({
  minHeight: vars.touch,
  padding: `${vars.space.xs} ${vars.space.md}`,
  border: 0,
  borderRadius: vars.radius.sm,
  fontWeight: 600,
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  textAlign: 'center',
  textDecoration: 'none',
  selectors: { '&:disabled': { opacity: 0.55, cursor: 'not-allowed' } },
});

export const buttonKind = styleVariants({
  primary: { background: vars.color.primaryDark, color: vars.color.primaryText },
  secondary: { background: vars.color.surface, color: vars.color.primaryDark, border: `2px solid ${vars.color.primaryDark}` },
  plain: { background: 'transparent', color: vars.color.primaryDark },
});

export const buttonBlock = style({ width: '100%' });

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const label = style({ fontWeight: 600, fontSize: vars.font.size.sm, color: vars.color.text });

// The side padding stops growing with the text at a fiftieth of the screen: at 200 % text on a
// 360 px phone a rem of it on each side took the room of a digit and a half, and a 13-digit phone
// number scrolled its first digits out of sight.
export const input = style({
  minHeight: vars.touch,
  padding: `0 min(${vars.space.sm}, 2vw)`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  width: '100%',
  fontSize: vars.font.size.md,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});

/** Under a field: how its value looks. */
export const fieldHint = style({ color: vars.color.muted, fontSize: vars.font.size.sm });

export const fieldError = style({ color: vars.color.danger, fontSize: vars.font.size.sm });
