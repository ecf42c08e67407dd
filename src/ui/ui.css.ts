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

// One row at any text size: the title wraps inside its own box (within a word only when a word
// is wider than the room left), and the icons stay beside it. At 200 % text on a 360 px phone the
// icons and the gaps keep their size of normal text, so the title keeps the width.
const barGap = `min(${vars.space.sm}, 2.25vw)`;

export const topBar = style({
  position: 'sticky',
  top: 0,
  zIndex: 10,
  display: 'flex',
  alignItems: 'center',
  columnGap: barGap,
  minHeight: 'min(3.5rem, 15.6vw)',
  padding: `${vars.space.xs} ${barGap}`,
  background: vars.color.primaryDark,
  color: vars.color.primaryText,
});

/** Never cut: a long title ('Patologi Klinik & Bank Darah') takes a second line. */
export const topTitle = style({
  flex: '1 1 0',
  minWidth: 0,
  fontSize: vars.font.size.lg,
  fontWeight: 600,
  overflowWrap: 'anywhere',
});

// A touch target of 48 px at normal text on a 360 px phone, not growing with the text beyond
// that, and never under 24 CSS px (WCAG 2.5.8) on a screen zoomed to 180 CSS px.
export const iconButton = style({
  width: `max(24px, min(${vars.touch}, 13.4vw))`,
  height: `min(${vars.touch}, max(48px, 14vw))`,
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

// The icons grow with the text up to what the button holds (their width and height attributes
// are the size before the styles arrive).
globalStyle(`${iconButton} svg`, { width: 'min(1.5rem, 9vw)', height: 'min(1.5rem, 9vw)' });

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

// The box sets every inherited property its text depends on: a dialog may be opened from inside
// a coloured bar (home's logout confirmation is rendered in its white-on-teal top bar) and must
// never take that bar's white text onto its white box.
export const dialog = style({
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.font.size.md,
  fontWeight: 400,
  lineHeight: 1.5,
  textAlign: 'start',
  whiteSpace: 'normal',
  borderRadius: vars.radius.md,
  width: '100%',
  maxWidth: '26.25rem',
  maxHeight: ['90vh', '90dvh'],
  // The title and text scroll when they are long (large text); the buttons stay below them, in
  // view, so the main one is never under the fold.
  display: 'flex',
  flexDirection: 'column',
  overflow: 'hidden',
});

const dialogPad = `min(${vars.space.lg}, 6vw)`;

const fade = 'rgba(255,255,255,0)';
const shade = 'rgba(0,0,0,.28)';

/**
 * The title and the text: what scrolls when the dialog is taller than the screen. A shadow at the
 * bottom edge (and at the top once scrolled) shows there is more: two white covers scroll with the
 * text and hide each shadow where the text ends, so a dialog that fits shows none (no script).
 */
export const dialogScroll = style({
  flex: '0 1 auto',
  minHeight: 0,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  background: [
    `linear-gradient(${vars.color.surface} 30%, ${fade}) center top / 100% 2.5rem no-repeat local`,
    `linear-gradient(${fade}, ${vars.color.surface} 70%) center bottom / 100% 2.5rem no-repeat local`,
    `radial-gradient(farthest-side at 50% 0, ${shade}, ${fade}) center top / 100% 1rem no-repeat scroll`,
    `radial-gradient(farthest-side at 50% 100%, ${shade}, ${fade}) center bottom / 100% 1rem no-repeat scroll`,
  ].join(', '),
  padding: dialogPad,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const dialogTitle = style({ fontSize: vars.font.size.lg, fontWeight: 700 });

// Side by side while they fit; where they do not (large text), one above the other.
export const dialogActions = style({
  flex: 'none',
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  padding: `0 ${dialogPad} ${dialogPad}`,
  // 'Login Berhasil' has none: no space kept for them.
  selectors: { '&:empty': { display: 'none' } },
});

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
