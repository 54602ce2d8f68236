import sharp from 'sharp';
import { skewAngle } from './deskew';

/** Lines of text on white, turned by `degrees` (clockwise) as a photo held askew. */
async function turnedText(degrees: number) {
  const lines = Array.from(
    { length: 12 },
    (_, i) =>
      `<text x="40" y="${60 + i * 40}" font-family="DejaVu Sans" font-size="26">Item ${i} Coffee and a sandwich 12.${i}0</text>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="700" height="560"><rect width="100%" height="100%" fill="white"/>${lines}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .rotate(degrees, { background: '#ffffff' })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { pixels: new Uint8Array(data), width: info.width, height: info.height };
}

describe('skewAngle', () => {
  it.each([0, 4, -6.5, 7])('finds text turned by %s° within half a degree', async (degrees) => {
    expect(Math.abs(skewAngle(await turnedText(degrees)) - degrees)).toBeLessThanOrEqual(0.5);
  });

  it('answers 0 for a blank page', () => {
    expect(skewAngle({ pixels: new Uint8Array(400 * 300).fill(255), width: 400, height: 300 })).toBe(0);
  });
});
