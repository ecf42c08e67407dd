import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  display: 'inline-block',
  width: '1.5rem',
  height: '1.5rem',
  border: `3px solid ${vars.color.border}`,
  borderTopColor: vars.color.primary,
  borderRadius: '50%',
  animation: `${spin} .8s linear infinite`,
  flex: 'none',
});

export const spinnerSmall = style({ width: '1.125rem', height: '1.125rem', borderWidth: '2px', borderTopColor: 'currentColor' });

export const center = style({
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.lg,
  color: vars.color.muted,
});

export const banner = style({
  background: vars.color.dangerBg,
  color: vars.color.danger,
  borderRadius: vars.radius.sm,
  padding: vars.space.md,
  fontWeight: 600,
});

/** A list waiting for the connection: calm, not an error. */
export const waiting = style({ margin: 0, padding: vars.space.md, color: vars.color.muted, textAlign: 'center' });

export const topBar = style({
  position: 'sticky',
  top: 0,
  zIndex: 10,
  display: 'flex',
  alignItems: 'center',
  // Large text on a narrow phone: the title wraps to more lines, and where even its longest word
  // does not fit beside the buttons, the buttons after it move to a row of their own (right).
  flexWrap: 'wrap',
  columnGap: vars.space.sm,
  minHeight: '3.5rem',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  background: vars.color.primaryDark,
  color: vars.color.primaryText,
});

/** Never cut: a long title ('Patologi Klinik & Bank Darah') takes a second line. */
export const topTitle = style({
  flex: '1 1 0',
  maxWidth: '100%',
  fontSize: vars.font.size.lg,
  fontWeight: 600,
  overflowWrap: 'break-word',
});

// As tall as a touch target at the text size; as wide only where the screen has room, never
// under 48 px: at large text the title beside it keeps the width.
export const iconButton = style({
  width: `min(${vars.touch}, max(48px, 14vw))`,
  height: vars.touch,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  border: 0,
  borderRadius: '50%',
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  flex: 'none',
});

// The icons grow with the text they stand beside (their width and height attributes are the
// size before the styles arrive).
globalStyle(`${iconButton} svg`, { width: '1.5rem', height: '1.5rem' });
globalStyle(`${topTitle} ~ ${iconButton}`, { marginLeft: 'auto' });
globalStyle(`${topTitle} ~ ${iconButton} ~ ${iconButton}`, { marginLeft: 0 });

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: 50,
  background: 'rgba(0,0,0,.45)',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.gutter,
});

export const dialog = style({
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  padding: `min(${vars.space.lg}, 6vw)`,
  width: '100%',
  maxWidth: '26.25rem',
  maxHeight: '90vh',
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const dialogTitle = style({ fontSize: vars.font.size.lg, fontWeight: 700 });

export const dialogActions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm, flexWrap: 'wrap' });

export const toastStack = style({
  position: 'fixed',
  left: vars.space.md,
  right: vars.space.md,
  bottom: vars.space.md,
  zIndex: 60,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  alignItems: 'center',
  pointerEvents: 'none',
});

export const toast = style({
  background: '#263238',
  color: '#fff',
  borderRadius: vars.radius.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  maxWidth: '30rem',
  width: '100%',
  boxShadow: '0 2px 8px rgba(0,0,0,.3)',
  pointerEvents: 'auto',
});

export const toastSuccess = style({ background: vars.color.success });
export const toastError = style({ background: vars.color.danger });

export const offline = style({
  background: '#fff4e5',
  color: '#6b3e00',
  padding: `${vars.space.sm} ${vars.space.md}`,
  textAlign: 'center',
  fontSize: vars.font.size.sm,
  fontWeight: 600,
});

/** The message of a screen that could not be downloaded: the banner, in the page's flow. */
export const screenError = style({ margin: 0, textAlign: 'center', lineHeight: 1.5 });
