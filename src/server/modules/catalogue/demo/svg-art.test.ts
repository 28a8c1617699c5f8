import { describe, expect, it } from 'vitest';
import { generateBanners, generateCatalogue } from './demo-catalogue.ts';
import { bannerSvg, bannerTypeSizes, slotTypeSizes } from './svg-art.ts';

const SIZES: Record<string, [number, number]> = {
  main: [1600, 600],
  second: [1200, 400],
  vertical: [480, 800],
  promo: [800, 400],
  brand_tile: [600, 400],
};
const headSize = (svg: string) => /font-size="(\d+)" font-weight="800"/.exec(svg)?.[1];

describe('demo banners (decision 014, item 12)', () => {
  it("a slot's banners share one headline size, the smallest any needs; alone each would differ", () => {
    const banners = generateBanners(generateCatalogue('demo', 2026)).map((b) => ({
      ...b,
      width: SIZES[b.slot]![0],
      height: SIZES[b.slot]![1],
    }));
    const shared = slotTypeSizes(banners);
    const tiles = banners.filter((b) => b.slot === 'brand_tile');
    // Without it, the brand tiles' names come in several sizes ("Vialcraft" larger than the rest).
    expect(new Set(tiles.map((b) => bannerTypeSizes(b).headSize)).size).toBeGreaterThan(1);
    for (const [slot, sizes] of shared) {
      const own = banners.filter((b) => b.slot === slot);
      expect(sizes.headSize).toBe(Math.min(...own.map((b) => bannerTypeSizes(b).headSize)));
      const drawn = new Set(
        own.map((b) =>
          headSize(bannerSvg({ ...b, colour: '#334455', accent: '#ffcc00', shape: 'disposable', ...sizes })),
        ),
      );
      expect(drawn, slot).toEqual(new Set([String(sizes.headSize)]));
    }
  });
});
