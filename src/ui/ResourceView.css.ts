// The connection notice under a read the server could not answer: the message, and the button
// that calls again.
import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const retry = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  padding: vars.space.sm,
  textAlign: 'center',
});

export const retryText = style({ margin: 0, fontWeight: 600, color: vars.color.text });

/** An answer with nothing in it, where that is the usual day: the spec's banner, calm, and a sentence. */
export const calm = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.sm,
  background: vars.color.background,
  borderLeft: `0.25rem solid ${vars.color.primary}`,
});
export const calmBanner = style({ margin: 0, fontWeight: 600, color: vars.color.text });
export const calmText = style({ margin: 0, color: vars.color.muted });
