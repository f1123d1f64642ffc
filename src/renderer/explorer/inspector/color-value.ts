// Colors among component values: a value whose members are r, g and b numbers (0–255 integers, or
// 0–1 fractions) is a color, shown as a swatch with a picker.

/** A color value and the scale its channels use. */
export interface ColorValue {
  r: number;
  g: number;
  b: number;
  /** 255 for 0–255 channels, 1 for 0–1 channels. */
  scale: 255 | 1;
}

/** The color of a component value, or undefined when it is not one. */
export function colorOf(value: unknown): ColorValue | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const keys = Object.keys(v).filter((k) => k !== 'a');
  if (keys.length !== 3 || !['r', 'g', 'b'].every((k) => typeof v[k] === 'number' && Number.isFinite(v[k]))) return undefined;
  const [r, g, b] = [v.r as number, v.g as number, v.b as number];
  const fraction = [r, g, b].every((c) => c >= 0 && c <= 1) && [r, g, b].some((c) => !Number.isInteger(c));
  return { r, g, b, scale: fraction ? 1 : 255 };
}

/** "#4678e6" for a color. */
export function colorHex(c: ColorValue): string {
  const byte = (x: number) => Math.max(0, Math.min(255, Math.round(c.scale === 1 ? x * 255 : x)));
  return `#${[c.r, c.g, c.b].map((x) => byte(x).toString(16).padStart(2, '0')).join('')}`;
}

/** The r, g, b members for a picked "#rrggbb", in the scale of the value it replaces. */
export function colorFromHex(hex: string, scale: 255 | 1): { r: number; g: number; b: number } | undefined {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return undefined;
  const [r, g, b] = [m[1]!, m[2]!, m[3]!].map((h) => parseInt(h, 16));
  const s = (x: number) => (scale === 1 ? Math.round((x / 255) * 1000) / 1000 : x);
  return { r: s(r!), g: s(g!), b: s(b!) };
}
