import { globalStyle, style } from '@vanilla-extract/css';
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

globalStyle(`${toggle} svg`, { width: '1.25rem', height: '1.25rem', flex: 'none' });

export const hint = style({ fontSize: vars.font.size.sm, color: vars.color.muted });

// The calendar opens in a card (both booking forms) and takes the card's padding too: seven
// days in 328 px of a 360 px phone are 46 px wide each, in the card's inner width only 42.
export const panel = style({
  containerType: 'inline-size',
  marginInline: `calc(-1 * ${vars.space.gutter})`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: `${vars.space.xs} 0`,
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
  fontSize: '1.75rem',
  lineHeight: 1,
  cursor: 'pointer',
  selectors: { '&:disabled': { color: vars.color.border, cursor: 'not-allowed' } },
});

export const grid = style({ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' });
globalStyle(`${grid} td`, { padding: 0 });

/**
 * 'Sen' … 'Min' whole at every text size: the small size grows with the text until the widest,
 * 'Kam', fills a column (a seventh of the calendar: 5.6 % of its width a letter's height; 6.8 %
 * overlapped 'Kam' and 'Jum' in Chromium at 200 %), then stays there: at 200 % text on a 360 px
 * phone about 18 px, a third more than normal.
 */
export const weekday = style({
  fontSize: `min(${vars.font.size.sm}, 5.6cqi)`,
  fontWeight: 600,
  color: vars.color.muted,
  padding: `${vars.space.xs} 0`,
  whiteSpace: 'nowrap',
});

export const day = style({
  display: 'block',
  width: '100%',
  padding: 0,
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
  // Two digits at large text in a narrow column: a size smaller keeps neighbours apart.
  '@container': { '(max-width: 14em)': { fontSize: vars.font.size.sm } },
});

export const today = style({ borderColor: vars.color.border });

export const selected = style({
  background: vars.color.primaryDark,
  color: vars.color.primaryText,
  borderColor: vars.color.primaryDark,
});
