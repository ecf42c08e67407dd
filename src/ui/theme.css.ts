// Design tokens, once. System fonts only: nothing to download before text can paint.
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
  space: { xs: '4px', sm: '8px', md: '16px', lg: '24px', xl: '32px' },
  radius: { sm: '6px', md: '10px', lg: '16px' },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
    size: { sm: '14px', md: '16px', lg: '18px', xl: '22px' },
  },
  touch: '48px',
});
