// The record links on Profil, and the printable summary: on the phone a column of cards; on
// paper one A4 sheet in black on white, without the top bar, buttons or shadows.
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css.ts';

const PRINT = 'print';

export const links = style({ display: 'grid', gap: vars.space.md });
export const linksTitle = style({ margin: 0, fontSize: vars.font.size.lg, fontWeight: 700 });
export const intro = style({ margin: 0, color: vars.color.muted, fontSize: vars.font.size.sm, lineHeight: 1.5 });
export const done = style({ margin: 0, color: vars.color.success, fontWeight: 600, overflowWrap: 'anywhere' });
export const failed = style({ margin: 0, color: vars.color.danger, fontWeight: 600 });

/** The summary's root: the print rules below apply only while it is on the page. */
export const sheet = style({
  '@media': {
    [PRINT]: { maxWidth: 'none', padding: 0, gap: '0.5rem', fontSize: '0.75rem', lineHeight: 1.3, color: '#000' },
  },
});

export const actions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  '@media': { [PRINT]: { display: 'none' } },
});

/** Shown only on paper: the screen has the top bar's title instead. */
export const printHead = style({
  display: 'none',
  '@media': {
    [PRINT]: { display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'baseline', gap: '0.5rem', borderBottom: '2px solid #000' },
  },
});
export const printTitle = style({ margin: 0, fontSize: '1.125rem', fontWeight: 700 });
export const printMeta = style({ margin: 0 });

export const section = style({
  display: 'grid',
  gap: vars.space.sm,
  minWidth: 0,
  '@media': {
    [PRINT]: { boxShadow: 'none', padding: '0.25rem 0', borderRadius: 0, breakInside: 'avoid', background: 'none' },
  },
});
export const sectionTitle = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  fontWeight: 700,
  color: vars.color.primaryDark,
  '@media': { [PRINT]: { fontSize: '0.875rem', color: '#000', borderBottom: '1px solid #000' } },
});

/** Procedures done and planned: under each other on the phone, side by side on paper (one A4 sheet). */
export const pair = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  '@media': { [PRINT]: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '1rem' } },
});

export const list = style({ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: vars.space.sm, '@media': { [PRINT]: { gap: '0.125rem' } } });
export const item = style({ margin: 0, overflowWrap: 'anywhere', lineHeight: 1.4, '@media': { [PRINT]: { lineHeight: 'inherit' } } });
export const itemMain = style({ fontWeight: 600 });
/** A line of its own on the phone; on paper it follows on the same line, after a ' · ' (one A4 sheet). */
export const nextLine = style({ display: 'block', '@media': { [PRINT]: { display: 'inline' } } });
globalStyle(`${nextLine}::before`, { '@media': { [PRINT]: { content: "' · '" } } });
export const muted = style({ color: vars.color.muted, '@media': { [PRINT]: { color: '#000' } } });

// The lab table: three columns that wrap their words rather than widen the page at 360 px.
export const table = style({ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' });
export const th = style({
  textAlign: 'left',
  overflowWrap: 'anywhere',
  fontSize: vars.font.size.sm,
  color: vars.color.muted,
  padding: `${vars.space.xs} ${vars.space.xs} ${vars.space.xs} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [PRINT]: { fontSize: '0.75rem', color: '#000', padding: '0.0625rem 0.25rem 0.0625rem 0' } },
});
/** The test's name: the widest of the three. */
export const testColumn = style({ width: '40%' });
export const td = style({
  textAlign: 'left',
  fontWeight: 'normal',
  padding: `${vars.space.xs} ${vars.space.xs} ${vars.space.xs} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
  overflowWrap: 'anywhere',
  '@media': { [PRINT]: { padding: '0.0625rem 0.25rem 0.0625rem 0' } },
});
export const flagged = style({ fontWeight: 700, color: vars.color.danger, '@media': { [PRINT]: { color: '#000' } } });

// On paper the identity takes two columns, and its labels the sheet's own size.
globalStyle(`${sheet} dl`, { '@media': { [PRINT]: { gridTemplateColumns: '1fr 1fr', columnGap: '1rem' } } });
globalStyle(`${sheet} dt, ${sheet} dd`, { '@media': { [PRINT]: { fontSize: 'inherit', color: '#000' } } });

// On paper: no top bar, no button, no offline notice; the page's own background white.
globalStyle(`body:has(${sheet}) header, body:has(${sheet}) button`, { '@media': { [PRINT]: { display: 'none' } } });
globalStyle(`body:has(${sheet})`, { '@media': { [PRINT]: { background: '#fff' } } });
