import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css.ts';

export const section = style({ display: 'grid', gap: vars.space.md });
export const title = style({ margin: 0, fontSize: vars.font.size.lg, fontWeight: 700 });
export const intro = style({ margin: 0, color: vars.color.muted, fontSize: vars.font.size.sm, lineHeight: 1.5 });
export const group = style({ border: 0, margin: 0, padding: 0, display: 'grid', gap: vars.space.xs, minWidth: 0 });
export const legend = style({ padding: 0, marginBottom: vars.space.xs, fontWeight: 600 });
/** The whole line is the control's target, as tall as a touch target; long text wraps. */
export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.touch,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  overflowWrap: 'anywhere',
});
export const box = style({ width: '1.25rem', height: '1.25rem', margin: 0, flex: 'none', accentColor: vars.color.primaryDark });
export const note = style({ margin: 0, fontSize: vars.font.size.sm, lineHeight: 1.5 });
export const failed = style({ margin: 0, color: vars.color.danger, fontSize: vars.font.size.sm });
