import zlib from 'node:zlib';
import { fromCents, toCents } from '@sbwq/contracts';

/**
 * Pictures for the demo data, drawn in code: mark images (an emblem per 商标名称, with the word itself
 * when it is Latin) and document scans (营业执照, 备案证明, 开户许可证) as PNG, and a one-page PDF that
 * shows such a scan (执业许可证). No font is needed: Latin letters and digits come from a 5×7 bitmap.
 */

type Rgb = readonly [number, number, number];

/** 5×7 glyphs, one string of five bits per row. */
const GLYPHS: Record<string, string> = {
  A: '01110 10001 10001 11111 10001 10001 10001',
  B: '11110 10001 10001 11110 10001 10001 11110',
  C: '01110 10001 10000 10000 10000 10001 01110',
  D: '11110 10001 10001 10001 10001 10001 11110',
  E: '11111 10000 10000 11110 10000 10000 11111',
  F: '11111 10000 10000 11110 10000 10000 10000',
  G: '01110 10001 10000 10111 10001 10001 01111',
  H: '10001 10001 10001 11111 10001 10001 10001',
  I: '01110 00100 00100 00100 00100 00100 01110',
  J: '00111 00010 00010 00010 00010 10010 01100',
  K: '10001 10010 10100 11000 10100 10010 10001',
  L: '10000 10000 10000 10000 10000 10000 11111',
  M: '10001 11011 10101 10101 10001 10001 10001',
  N: '10001 10001 11001 10101 10011 10001 10001',
  O: '01110 10001 10001 10001 10001 10001 01110',
  P: '11110 10001 10001 11110 10000 10000 10000',
  Q: '01110 10001 10001 10001 10101 10010 01101',
  R: '11110 10001 10001 11110 10100 10010 10001',
  S: '01111 10000 10000 01110 00001 00001 11110',
  T: '11111 00100 00100 00100 00100 00100 00100',
  U: '10001 10001 10001 10001 10001 10001 01110',
  V: '10001 10001 10001 10001 10001 01010 00100',
  W: '10001 10001 10001 10101 10101 10101 01010',
  X: '10001 10001 01010 00100 01010 10001 10001',
  Y: '10001 10001 01010 00100 00100 00100 00100',
  Z: '11111 00001 00010 00100 01000 10000 11111',
  '0': '01110 10001 10011 10101 11001 10001 01110',
  '1': '00100 01100 00100 00100 00100 00100 01110',
  '2': '01110 10001 00001 00010 00100 01000 11111',
  '3': '11111 00010 00100 00010 00001 10001 01110',
  '4': '00010 00110 01010 10010 11111 00010 00010',
  '5': '11111 10000 11110 00001 00001 10001 01110',
  '6': '00110 01000 10000 11110 10001 10001 01110',
  '7': '11111 00001 00010 00100 01000 01000 01000',
  '8': '01110 10001 10001 01110 10001 10001 01110',
  '9': '01110 10001 10001 01111 00001 00010 01100',
  '-': '00000 00000 00000 11111 00000 00000 00000',
  ' ': '00000 00000 00000 00000 00000 00000 00000',
  '.': '00000 00000 00000 00000 00000 01100 01100',
  ',': '00000 00000 00000 00000 01100 00100 01000',
  ':': '00000 01100 01100 00000 01100 01100 00000',
  '/': '00001 00001 00010 00100 01000 10000 10000',
  '*': '00000 00100 10101 01110 10101 00100 00000',
};

class Canvas {
  readonly pixels: Buffer;
  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = Buffer.alloc(width * height * 3);
    this.fill(0, 0, width, height, background);
  }

  fill(x: number, y: number, w: number, h: number, [r, g, b]: Rgb) {
    const [xs, xe] = [Math.max(0, Math.round(x)), Math.min(this.width, Math.round(x + w))];
    const [ys, ye] = [Math.max(0, Math.round(y)), Math.min(this.height, Math.round(y + h))];
    if (xs >= xe || ys >= ye) return;
    for (let i = xs; i < xe; i++) {
      const at = (ys * this.width + i) * 3;
      this.pixels[at] = r;
      this.pixels[at + 1] = g;
      this.pixels[at + 2] = b;
    }
    // the first row is drawn pixel by pixel, the others are copies of it
    const [start, end] = [(ys * this.width + xs) * 3, (ys * this.width + xe) * 3];
    for (let j = ys + 1; j < ye; j++) this.pixels.copyWithin((j * this.width + xs) * 3, start, end);
  }

  /** The spans of a circle's rows: for each row crossing it, `span(y, half width at that row)`. */
  private rows(cy: number, r: number, span: (y: number, half: number) => void) {
    for (let y = Math.max(0, Math.floor(cy - r)); y < Math.min(this.height, Math.ceil(cy + r)); y++) {
      const dy = y + 0.5 - cy;
      if (dy * dy <= r * r) span(y, Math.sqrt(r * r - dy * dy));
    }
  }

  disc(cx: number, cy: number, r: number, color: Rgb) {
    this.rows(cy, r, (y, half) => this.fill(cx - half, y, 2 * half, 1, color));
  }

  ring(cx: number, cy: number, r: number, width: number, color: Rgb) {
    const inner = r - width;
    this.rows(cy, r, (y, half) => {
      const dy = y + 0.5 - cy;
      const innerHalf = dy * dy < inner * inner ? Math.sqrt(inner * inner - dy * dy) : 0;
      this.fill(cx - half, y, half - innerHalf, 1, color);
      this.fill(cx + innerHalf, y, half - innerHalf, 1, color);
    });
  }

  /** A regular polygon (`sides` corners) of radius r, turned by `turn` radians; filled a scanline at a time. */
  polygon(cx: number, cy: number, r: number, sides: number, turn: number, color: Rgb) {
    const corners = Array.from({ length: sides }, (_, k) => [
      cx + r * Math.cos(turn + (2 * Math.PI * k) / sides),
      cy + r * Math.sin(turn + (2 * Math.PI * k) / sides),
    ]);
    for (let y = Math.max(0, Math.floor(cy - r)); y < Math.min(this.height, Math.ceil(cy + r)); y++) {
      const yc = y + 0.5;
      const xs: number[] = [];
      for (let k = 0, l = sides - 1; k < sides; l = k++) {
        const [xk, yk] = corners[k];
        const [xl, yl] = corners[l];
        if (yk > yc !== yl > yc) xs.push(((xl - xk) * (yc - yk)) / (yl - yk) + xk);
      }
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) this.fill(xs[k], y, xs[k + 1] - xs[k], 1, color);
    }
  }

  frame(x: number, y: number, w: number, h: number, width: number, color: Rgb) {
    this.fill(x, y, w, width, color);
    this.fill(x, y + h - width, w, width, color);
    this.fill(x, y, width, h, color);
    this.fill(x + w - width, y, width, h, color);
  }

  /** Upper-case Latin letters, digits and - . , : / * at `scale` pixels per dot; answers the width drawn. */
  text(value: string, x: number, y: number, scale: number, color: Rgb): number {
    let at = x;
    for (const ch of value.toUpperCase()) {
      const rows = (GLYPHS[ch] ?? GLYPHS[' ']).split(' ');
      rows.forEach((bits, j) => [...bits].forEach((bit, i) => bit === '1' && this.fill(at + i * scale, y + j * scale, scale, scale, color)));
      at += 6 * scale;
    }
    return at - x - scale;
  }

  png(): Buffer {
    const raw = Buffer.alloc((this.width * 3 + 1) * this.height);
    for (let y = 0; y < this.height; y++) this.pixels.copy(raw, y * (this.width * 3 + 1) + 1, y * this.width * 3, (y + 1) * this.width * 3);
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8);
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', zlib.deflateSync(raw, { level: 1 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(zlib.crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** FNV-1a over the UTF-16 units: the same name always draws the same emblem. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

const PALETTE: Rgb[] = [
  [196, 30, 58],
  [0, 94, 168],
  [0, 128, 96],
  [214, 120, 0],
  [110, 50, 150],
  [20, 110, 130],
  [160, 90, 40],
  [40, 40, 40],
];
const WHITE: Rgb = [255, 255, 255];
const SEAL_RED: Rgb = [204, 32, 32];
const INK: Rgb = [70, 70, 70];

/** Mark images are shown as list thumbnails and in the detail at about 100 px: 160 px is plenty. */
const MARK_SIZE = 160;

/**
 * A mark image for a 商标名称: a coloured emblem (disc, polygon or square chosen by the name) with a white
 * figure inside; a Latin name is also written out under it. 160 × 160 PNG.
 */
export function markImagePng(name: string): Buffer {
  const h = hashOf(name);
  const color = PALETTE[h % PALETTE.length];
  const latin = /^[A-Za-z]+$/.test(name);
  const canvas = new Canvas(MARK_SIZE, MARK_SIZE, WHITE);
  const cx = MARK_SIZE / 2;
  const cy = latin ? MARK_SIZE * 0.4 : MARK_SIZE / 2;
  const r = MARK_SIZE * (latin ? 0.3 : 0.38);
  const form = (h >>> 3) % 4;
  if (form === 0) canvas.disc(cx, cy, r, color);
  else if (form === 1) canvas.polygon(cx, cy, r, 6, Math.PI / 6, color);
  else if (form === 2) canvas.polygon(cx, cy, r, 4, Math.PI / 4, color);
  else canvas.polygon(cx, cy, r, 8, Math.PI / 8, color);
  canvas.ring(cx, cy, r * 0.78, Math.max(3, r * 0.06), WHITE);
  const figure = (h >>> 6) % 4;
  if (latin) {
    const scale = Math.floor(r / 8);
    canvas.text(name[0], cx - (5 * scale) / 2, cy - (7 * scale) / 2, scale, WHITE);
    const scaleWord = name.length > 6 ? 2 : 3;
    const width = name.length * 6 * scaleWord - scaleWord;
    canvas.text(name, cx - width / 2, MARK_SIZE * 0.8, scaleWord, color);
  } else if (figure === 0) {
    canvas.polygon(cx, cy, r * 0.45, 5, -Math.PI / 2, WHITE);
  } else if (figure === 1) {
    canvas.disc(cx, cy, r * 0.32, WHITE);
    canvas.disc(cx, cy, r * 0.18, color);
  } else if (figure === 2) {
    canvas.polygon(cx, cy + r * 0.08, r * 0.46, 3, -Math.PI / 2, WHITE);
  } else {
    for (let k = -1; k <= 1; k++) canvas.fill(cx - r * 0.42, cy + k * r * 0.24 - r * 0.06, r * 0.84, r * 0.12, WHITE);
    canvas.fill(cx - r * 0.06, cy - r * 0.42, r * 0.12, r * 0.84, WHITE);
  }
  return canvas.png();
}

export type DocumentKind = 'licence' | 'filing' | 'bank' | 'practice';
const DOC_STYLE: Record<DocumentKind, { border: Rgb; band: Rgb; title: string }> = {
  licence: { border: [160, 40, 40], band: [250, 236, 220], title: 'BUSINESS LICENCE' },
  filing: { border: [30, 80, 150], band: [228, 238, 250], title: 'AGENCY FILING' },
  bank: { border: [20, 110, 90], band: [226, 244, 238], title: 'ACCOUNT PERMIT' },
  practice: { border: [110, 60, 140], band: [240, 230, 248], title: 'PRACTICE LICENCE' },
};

/** A document scan: framed page, title, the identifying number, lines of text and a red seal. 480 × 340. */
function documentCanvas(kind: DocumentKind, number: string): Canvas {
  const style = DOC_STYLE[kind];
  const canvas = new Canvas(480, 340, [253, 251, 245]);
  canvas.frame(10, 10, 460, 320, 4, style.border);
  canvas.frame(18, 18, 444, 304, 1, style.border);
  canvas.fill(19, 19, 442, 52, style.band);
  const titleWidth = style.title.length * 18 - 3;
  canvas.text(style.title, 240 - titleWidth / 2, 34, 3, style.border);
  canvas.text(number, 44, 92, 2, INK);
  const h = hashOf(number + kind);
  for (let k = 0; k < 7; k++) canvas.fill(44, 124 + k * 22, 200 + ((h >>> k) % 7) * 24, 7, [150, 150, 150]);
  canvas.ring(380, 250, 52, 5, SEAL_RED);
  canvas.polygon(380, 250, 20, 5, -Math.PI / 2, SEAL_RED);
  return canvas;
}

export function documentPng(kind: DocumentKind, number: string): Buffer {
  return documentCanvas(kind, number).png();
}

/** A one-page PDF (A4 landscape width, page sized to the scan) showing a document scan as its image. */
export function documentPdf(kind: DocumentKind, number: string): Buffer {
  const canvas = documentCanvas(kind, number);
  const image = zlib.deflateSync(canvas.pixels, { level: 1 });
  const [w, h] = [canvas.width, canvas.height];
  const content = Buffer.from(`q ${w} 0 0 ${h} 0 0 cm /Im0 Do Q`, 'latin1');
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>', 'latin1'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>', 'latin1'),
    Buffer.from(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /XObject << /Im0 5 0 R >> >> /Contents 4 0 R >>`, 'latin1'),
    Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`, 'latin1'), content, Buffer.from('\nendstream', 'latin1')]),
    Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width ${w} /Height ${h} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /Length ${image.length} >>\nstream\n`,
        'latin1',
      ),
      image,
      Buffer.from('\nendstream', 'latin1'),
    ]),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    offsets.push(offset);
    offset += obj.length;
    parts.push(obj);
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

/** What a bank's 电子回单 of one transfer states: the demo's payment of a claim. */
export type PaymentReceipt = {
  serialNo: string;
  payDate: string;
  amount: string;
  payeeAccount: string;
  payeeBankCode: string | null;
  payeeCode: string | null;
  claimNo: string;
};

/**
 * 12345.6 → 12345.60: the amount as a printed document states it, exact to the cent; without separators,
 * because the bitmap font's comma reads as a point at this size.
 */
const printedAmount = (amount: string) => fromCents(toCents(amount));

/**
 * A one-page business document (560 × 360): a frame and title band in the issuer's colour, then label:
 * value lines. The caller adds its seal.
 */
function statementCanvas(title: string, colour: Rgb, band: Rgb, paper: Rgb, lines: [string, string][], rule: Rgb): Canvas {
  const canvas = new Canvas(560, 360, paper);
  canvas.frame(8, 8, 544, 344, 3, colour);
  canvas.fill(11, 11, 538, 50, band);
  canvas.text(title, 28, 26, 3, colour);
  const gap = Math.floor(252 / lines.length);
  lines.forEach(([label, value], k) => {
    const y = 84 + k * gap;
    canvas.text(`${label}:`, 28, y, 2, [110, 110, 110]);
    canvas.text(value, 180, y, 2, INK);
    canvas.fill(28, y + 22, 320, 1, rule);
  });
  return canvas;
}

/**
 * A bank transfer receipt (the voucher finance keeps of a payment): bank band, title, the 流水号, 付款日期,
 * amount, the payee's account, bank and credit code, the claim it pays (用途), and the bank's red 转讫 seal.
 */
export function paymentReceiptPng(r: PaymentReceipt): Buffer {
  const canvas = statementCanvas(
    'E-RECEIPT OF TRANSFER',
    [24, 78, 140],
    [224, 234, 246],
    [252, 252, 248],
    [
      ['SERIAL NO', r.serialNo],
      ['VALUE DATE', r.payDate],
      ['AMOUNT CNY', printedAmount(r.amount)],
      ['PAYEE A/C', r.payeeAccount.replace(/(\d{4})(?=\d)/g, '$1 ')],
      ['PAYEE BANK', r.payeeBankCode ?? '-'],
      ['PAYEE ID', r.payeeCode ?? '-'],
      ['PURPOSE', r.claimNo],
    ],
    [210, 210, 210],
  );
  // the bank's 转讫 stamp: a ring with PAID and the value date
  canvas.ring(470, 284, 54, 5, SEAL_RED);
  canvas.text('PAID', 470 - 34, 258, 3, SEAL_RED);
  canvas.text(r.payDate, 470 - 30, 290, 1, SEAL_RED);
  return canvas.png();
}

export type InvoiceImage = { invoiceCode: string; invoiceNo: string; invoiceDate: string; amount: string; buyerCode: string | null; claimNo: string };

/** A claim's invoice as its scan would look: code, number, date, amount, the buyer (the claiming organisation) and the issuer's 发票专用章. */
export function invoicePng(r: InvoiceImage): Buffer {
  const canvas = statementCanvas(
    r.invoiceCode ? 'VAT INVOICE' : 'E-INVOICE',
    [150, 90, 40],
    [240, 228, 210],
    [250, 248, 240],
    [
      ['CODE', r.invoiceCode || '-'],
      ['NO', r.invoiceNo],
      ['DATE', r.invoiceDate],
      ['TOTAL CNY', printedAmount(r.amount)],
      ['BUYER ID', r.buyerCode ?? '-'],
      ['REF', r.claimNo],
    ],
    [210, 200, 190],
  );
  canvas.ring(470, 284, 50, 4, SEAL_RED);
  canvas.text('SEAL', 470 - 32, 272, 3, SEAL_RED);
  return canvas.png();
}
