// The colour swatch beside a doc colour (tree rows, the inspector, query results).

/** A small square of a doc color (decoration: the hex code is its tooltip, not part of the text a screen reader reads). */
export function Swatch({ color, title }: { color: string; title?: string }) {
  return <span class="swatch" style={{ background: color }} title={title ?? color} aria-hidden="true" />;
}
