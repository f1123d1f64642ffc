// The Flecs 4 reference captures (tests/reference/flecs-4) and, for each, the same request on
// the demo world. The reference world (the explorer's playground city) has entities the demo has
// not, so a capture that reads `Building/windowSpacing`, `camera` or `light` is preceded by
// writes that make an entity of that name with the same kinds of ids (a parent, a tag, a pair, a
// component with and one without reflection data), through the dialect's own write endpoints;
// the playground's components are named as the demo's (Position3 -> Position).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Folder of the Flecs 4 captures. */
export const FLECS4_CAPTURES_DIR = join(import.meta.dirname, '..', '..', 'reference', 'flecs-4', 'captures');

/** One captured request/reply of a Flecs 4 backend. */
export interface Flecs4Capture {
  file: string;
  method: string;
  url: string;
  status: number;
  /** The parsed reply; '' for an empty body. */
  reply: unknown;
}

/** A JSON list cut short (the capture keeps the first megabyte): the elements before the cut. */
function completeElements(text: string): unknown {
  const end = text.lastIndexOf('},\n{');
  return JSON.parse(`${text.slice(0, end + 1)}]`) as unknown;
}

function parsedReply(reply: unknown): unknown {
  if (typeof reply !== 'string' || reply === '') return reply;
  return reply.startsWith('[') ? completeElements(reply) : reply;
}

/** All captures, in file order. */
export function loadFlecs4Captures(): Flecs4Capture[] {
  return readdirSync(FLECS4_CAPTURES_DIR).filter((f) => f.endsWith('.json')).sort().map((file) => {
    const c = JSON.parse(readFileSync(join(FLECS4_CAPTURES_DIR, file), 'utf8')) as Omit<Flecs4Capture, 'file'>;
    return { file, method: c.method, url: c.url, status: c.status, reply: parsedReply(c.reply) };
  });
}

/** The number of a capture (its file name prefix). */
export const captureNo = (c: Flecs4Capture) => Number(c.file.slice(0, 3));

/** A request: method and target. */
export type Request = readonly [method: string, url: string];

/** How a capture is replayed on the demo world. */
export interface Replay {
  /** Writes that make the capture's entity first (each must answer 200). */
  readonly setup: readonly Request[];
  readonly request: Request;
  /** The request reads the same entity as the capture (flecs/core/World...): its built-in components are compared key by key. */
  readonly sameEntity: boolean;
}

const put = (url: string): Request => ['PUT', url];
const set = (path: string, component: string, value?: string) =>
  put(`/component/${path}?component=${encodeURIComponent(component)}${value === undefined ? '' : `&value=${encodeURIComponent(value)}`}`);

/** The playground's Building/windowSpacing: a child with a pair and one reflected component. */
const WINDOW_SPACING = [put('/entity/Building/windowSpacing'), set('Building/windowSpacing', '(TravellingTo,Sun)'), set('Building/windowSpacing', 'Scale', '{"value":2}')];
/** The playground's camera: a root with a tag and reflected components. */
const CAMERA = [put('/entity/camera'), set('camera', 'Renderable'), set('camera', 'Position', '{"x":108,"y":16,"z":110}'), set('camera', 'Velocity', '{"x":0}')];
/** The playground's light: a root with a tag and reflected components. */
const LIGHT = [put('/entity/light'), set('light', 'Star'), set('light', 'Position', '{"x":0}'), set('light', 'Color', '{"r":200}')];

/** The playground's component names, as the demo's. */
function demoNames(url: string): string {
  return url.replaceAll('flecs.components.transform.Position3', 'Position').replaceAll('flecs.components.transform.Rotation3', 'Rotation');
}

/** The same request on the demo world. */
export function replayOf(c: Flecs4Capture): Replay {
  const n = captureNo(c);
  const request: Request = [c.method, demoNames(c.url)];
  const same = (setup: readonly Request[] = []): Replay => ({ setup, request, sameEntity: false });
  if (n === 1 || n === 3 || n === 18) return same(WINDOW_SPACING);
  if (n === 4) return same(CAMERA);
  if (n === 7) return same([...LIGHT, put('/toggle/light?enable=false')]);
  if (n === 8 || n === 24 || n === 25) return same(LIGHT);
  if (n === 26) return same([...LIGHT, put('/toggle/light?enable=false')]);
  if (n === 19) {
    // The playground's components are children of flecs.components.transform; here flecs.core's Component is one (used as a component, as Rotation3 is).
    const expr = '(ChildOf,flecs.core),$this ~= "Component",?(flecs.doc.Description,flecs.doc.Brief),?$this(_),?$this(_,_),?Module';
    return { setup: [], request: ['GET', `/query?try=true&rows=true&limit=100&expr=${encodeURIComponent(expr)}`], sameEntity: false };
  }
  if (c.url.startsWith('/entity/flecs/') || c.url.startsWith('/component/flecs/')) return { setup: [], request, sameEntity: true };
  return same();
}
