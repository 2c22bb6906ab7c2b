/**
 * A QR code of a link, drawn on the device (uqr's encoder, no network, no innerHTML): one SVG
 * path of dark modules on a white square with a quiet zone, so phone cameras read it on the dark
 * theme too. Error correction M (15 %): a join link of ~40 characters stays a version 3 code
 * (29 modules), about 7 px a module at 220 px; a TV link (~75 characters) is a version 5 code.
 * Shared by the join sheet and the TV sheet; each loads it lazily with its sheet, so the encoder
 * is not in the playmat's chunk.
 */
import { useMemo } from 'react';
import { encode } from 'uqr';

/** The path of the dark modules of `text`'s QR code, and its side in modules (quiet zone included). */
export function qrPath(text: string): { d: string; size: number } {
  const { data, size } = encode(text, { ecc: 'M', border: 2 });
  let d = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    });
  });
  return { d, size };
}

/** `className` sizes it (the caller's stylesheet). */
export function QrCode({ text, label, className }: { text: string; label: string; className: string }) {
  const { d, size } = useMemo(() => qrPath(text), [text]);
  return (
    <svg className={className} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
