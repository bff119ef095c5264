import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import qrcode from 'qrcode-generator';
import { QR_QUIET_ZONE, UpiQrCode, qrSvgPath } from '../src/fundraising/upi-qr-code';

const url =
  'upi://pay?pa=libraryfund%40sbi&pn=Library+Expansion+Fund&cu=INR&tn=Library+Expansion+Fund&am=500';

/** The dark modules a path draws, read back from its `M{x} {y}h{run}v1h-{run}z` rectangles. */
function darkModules(path: string): Set<string> {
  const cells = new Set<string>();
  for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(run); i += 1) cells.add(`${Number(x) + i},${y}`);
  }
  return cells;
}

describe('UPI QR code', () => {
  it('draws exactly the dark modules of the QR code of the URL, inside a quiet zone', () => {
    const qr = qrcode(0, 'M');
    qr.addData(url, 'Byte');
    qr.make();
    const count = qr.getModuleCount();
    const expected = new Set<string>();
    for (let row = 0; row < count; row += 1)
      for (let col = 0; col < count; col += 1)
        if (qr.isDark(row, col)) expected.add(`${col + QR_QUIET_ZONE},${row + QR_QUIET_ZONE}`);

    const { size, path } = qrSvgPath(url);
    expect(size).toBe(count + 2 * QR_QUIET_ZONE);
    expect(darkModules(path)).toEqual(expected);
    // The top-left finder pattern opens with a run of 7 dark modules just inside the quiet zone.
    expect(path.startsWith(`M${QR_QUIET_ZONE} ${QR_QUIET_ZONE}h7v1h-7z`)).toBe(true);
  });

  it('gives a different code for a different amount', () => {
    expect(qrSvgPath(url).path).not.toBe(qrSvgPath(url.replace('am=500', 'am=501')).path);
  });

  it('renders an inline SVG image with its accessible name, and no canvas or script', () => {
    const { container } = render(
      <UpiQrCode url={url} label="QR code to pay Library Expansion Fund by UPI" />,
    );
    const svg = screen.getByRole('img', { name: 'QR code to pay Library Expansion Fund by UPI' });
    const { size, path } = qrSvgPath(url);
    expect(svg.tagName.toLowerCase()).toBe('svg');
    expect(svg).toHaveAttribute('viewBox', `0 0 ${size} ${size}`);
    expect(svg.querySelector('path')).toHaveAttribute('d', path);
    expect(container.querySelector('canvas, script, foreignObject')).toBeNull();
  });
});
