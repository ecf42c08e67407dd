import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const header = style({
  background: vars.color.primaryDark,
  color: vars.color.primaryText,
  padding: `${vars.space.lg} ${vars.space.md}`,
  textAlign: 'center',
});

export const appName = style({ fontSize: vars.font.size.xl, fontWeight: 700 });
export const subtitle = style({ margin: `${vars.space.xs} 0 0`, fontSize: vars.font.size.sm });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

/** Space held for the notification notice, so it appears without moving anything. */
export const noticeSlot = style({ minHeight: '6rem' });

const notice = {
  display: 'block',
  width: '100%',
  padding: vars.space.md,
  borderRadius: vars.radius.sm,
  fontWeight: 600,
  textAlign: 'left',
  fontSize: vars.font.size.sm,
  border: 0,
} as const;

export const granted = style({ ...notice, background: vars.color.successBg, color: vars.color.success });
export const denied = style({ ...notice, background: vars.color.dangerBg, color: vars.color.danger, cursor: 'pointer', textDecoration: 'underline' });

export const footer = style({ textAlign: 'center', fontSize: vars.font.size.sm, color: vars.color.muted, padding: vars.space.md });

export const installBar = style({
  position: 'fixed',
  left: 0,
  right: 0,
  bottom: 0,
  zIndex: 20,
  display: 'flex',
  justifyContent: 'center',
  padding: vars.space.sm,
  background: vars.color.surface,
  boxShadow: '0 -2px 6px rgba(0,0,0,.15)',
});

export const steps = style({ margin: 0, paddingLeft: '1.4em', display: 'flex', flexDirection: 'column', gap: vars.space.sm });

/** A plain link under the form's buttons (Cek status pendaftaran): a full touch target, underlined. */
export const link = style({
  alignSelf: 'center',
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.touch,
  padding: `0 ${vars.space.sm}`,
  color: vars.color.primaryDark,
  textDecoration: 'underline',
  textAlign: 'center',
});
