// The lab trend's chart (Trend.tsx): loaded with the lab result alone, not with every record list.
import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

/** The chart and its value labels; room above and below for a label over the top or under the bottom point. */
export const plot = style({ position: 'relative', maxWidth: '24rem', margin: '1.6rem 0' });
export const chart = style({ display: 'block', width: '100%', height: 'auto', overflow: 'visible' });
export const band = style({ fill: vars.color.successBg });
export const line = style({ fill: 'none', stroke: vars.color.primaryDark, strokeWidth: 2 });
/** A point's mark, in its flag's colour (high, low, normal above). */
export const mark = style({ fill: 'currentColor' });
/** A point's value, at the point (left and top set per point, --x by where it sits, --y by Trend's placing). */
export const pointValue = style({
  position: 'absolute',
  vars: { '--x': '-50%', '--y': 'calc(-100% - 0.3rem)' },
  transform: 'translate(var(--x), var(--y))',
  padding: '0 0.125rem',
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  fontSize: vars.font.size.sm,
  lineHeight: 1.2,
  whiteSpace: 'nowrap',
});
/** Which mark is which: the shapes in words. */
export const key = style({ margin: 0, display: 'flex', flexWrap: 'wrap', columnGap: vars.space.md, fontSize: vars.font.size.sm });
