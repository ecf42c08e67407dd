import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css.ts';

export const heading = style({ margin: 0, fontSize: vars.font.size.lg, fontWeight: 700 });
export const intro = style({ margin: 0, color: vars.color.muted, fontSize: vars.font.size.sm, lineHeight: 1.5 });
export const section = style({ display: 'grid', gap: vars.space.md });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.md });
export const item = style({
  display: 'grid',
  gap: vars.space.sm,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
});
export const name = style({ margin: 0, fontWeight: 700, fontSize: vars.font.size.md });
export const here = style({ color: vars.color.primaryDark, fontWeight: 600, fontSize: vars.font.size.sm });
