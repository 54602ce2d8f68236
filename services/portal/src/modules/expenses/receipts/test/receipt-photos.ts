import { jpegToPdf } from '@portal/contracts';

/**
 * Synthetic receipt photos with known totals and dates, for the `ocr` bench part and the tests
 * of the OCR path (built with the portal, as the bench needs it): a receipt drawn as SVG (DejaVu Sans, Serif or Mono; one of three layouts;
 * several total labels and date formats), put on a table, turned up to ±7°, lit unevenly, faded
 * like thermal paper, blurred, saved as JPEG at quality 60–90 and wrapped in a PDF as the phone
 * does. Deterministic for a seed and an anchor instant (the dates are days before it).
 */

/** A seeded sequence (xorshift32 over an FNV-1a hash of the seed): the same photos for the same seed. */
class Seeded {
  private state: number;

  constructor(seed: string) {
    let hash = 0x811c9dc5;
    for (const char of seed) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
    this.state = hash || 1;
  }

  next(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state / 0x1_0000_0000;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
}

const FONTS = ['DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Mono'] as const;
const VENDORS = [
  'Corner Diner',
  'Maple Leaf Taxi',
  'Harbour View Hotel',
  'Northside Office Supply',
  'Blue Door Cafe',
  'Prairie Fuel & Go',
  'Granville Books',
  'Summit Parking Ltd',
] as const;
const ITEMS = [
  'Coffee',
  'Sandwich',
  'Parking',
  'Paper A4',
  'Taxi fare',
  'Room night',
  'Lunch special',
  'Fuel',
];
const TOTAL_LABELS = ['TOTAL', 'AMOUNT DUE', 'BALANCE DUE', 'GRAND TOTAL', 'Total'] as const;
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** The date formats receipts print, each with the locale that reads it. */
export const DATE_STYLES = ['iso', 'us', 'day-first', 'month-name', 'day-month-name'] as const;
export type DateStyle = (typeof DATE_STYLES)[number];

export interface ReceiptPhotoOptions {
  /** The instant the receipts' dates are days before. */
  readonly anchor: Date;
  /** The number of the receipt in its set: one seed, many different receipts. */
  readonly index: number;
  readonly seed?: string;
  /** How many days before the anchor the receipt is dated (default: a seeded 1 to 400). */
  readonly daysBack?: number;
  /** Leave out blur, fade, uneven light and JPEG loss; the photo is still held 3° askew (a quick test). */
  readonly clean?: boolean;
}

export interface ReceiptPhoto {
  readonly jpeg: Uint8Array;
  /** The JPEG wrapped in a one-page PDF, as the web uploads a photo. */
  readonly pdf: Uint8Array;
  readonly width: number;
  readonly height: number;
  /** What the receipt says: its total ('12.34'), date ('YYYY-MM-DD'), vendor. */
  readonly total: string;
  readonly date: string;
  readonly vendor: string;
  readonly dateStyle: DateStyle;
  /** The Accept-Language that reads its date as printed ('en-GB' for day-first dates). */
  readonly locale: string;
  readonly font: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const money = (cents: number) => `${Math.floor(cents / 100)}.${pad(cents % 100)}`;
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function printedDate(date: Date, style: DateStyle): string {
  const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
  switch (style) {
    case 'iso':
      return `${y}-${pad(m)}-${pad(d)}`;
    case 'us':
      return `${pad(m)}/${pad(d)}/${y}`;
    case 'day-first':
      return `${pad(d)}/${pad(m)}/${pad(y % 100)}`;
    case 'month-name':
      return `${MONTHS[m - 1].charAt(0)}${MONTHS[m - 1].slice(1).toLowerCase()} ${d} ${y}`;
    case 'day-month-name':
      return `${d} ${MONTHS[m - 1]} ${pad(y % 100)}`;
  }
}

interface Line {
  readonly left: string;
  readonly right?: string;
  readonly center?: boolean;
  readonly bold?: boolean;
}

/** The receipt's lines: vendor, address, date, items, subtotal, tax, total, a closing line. */
function receiptLines(random: Seeded, anchor: Date, index: number, daysBack?: number) {
  const vendor = VENDORS[index % VENDORS.length];
  const dateStyle = DATE_STYLES[Math.floor(index / VENDORS.length) % DATE_STYLES.length];
  const back = random.int(1, 400);
  const day = new Date(anchor.getTime() - (daysBack ?? back) * 86_400_000);
  const date = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
  const mark = random.pick(['', '', '$', 'CAD ', 'USD ', 'C$', '€']);
  const items = Array.from({ length: random.int(2, 5) }, () => ({
    name: random.pick(ITEMS),
    cents: random.int(150, 8999),
  }));
  const subtotal = items.reduce((sum, item) => sum + item.cents, 0);
  const tax = Math.round((subtotal * random.pick([5, 12, 13, 15])) / 100);
  const total = subtotal + tax;
  const totalLabel = random.pick(TOTAL_LABELS);
  const twoLineTotal = random.next() < 0.25;
  const time = `${pad(random.int(7, 21))}:${pad(random.int(0, 59))}`;
  const lines: Line[] = [
    { left: vendor, center: true, bold: true },
    { left: `${random.int(10, 9999)} ${random.pick(['Main St', 'King Ave', 'Harbour Rd'])}`, center: true },
    { left: '' },
    random.next() < 0.5
      ? { left: `Date: ${printedDate(day, dateStyle)}`, right: time }
      : { left: `${printedDate(day, dateStyle)} ${time}` },
    { left: `Receipt #${random.int(1000, 99999)}` },
    { left: '' },
    ...items.map((item) => ({ left: item.name, right: `${mark}${money(item.cents)}` })),
    { left: '' },
    { left: 'Subtotal', right: money(subtotal) },
    { left: `Tax ${random.pick(['GST', 'HST', 'VAT'])}`, right: money(tax) },
    ...(twoLineTotal
      ? [
          { left: totalLabel, bold: true },
          { left: '', right: `${mark}${money(total)}`, bold: true },
        ]
      : [{ left: totalLabel, right: `${mark}${money(total)}`, bold: true }]),
    { left: '' },
    { left: random.pick(['Thank you!', 'Please come again', 'Customer copy']), center: true },
  ];
  return { lines, vendor, date, dateStyle, total: money(total) };
}

const LOCALE_OF: Record<DateStyle, string> = {
  iso: 'en-CA',
  us: 'en-US',
  'day-first': 'en-GB',
  'month-name': 'en-US',
  'day-month-name': 'en-GB',
};

/** One synthetic receipt photo (see the file's comment); `index` picks vendor, format and seed. */
export async function receiptPhoto(options: ReceiptPhotoOptions): Promise<ReceiptPhoto> {
  const { default: sharp } = await import('sharp');
  const random = new Seeded(`${options.seed ?? 'receipt-photo'}:${options.index}`);
  const receipt = receiptLines(random, options.anchor, options.index, options.daysBack);
  const clean = options.clean === true;
  const font = FONTS[options.index % FONTS.length];
  const fontSize = random.int(24, 32);
  const lineHeight = Math.round(fontSize * 1.45);
  const paperWidth = random.int(26, 30) * fontSize;
  const paperHeight = (receipt.lines.length + 2) * lineHeight;
  const margin = random.int(50, 140);
  const width = paperWidth + 2 * margin;
  const height = paperHeight + 2 * margin;
  const angle = clean ? 3 : (random.next() * 2 - 1) * 7;
  const ink = clean ? 20 : random.int(20, 125); // thermal fade: up to a light grey print
  const paper = clean ? 250 : random.int(226, 250);
  const table = random.int(60, 140);
  const shade = clean ? 0 : 0.2 + random.next() * 0.35;
  const lightAngle = random.int(0, 359);

  const text = receipt.lines
    .map((line, i) => {
      const y = margin + lineHeight * (i + 1.6);
      const weight = line.bold ? ' font-weight="bold"' : '';
      const left = line.center
        ? `<text x="${margin + paperWidth / 2}" y="${y}" text-anchor="middle"${weight}>${escape(line.left)}</text>`
        : `<text x="${margin + fontSize}" y="${y}"${weight}>${escape(line.left)}</text>`;
      const right = line.right
        ? `<text x="${margin + paperWidth - fontSize}" y="${y}" text-anchor="end"${weight}>${escape(line.right)}</text>`
        : '';
      return left + right;
    })
    .join('');
  const grey = (v: number) => `rgb(${v},${v},${v})`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="light" gradientTransform="rotate(${lightAngle} 0.5 0.5)">` +
    `<stop offset="0" stop-color="black" stop-opacity="0"/><stop offset="1" stop-color="black" stop-opacity="${shade.toFixed(2)}"/>` +
    `</linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="${grey(table)}"/>` +
    `<g transform="rotate(${angle.toFixed(2)} ${width / 2} ${height / 2})">` +
    `<rect x="${margin}" y="${margin}" width="${paperWidth}" height="${paperHeight}" fill="${grey(paper)}"/>` +
    `<g font-family="${font}" font-size="${fontSize}" fill="${grey(ink)}" xml:space="preserve">${text}</g></g>` +
    `<rect width="100%" height="100%" fill="url(#light)"/></svg>`;

  let image = sharp(Buffer.from(svg));
  if (!clean) image = image.blur(0.3 + random.next() * 1.2);
  const quality = clean ? 90 : random.int(60, 90);
  const jpeg = new Uint8Array(await image.jpeg({ quality }).toBuffer());
  return {
    jpeg,
    pdf: jpegToPdf({ bytes: jpeg, width, height }),
    width,
    height,
    total: receipt.total,
    date: receipt.date,
    vendor: receipt.vendor,
    dateStyle: receipt.dateStyle,
    locale: LOCALE_OF[receipt.dateStyle],
    font,
  };
}
