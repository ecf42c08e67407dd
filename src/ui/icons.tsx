// Inline SVG icons (no icon font to download). Decorative: the control carries the label. Home's
// own icons live beside it (screens/home/icons.tsx), so the login page does not carry them.
export const svg = (d: string) => () => (
  <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d={d} fill="currentColor" />
  </svg>
);

export const BackIcon = svg('M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20v-2z');
