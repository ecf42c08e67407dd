import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

/** The privacy notice and its checkbox: one class, its parts styled through it (fewer bytes). */
export const privacy = style({ border: 0, margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm, fontSize: vars.font.size.sm });

globalStyle(`${privacy} p`, { margin: 0, color: vars.color.muted });

// The whole line is the checkbox's label, so the touch target is as wide as the text.
globalStyle(`${privacy} label`, { display: 'flex', gap: vars.space.sm, alignItems: 'flex-start', minHeight: vars.touch });

globalStyle(`${privacy} input`, { width: '1.5rem', height: '1.5rem', margin: 0, flexShrink: 0, accentColor: vars.color.primaryDark });
