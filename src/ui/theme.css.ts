// Design tokens, once. System fonts only: nothing to download before text can paint.
// Sizes that carry or box text are in rem, so they follow the phone's font setting (the root font
// size); borders and radii stay in px. The gutter between the screen's edge and the content is
// 1rem until that would take more than a twentieth of the screen's width: at large text on a
// narrow phone the text keeps the width instead of the margins.
import { createGlobalTheme } from '@vanilla-extract/css';

export const vars = createGlobalTheme(':root', {
  color: {
    primary: '#3b9ca5',
    primaryDark: '#1f6f77',
    primaryText: '#ffffff',
    text: '#1d2a2c',
    muted: '#4e5d60',
    surface: '#ffffff',
    background: '#f1f6f7',
    border: '#c9d6d8',
    danger: '#b3261e',
    dangerBg: '#fdecea',
    success: '#1b6e34',
    successBg: '#e6f4ea',
  },
  space: { xs: '0.25rem', sm: '0.5rem', md: '1rem', lg: '1.5rem', xl: '2rem', gutter: 'min(1rem, 5vw)' },
  radius: { sm: '6px', md: '10px', lg: '16px' },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
    size: { sm: '0.875rem', md: '1rem', lg: '1.125rem', xl: '1.375rem' },
  },
  touch: '3rem',
});
