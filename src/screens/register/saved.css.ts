import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const part = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const heading = style({ margin: 0, fontSize: vars.font.size.lg, fontWeight: 700 });
export const help = style({ margin: 0, fontSize: vars.font.size.sm, color: vars.color.text });
export const list = style({ margin: 0, paddingLeft: '1.4em', display: 'flex', flexDirection: 'column', gap: vars.space.xs });

/** Read aloud or typed from it: bold, spaced, on one line (ten characters fit at 200 % text on 360 px). */
export const reference = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  fontWeight: 700,
  letterSpacing: '0.08em',
  fontFamily: 'ui-monospace, "Roboto Mono", monospace',
  whiteSpace: 'nowrap',
});

/** White around the code whatever the theme: scanners need the contrast. */
export const qr = style({ alignSelf: 'flex-start', background: '#fff', lineHeight: 0 });
globalStyle(`${qr} svg`, { width: '11rem', height: '11rem', maxWidth: '100%' });

/** Each term above its value: a long place keeps the whole width at 200 % text. */
export const facts = style({ margin: 0 });
globalStyle(`${facts} dt`, { fontWeight: 600 });
globalStyle(`${facts} dd`, { margin: `0 0 ${vars.space.sm}`, overflowWrap: 'break-word' });
