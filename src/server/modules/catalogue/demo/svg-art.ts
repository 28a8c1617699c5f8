/**
 * Generated artwork for the demo catalogue: product "photos" drawn as SVG (a studio backdrop,
 * a shaded object whose shape depends on the category, a soft shadow and a label), banners and
 * brand logos. Deterministic: the same input always draws the same picture.
 */

export type ProductShape =
  | 'disposable'
  | 'pod'
  | 'jar'
  | 'pouch'
  | 'papers'
  | 'beaker'
  | 'grinder'
  | 'bottle'
  | 'collector';

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Mixes a hex colour toward white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channels = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) =>
    Math.round(amount >= 0 ? c + (255 - c) * amount : c * (1 + amount)),
  );
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Splits a label into at most `maxLines` lines of about `width` characters. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (`${line} ${word}`.trim().length > width && line) {
      lines.push(line);
      line = word;
    } else line = `${line} ${word}`.trim();
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, width - 1)}…`;
    return kept;
  }
  return lines;
}

function objectShape(shape: ProductShape, body: string, accent: string): string {
  const hi = shade(body, 0.45);
  const lo = shade(body, -0.35);
  const grad = `<defs><linearGradient id="b" x1="0" x2="1"><stop offset="0" stop-color="${lo}"/><stop offset="0.35" stop-color="${hi}"/><stop offset="0.7" stop-color="${body}"/><stop offset="1" stop-color="${lo}"/></linearGradient></defs>`;
  switch (shape) {
    case 'disposable':
      return `${grad}<rect x="330" y="150" width="140" height="420" rx="56" fill="url(#b)"/><rect x="368" y="110" width="64" height="70" rx="22" fill="${shade(accent, -0.3)}"/><rect x="348" y="300" width="104" height="150" rx="12" fill="${accent}" opacity="0.85"/><circle cx="400" cy="520" r="10" fill="${hi}"/>`;
    case 'pod':
      return `${grad}<rect x="300" y="190" width="200" height="360" rx="40" fill="url(#b)"/><rect x="350" y="130" width="100" height="90" rx="20" fill="${shade(accent, -0.2)}" opacity="0.9"/><rect x="335" y="260" width="130" height="60" rx="10" fill="#111827"/><circle cx="400" cy="420" r="34" fill="${accent}"/><rect x="380" y="500" width="40" height="10" rx="5" fill="${hi}"/>`;
    case 'jar':
      return `${grad}<rect x="280" y="200" width="240" height="340" rx="36" fill="url(#b)"/><rect x="265" y="160" width="270" height="70" rx="16" fill="${shade(accent, -0.25)}"/><rect x="300" y="300" width="200" height="140" rx="10" fill="#ffffff" opacity="0.92"/><rect x="320" y="330" width="160" height="16" rx="8" fill="${accent}"/><rect x="320" y="360" width="110" height="12" rx="6" fill="${lo}" opacity="0.6"/>`;
    case 'pouch':
      return `${grad}<path d="M270 180 h260 l-14 370 q-116 22 -232 0 z" fill="url(#b)"/><rect x="270" y="170" width="260" height="30" rx="6" fill="${shade(body, -0.5)}"/><circle cx="400" cy="360" r="80" fill="#ffffff" opacity="0.9"/><circle cx="400" cy="360" r="56" fill="${accent}"/>`;
    case 'papers':
      return `${grad}<rect x="230" y="250" width="340" height="220" rx="14" fill="url(#b)"/><rect x="230" y="250" width="340" height="50" rx="14" fill="${shade(body, -0.25)}"/><rect x="270" y="225" width="260" height="40" rx="4" fill="#fff8e7"/><rect x="270" y="340" width="260" height="80" rx="8" fill="${accent}" opacity="0.9"/>`;
    case 'beaker':
      return `<path d="M350 110 h100 v260 l120 170 q14 40 -30 44 h-280 q-44 -4 -30 -44 l120 -170 z" fill="${shade(body, 0.55)}" opacity="0.75" stroke="${body}" stroke-width="8"/><path d="M300 470 h200 l38 54 q8 20 -16 22 h-244 q-24 -2 -16 -22 z" fill="${accent}" opacity="0.45"/><rect x="340" y="96" width="120" height="26" rx="10" fill="${body}"/><rect x="440" y="330" width="90" height="16" rx="8" transform="rotate(-35 440 330)" fill="${body}"/>`;
    case 'grinder':
      return `${grad}<ellipse cx="400" cy="470" rx="170" ry="50" fill="${lo}"/><rect x="230" y="260" width="340" height="210" fill="url(#b)"/><ellipse cx="400" cy="260" rx="170" ry="50" fill="${hi}"/><ellipse cx="400" cy="260" rx="120" ry="34" fill="${accent}" opacity="0.8"/><rect x="230" y="330" width="340" height="10" fill="${lo}" opacity="0.7"/><rect x="230" y="400" width="340" height="10" fill="${lo}" opacity="0.7"/>`;
    case 'bottle':
      return `${grad}<rect x="310" y="230" width="180" height="320" rx="26" fill="url(#b)"/><rect x="330" y="170" width="140" height="80" rx="14" fill="${accent}"/><rect x="325" y="330" width="150" height="120" rx="8" fill="#ffffff" opacity="0.9"/><rect x="345" y="360" width="110" height="14" rx="7" fill="${accent}"/>`;
    case 'collector':
      return `<g transform="rotate(-28 400 360)"><rect x="380" y="80" width="40" height="420" rx="18" fill="${shade(body, 0.5)}" opacity="0.85" stroke="${body}" stroke-width="6"/><path d="M385 500 h30 l-10 110 h-10 z" fill="#d1d5db" stroke="#6b7280" stroke-width="4"/><circle cx="400" cy="260" r="34" fill="${accent}" opacity="0.55"/></g>`;
  }
}

export interface ProductArtInput {
  title: string;
  subtitle: string;
  colour: string;
  accent: string;
  shape: ProductShape;
  /** 0 for the main picture; others change the angle and backdrop a little. */
  view: number;
}

export function productSvg(p: ProductArtInput): string {
  const backdropTop = shade(p.colour, 0.88 - (p.view % 3) * 0.05);
  const backdropBottom = shade(p.colour, 0.62);
  const tilt = [0, -8, 8, -4][p.view % 4];
  const lines = wrap(p.title, 26, 2);
  const text = lines
    .map(
      (l, i) =>
        `<text x="400" y="${662 + i * 40}" font-size="34" font-weight="700" fill="#111827">${esc(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800"><defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${backdropTop}"/><stop offset="1" stop-color="${backdropBottom}"/></linearGradient><radialGradient id="sh"><stop offset="0" stop-color="#000" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs><rect width="800" height="800" fill="url(#bg)"/><ellipse cx="400" cy="585" rx="200" ry="26" fill="url(#sh)"/><g transform="rotate(${tilt} 400 360)">${objectShape(p.shape, p.colour, p.accent)}</g><g font-family="DejaVu Sans, Arial, sans-serif" text-anchor="middle">${text}<text x="400" y="${lines.length > 1 ? 742 : 712}" font-size="24" fill="#374151">${esc(p.subtitle)}</text></g></svg>`;
}

interface BannerArt {
  width: number;
  height: number;
  headline: string;
  sub: string;
  colour: string;
  accent: string;
  shape: ProductShape;
  /** The headline's type size; by default the largest that fits. A row of tiles shares one. */
  headSize?: number;
  /** Likewise the line under it. */
  subSize?: number;
}

/** The headline's and the line under it's largest type sizes that fit a banner. */
export function bannerTypeSizes(opts: Pick<BannerArt, 'width' | 'height' | 'headline' | 'sub'>): {
  headSize: number;
  subSize: number;
} {
  const { width: w, height: h } = opts;
  const vertical = h > w;
  const headLines = wrap(opts.headline, vertical ? 14 : 20, 2);
  // Text keeps to the left 55% (the artwork has the right); ~0.6 em per character in bold sans.
  const longest = Math.max(...headLines.map((l) => l.length), 1);
  const textWidth = vertical ? w * 0.9 : w * 0.55;
  const headSize = Math.round(Math.min(h * 0.15, textWidth / (longest * 0.62)));
  const subSize = Math.round(Math.min(headSize * 0.5, textWidth / (Math.max(opts.sub.length, 1) * 0.55)));
  return { headSize, subSize };
}

/**
 * One type size per slot (a row of brand tiles, the hero): the smallest any of its banners needs,
 * so the tiles of a row read alike.
 */
export function slotTypeSizes(
  banners: readonly (Pick<BannerArt, 'width' | 'height' | 'headline' | 'sub'> & { slot: string })[],
): Map<string, { headSize: number; subSize: number }> {
  const bySlot = new Map<string, { headSize: number; subSize: number }>();
  for (const b of banners) {
    const fit = bannerTypeSizes(b);
    const was = bySlot.get(b.slot) ?? fit;
    bySlot.set(b.slot, {
      headSize: Math.min(was.headSize, fit.headSize),
      subSize: Math.min(was.subSize, fit.subSize),
    });
  }
  return bySlot;
}

export function bannerSvg(opts: BannerArt): string {
  const { width: w, height: h } = opts;
  const scale = (h * 0.9) / 800;
  const vertical = h > w;
  const tx = vertical ? w / 2 : w * 0.06;
  const anchor = vertical ? 'middle' : 'start';
  const headLines = wrap(opts.headline, vertical ? 14 : 20, 2);
  const fit = bannerTypeSizes(opts);
  const headSize = opts.headSize ?? fit.headSize;
  const subSize = opts.subSize ?? fit.subSize;
  const block = headLines.length * headSize * 1.1 + subSize * 1.6;
  const baseY = vertical ? h * 0.66 : (h - block) / 2 + headSize * 0.85;
  const head = headLines
    .map(
      (l, i) =>
        `<text x="${tx}" y="${baseY + i * headSize * 1.1}" font-size="${headSize}" font-weight="800" fill="#ffffff">${esc(l)}</text>`,
    )
    .join('');
  const artX = vertical ? w / 2 - 400 * scale * 0.6 : w * 0.8 - 400 * scale;
  const artY = vertical ? h * 0.12 : h * 0.05;
  const artScale = vertical ? scale * 0.6 : scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}"><defs><linearGradient id="bgb" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(opts.colour, -0.35)}"/><stop offset="1" stop-color="${opts.colour}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#bgb)"/><circle cx="${w * 0.8}" cy="${h * 0.5}" r="${h * 0.55}" fill="${opts.accent}" opacity="0.25"/><g transform="translate(${artX} ${artY}) scale(${artScale})">${objectShape(opts.shape, shade(opts.colour, 0.3), opts.accent)}</g><g font-family="DejaVu Sans, Arial, sans-serif" text-anchor="${anchor}">${head}<text x="${tx}" y="${baseY + headLines.length * headSize * 1.1 + subSize * 0.6}" font-size="${subSize}" fill="#f9fafb">${esc(opts.sub)}</text></g></svg>`;
}

export function logoSvg(name: string, colour: string): string {
  const initials = name
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 240" width="400" height="240"><rect width="400" height="240" rx="24" fill="${shade(colour, 0.85)}"/><circle cx="90" cy="120" r="58" fill="${colour}"/><text x="90" y="138" font-family="DejaVu Sans, Arial, sans-serif" font-size="48" font-weight="800" fill="#fff" text-anchor="middle">${esc(initials)}</text><text x="168" y="132" font-family="DejaVu Sans, Arial, sans-serif" font-size="${name.length > 12 ? 26 : 32}" font-weight="700" fill="#111827">${esc(name)}</text></svg>`;
}
