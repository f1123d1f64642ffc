// Reads a PNG screenshot's pixels in the page (the browser decodes it; no image library needed)
// and counts those near given colours: "something is drawn" measured as pixels of the colours
// the scene's entities have, which a blank canvas, the background or the star field do not give.
import type { Page } from '@playwright/test';

/** One colour to look for: 0xRRGGBB and how far each channel may be off (shading, anti-aliasing). */
export interface ColourProbe {
  rgb: number;
  tolerance: number;
}

/** How many pixels of `png` lie within each probe's tolerance, in the order of `probes`. */
export async function countColourPixels(page: Page, png: Buffer, probes: readonly ColourProbe[]): Promise<number[]> {
  return page.evaluate(async ([base64, list]) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const g = canvas.getContext('2d')!;
    g.drawImage(bitmap, 0, 0);
    const d = g.getImageData(0, 0, bitmap.width, bitmap.height).data;
    const want = list.map((p) => [(p.rgb >> 16) & 255, (p.rgb >> 8) & 255, p.rgb & 255, p.tolerance] as const);
    const counts = list.map(() => 0);
    for (let i = 0; i < d.length; i += 4) {
      for (let k = 0; k < want.length; k++) {
        const [r, gr, b, t] = want[k]!;
        if (Math.abs(d[i]! - r) <= t && Math.abs(d[i + 1]! - gr) <= t && Math.abs(d[i + 2]! - b) <= t) counts[k]!++;
      }
    }
    return counts;
  }, [png.toString('base64'), probes] as const);
}
