// One counted run for count.mjs: `count-case <case> <n> <warm> [still|moving|frames]` builds the
// case's reply warm + n times in-process (reply cache off, as run-case.ts) and prints nothing.
// `moving` runs one frame of the demo before each reply (every asteroid moves, so rows are printed
// anew); `frames` runs the frames alone, so moving − frames is what the replies cost.
import { replyCase } from './cases';

const [name = '', n = '0', warm = '0', mode = 'still'] = process.argv.slice(2);
if (!['still', 'moving', 'frames'].includes(mode)) throw new Error(`unknown mode ${mode}: still, moving or frames`);
const { target, app, router } = replyCase(name);
let sink = 0;
for (let i = 0, end = Number(warm) + Number(n); i < end; i++) {
  if (mode !== 'still') app.step(1 / 60);
  if (mode === 'frames') continue;
  // Flattened as writing it to a socket does.
  const body = router.route('GET', target).body;
  sink += body.charCodeAt(body.length >> 1) + body.length;
}
if (sink === 0 && mode !== 'frames') console.log('no reply');
