import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const part = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const heading = style({ margin: 0, fontSize: vars.font.size.lg, fontWeight: 700 });
export const help = style({ margin: 0, fontSize: vars.font.size.sm, color: vars.color.text });
export const list = style({ margin: 0, paddingLeft: '1.4em', display: 'flex', flexDirection: 'column', gap: vars.space.xs });

/** Read aloud or typed from it: large, spaced, and wrapping only if the text is very large. */
export const reference = style({
  margin: 0,
  fontSize: vars.font.size.xl,
  fontWeight: 700,
  letterSpacing: '0.12em',
  fontVariantNumeric: 'tabular-nums',
  fontFamily: 'ui-monospace, "Roboto Mono", monospace',
  overflowWrap: 'anywhere',
});

/** White around the code whatever the theme: scanners need the contrast. */
export const qr = style({ alignSelf: 'flex-start', background: '#fff', lineHeight: 0 });
globalStyle(`${qr} svg`, { width: '11rem', height: '11rem', maxWidth: '100%' });

export const facts = style({ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: `${vars.space.xs} ${vars.space.md}` });
globalStyle(`${facts} dt`, { fontWeight: 600 });
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: 'anywhere' });
