import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css.ts';

export const title = style({ fontSize: vars.font.size.lg, marginBottom: vars.space.xs });

/** A booking the hospital cancelled: marked at its edge, its state in words beside it. */
export const cancelled = style({ borderLeft: `4px solid ${vars.color.danger}`, display: 'grid', gap: vars.space.sm });

export const badge = style({ margin: 0, fontWeight: 700, color: vars.color.danger });

export const choices = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });

/** A seat held for the patient. */
export const offered = style({ borderLeft: `4px solid ${vars.color.primaryDark}`, display: 'grid', gap: vars.space.sm });

export const offer = style({ fontWeight: 700, color: vars.color.primaryDark });

export const said = style({ margin: 0, fontWeight: 600 });

// The card's own spacing (its grid gap) between its lines, not the paragraphs' margins as well.
globalStyle(`${cancelled} p, ${offered} p`, { margin: 0 });
