// The JSON side messages of the frame stream: names of entities (host → viewport) and the
// viewport's acknowledgement of a drawn frame (viewport → host, MessagePort only).

/** One named entity of the meta message. */
export interface MetaEntity {
  /** Entity id, as in the frames' id section. */
  id: number;
  /** The entity's own name, e.g. "Moon". */
  name: string;
  /** Its full path with '.' separators, e.g. "Sun.Earth.Moon" (what /entity/ and the explorer take). */
  path: string;
  /** Its doc name when it has one that differs from the name. */
  label?: string;
}

/** Sent on connect and whenever the set of named entities changes; lists only named entities. */
export interface MetaMessage {
  /** Discriminator. */
  type: 'meta';
  /** The application title (the World's doc name). */
  title: string;
  /** Every named entity that may appear in frames. */
  entities: MetaEntity[];
  /** The world's time control (ecs.app.TimeControl), when it has one: paused, and the speed factor. */
  time?: { paused: boolean; time_scale: number };
}

/** Sent by a viewport after drawing a frame: every frame up to and including `ack` is done with. */
export interface FrameAck {
  /** Number of the frame just drawn. */
  ack: number;
}

/** True when `v` is a well-formed MetaMessage (checks every entity). */
export function isMetaMessage(v: unknown): v is MetaMessage {
  if (typeof v !== 'object' || v === null) return false;
  const m = v as Partial<MetaMessage>;
  if (m.type !== 'meta' || typeof m.title !== 'string' || !Array.isArray(m.entities)) return false;
  if (m.time !== undefined && (typeof m.time !== 'object' || m.time === null || typeof m.time.paused !== 'boolean' || typeof m.time.time_scale !== 'number')) return false;
  for (const e of m.entities as unknown[]) {
    if (typeof e !== 'object' || e === null) return false;
    const x = e as Partial<MetaEntity>;
    if (typeof x.id !== 'number' || typeof x.name !== 'string' || typeof x.path !== 'string') return false;
    if (x.label !== undefined && typeof x.label !== 'string') return false;
  }
  return true;
}

/** Parses the JSON text of a meta message; undefined when it is not valid JSON or not a meta message. */
export function parseMetaMessage(text: string): MetaMessage | undefined {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return undefined;
  }
  return isMetaMessage(v) ? v : undefined;
}

/** True when `v` is a FrameAck ({ ack: finite number }). */
export function isFrameAck(v: unknown): v is FrameAck {
  return typeof v === 'object' && v !== null && Number.isFinite((v as Partial<FrameAck>).ack);
}
