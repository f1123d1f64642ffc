// Moving f32s printed, for count.mjs side `f32`: `f32-rows page <N>` prints N pages of 100 rows of
// two {x, y, z} f32 values (a Position,Velocity page: 600 numbers) through the writer the query
// replies use (writeValueBytes into an AsciiWriter), moving every value before each page as a
// frame would, so no text is reused. Counts the printing of moving numbers alone: no router, no
// world, no frame systems (whose instruction counts vary with when V8 compiles them).
import { World } from '../../src/shared/ecs';
import { templateOf, writeValueBytes } from '../../src/shared/json/value-writer';
import { AsciiWriter } from '../../src/shared/json/ascii-writer';

const [mode, n] = process.argv.slice(2) as [string, string];
if (mode !== 'page') throw new Error(`unknown mode '${mode}' for f32: page`);
const world = new World();
const Vec = world.component('Vec', { x: 'f32', y: 'f32', z: 'f32' });
const template = templateOf(world.componentInfo(Vec)!.schema!);
const ROWS = 100;
const column = () => [new Float32Array(ROWS), new Float32Array(ROWS), new Float32Array(ROWS)];
const position = column(), velocity = column();
// Positions in the belt's range (±28 scene units) and velocities of a few units a second.
for (let r = 0; r < ROWS; r++) for (let k = 0; k < 3; k++) { position[k]![r] = Math.sin(r * 7 + k) * 28; velocity[k]![r] = Math.cos(r * 3 + k) * 1.9; }

/** One frame's worth of motion: every number changes. */
function move(): void {
  for (let k = 0; k < 3; k++) {
    const p = position[k]!, v = velocity[k]!;
    for (let r = 0; r < ROWS; r++) { p[r] = p[r]! + v[r]! / 60; v[r] = v[r]! - p[r]! * 0.0001; }
  }
}

const writer = new AsciiWriter();
/** The page's values, as the query reply writes them (`value,value,` per row). */
function print(): number {
  writer.reset();
  for (let r = 0; r < ROWS; r++) {
    writeValueBytes(template, position, r, writer);
    writer.char(44);
    writeValueBytes(template, velocity, r, writer);
    writer.char(44);
  }
  return writer.pos;
}

let sink = 0;
for (let i = 0; i < Number(n); i++) { move(); sink += print(); }
if (sink === 0) console.log('');
