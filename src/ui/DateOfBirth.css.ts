import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const fieldset = style({ border: 0, margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });
export const legend = style({ padding: 0 });
// Day, month and year side by side while each keeps room for its label at the text size; at
// large text on a narrow phone they wrap under each other rather than overlap their labels.
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const part = style({ display: 'flex', flexDirection: 'column', flex: '1 1 4.5rem', minWidth: 0 });
export const month = style({ display: 'flex', flexDirection: 'column', flex: '2 1 7rem', minWidth: 0 });
export const small = style({ fontSize: vars.font.size.sm, color: vars.color.muted });
