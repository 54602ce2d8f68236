/**
 * The skew of a photo's text lines, measured on a small greyscale copy: for each candidate angle
 * the image's horizontal contrast (the edges of the letters' strokes) is summed along lines at
 * that angle; where the lines run along the text, the sums peak on the text lines and fall to
 * nothing between them, so the angle whose sums vary most is the text's. Pure: bytes in, degrees out.
 */

/** The angles tried: ±10° in half degrees (the photos are within ±7°). */
const MAX_DEGREES = 10;
const STEP_DEGREES = 0.5;
/** A pixel counts as a stroke's edge when it differs from its right neighbour by this much (0–255). */
const EDGE = 40;

export interface GreyImage {
  /** One byte a pixel, row after row. */
  readonly pixels: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/** The angle in degrees (positive: the text runs down to the right, clockwise) that levels the text; 0 when no text is found. */
export function skewAngle({ pixels, width, height }: GreyImage): number {
  const edgeX: number[] = [];
  const edgeY: number[] = [];
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x + 1 < width; x++) {
      if (Math.abs(pixels[row + x] - pixels[row + x + 1]) >= EDGE) {
        edgeX.push(x);
        edgeY.push(y);
      }
    }
  }
  if (edgeX.length < 50) return 0;
  const diagonal = Math.ceil(Math.hypot(width, height));
  let best = { angle: 0, score: -1 };
  for (let degrees = -MAX_DEGREES; degrees <= MAX_DEGREES + 1e-9; degrees += STEP_DEGREES) {
    const radians = (degrees * Math.PI) / 180;
    const [sin, cos] = [Math.sin(radians), Math.cos(radians)];
    const rows = new Float64Array(2 * diagonal + 1);
    for (let i = 0; i < edgeX.length; i++) {
      // The row the edge falls on once the image is turned by -degrees.
      rows[Math.round(edgeY[i] * cos - edgeX[i] * sin) + diagonal]++;
    }
    let score = 0;
    for (let r = 1; r < rows.length; r++) score += (rows[r] - rows[r - 1]) ** 2;
    if (score > best.score) best = { angle: degrees, score };
  }
  return best.angle;
}
