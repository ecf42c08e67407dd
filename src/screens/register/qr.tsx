// The reference as a QR code for the counter's scanner, drawn as SVG (crisp at any zoom, no
// canvas). lean-qr's nano build encodes it (about 2 KB gzipped); this chunk loads only with the
// success step.
import { generate } from 'lean-qr/nano';

/** One path of the dark modules, with the quiet zone of 4 modules the standard asks for. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const code = generate(text);
  let d = '';
  for (let y = 0; y < code.size; y++) for (let x = 0; x < code.size; x++) if (code.get(x, y)) d += `M${x + 4} ${y + 4}h1v1h-1z`;
  const side = code.size + 8;
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${side} ${side}`} width="176" height="176" shape-rendering="crispEdges" data-qr={text}>
      <rect width={side} height={side} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
