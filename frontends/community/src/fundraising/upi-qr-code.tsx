import { useMemo } from 'react';
import qrcode from 'qrcode-generator';
import styles from './fundraising-page.module.css';

/** Blank modules round the code: the QR spec's quiet zone, so a scanner finds the edges. */
export const QR_QUIET_ZONE = 4;

/**
 * The QR code of `text` as one SVG path: `size` modules square (quiet zone included), each run of
 * dark modules in a row a rectangle. Error correction M survives a scuffed or glary screen; type 0
 * lets the library pick the smallest version that holds the text (a `upi://pay` URL is ASCII).
 */
export function qrSvgPath(text: string): { size: number; path: string } {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  let path = '';
  for (let row = 0; row < count; row += 1) {
    let col = 0;
    while (col < count) {
      if (!qr.isDark(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < count && qr.isDark(row, col)) col += 1;
      const run = col - start;
      path += `M${start + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h${run}v1h-${run}z`;
    }
  }
  return { size: count + 2 * QR_QUIET_ZONE, path };
}

/**
 * The `upi://pay` URL as a QR code a desktop visitor scans with a phone's UPI app: an inline SVG
 * (no canvas, no script), hidden on narrow screens where the visitor taps the link instead.
 * Black on white in every theme: scanners misread light-on-dark codes.
 */
export function UpiQrCode({ url, label }: { url: string; label: string }) {
  const { size, path } = useMemo(() => qrSvgPath(url), [url]);
  return (
    <svg
      className={styles.qr}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
