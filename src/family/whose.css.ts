// Whose.tsx's line: loaded with the screens that show it, not with home.
import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css.ts';

/** Home's line on the other screens, first in the page: not on a printed summary (its identity section says it). */
export const whose = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderLeft: `0.25rem solid ${vars.color.primaryDark}`,
  fontSize: vars.font.size.sm,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  overflowWrap: 'anywhere',
  '@media': { print: { display: 'none' } },
});

export const line = style({ margin: 0 });
