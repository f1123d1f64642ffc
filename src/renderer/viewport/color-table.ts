// sRGB byte → linear float, precomputed: frames carry sRGB colours and three.js renders in
// linear space; a table keeps the per-instance conversion to one lookup per channel.

/** Linear value (0–1) of each sRGB byte 0–255. */
export const SRGB_TO_LINEAR: Float32Array = (() => {
  const t = new Float32Array(256);
  for (let i = 0; i < 256; i++) {
    const c = i / 255;
    t[i] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }
  return t;
})();
