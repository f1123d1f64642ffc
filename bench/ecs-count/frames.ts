// One side for count.mjs: `frames <impl> <case> <entities> <frames>` builds the case with bench/ecs's
// code (ours, bitecs or handwritten) and runs that many frames, nothing else.
import * as bitecs from '../ecs/bitecs';
import * as handwritten from '../ecs/handwritten';
import * as ours from '../ecs/ours';

const [impl, name, entities, frames] = process.argv.slice(2) as [string, string, string, string];
const impls: Record<string, { cases?: Record<string, () => () => void>; move: (n: number) => () => void }> = { ours, bitecs, handwritten };
const lib = impls[impl];
if (!lib) throw new Error(`unknown implementation '${impl}': ours, bitecs or handwritten`);
const tick = name === 'move' ? lib.move(Number(entities)) : lib.cases?.[name]?.();
if (!tick) throw new Error(`unknown case '${name}' for ${impl}: move or one of bench/ecs/ours.ts's cases`);
for (let f = Number(frames); f > 0; f--) tick();
