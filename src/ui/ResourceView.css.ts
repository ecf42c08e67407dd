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
