import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css.ts';

/** The card's actions under an appointment: the room link on its own line, the two buttons side by side. */
export const actions = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, marginTop: vars.space.md });

// Side by side at normal text; under each other where large text leaves less than 8rem each.
export const buttons = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(8rem, 100%), 1fr))', gap: vars.space.sm });

export const note = style({ margin: 0, color: vars.color.muted, fontSize: vars.font.size.sm });

export const reasons = style({ border: 0, margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });

export const legend = style({ padding: 0, marginBottom: vars.space.xs, fontWeight: 600 });

/** A reason: the whole line is the radio's target, as tall as a touch target. */
export const choice = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.touch,
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
});

export const radio = style({ width: '1.25rem', height: '1.25rem', margin: 0, flex: 'none', accentColor: vars.color.primaryDark });

export const textarea = style({
  minHeight: '5rem',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  width: '100%',
  resize: 'vertical',
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});

export const sending = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, margin: 0, color: vars.color.muted });

export const heading = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.font.size.md, fontWeight: 700 });

/** Poli Online: an online appointment booked through the app, still ahead or cancelled. */
export const statusScheduled = style({ margin: `${vars.space.sm} 0 0`, color: vars.color.success });
export const statusCancelled = style({ margin: `${vars.space.sm} 0 0`, color: vars.color.danger });
