import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const fields = style({ margin: 0, display: 'grid', gridTemplateColumns: 'minmax(96px, auto) 1fr', gap: `${vars.space.xs} ${vars.space.md}` });
export const term = style({ color: vars.color.muted, fontSize: vars.font.size.sm });
export const value = style({ margin: 0, fontWeight: 500, overflowWrap: 'anywhere' });
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
  minHeight: '72px',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  boxShadow: '0 1px 3px rgba(0,0,0,.12)',
  color: vars.color.primaryDark,
  fontSize: vars.font.size.lg,
  fontWeight: 600,
  textDecoration: 'none',
});

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.size.sm });
export const th = style({ textAlign: 'left', padding: vars.space.xs, borderBottom: `2px solid ${vars.color.border}`, color: vars.color.muted });
export const td = style({ textAlign: 'left', padding: vars.space.xs, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'top' });
export const high = style({ color: vars.color.danger, fontWeight: 700 });
export const low = style({ color: '#0b57d0', fontWeight: 700 });
export const scroll = style({ overflowX: 'auto' });
