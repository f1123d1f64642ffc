// What the viewport is sent after each frame: the live scene, or, while the explorer looks at the
// past (PUT /history/view), the history's replica standing at that frame, with the past frame in
// the header; and the entities a breakpoint's hit named, flagged Highlighted while the world stays
// paused by that hit. The header's frame number is always the live one, so acknowledgements and
// skipping (which count frames) never see it go back.
import type { App } from '../../shared/app';
import type { Entity } from '../../shared/ecs';
import type { History } from '../../shared/history';
import { FrameWriter, type MetaMessage } from '../../shared/protocol/frame';
import { metaMessage, metaVersion, packFrame, type DrawnScene } from '../frames';
import type { FrameHub } from './frame-hub';

/** The time control as the viewport shows it. */
export type ShownTime = { paused: boolean; time_scale: number } | undefined;

/** What the publisher reads of its host. */
export interface PublisherSources {
  readonly app: App;
  readonly hub: FrameHub;
  /** The live world's scene. */
  readonly live: DrawnScene;
  /** The history and the scene of its replica (absent: history is off). */
  readonly past?: { readonly history: History; readonly scene: DrawnScene };
  /** The time control now. */
  time(): ShownTime;
  /** A part failed (a replay that did not come out as recorded): reported, the live world drawn instead. */
  fault(err: unknown): void;
}

/** Packs and publishes one viewport frame after every frame of the app. */
export class FramePublisher {
  private readonly writer = new FrameWriter();
  private readonly highlight = new Set<Entity>();
  private metaKey = '';

  constructor(private readonly s: PublisherSources) {}

  /** Ids flagged Highlighted in the frames sent now (the last hit's entities), for tests and tools. */
  get highlighted(): readonly Entity[] {
    return [...this.highlight];
  }

  /** A breakpoint hit: its entities are highlighted until the systems run again (continue or step) or the world is restored. */
  hit(ids: readonly Entity[]): void {
    this.highlight.clear();
    for (const id of ids) this.highlight.add(id);
  }

  /** Forgets the highlight (a restore). */
  clearHighlight(): void {
    this.highlight.clear();
  }

  /** Called at the start of the frame hooks: a frame whose systems ran moved on from the last hit. */
  beforeHits(): void {
    if (this.s.app.simulated) this.highlight.clear();
  }

  /** Packs the scene shown now and publishes it (nothing when no viewport listens). */
  publish(): void {
    const { hub, app } = this.s;
    if (hub.subscribers === 0) return;
    const shown = this.shownScene();
    const scene = shown?.scene ?? this.s.live;
    const time = this.s.time();
    const key = `${shown === undefined ? 'live' : 'past'}|${metaVersion(scene)}|${time === undefined ? '' : `${time.paused}|${time.time_scale}`}`;
    if (key !== this.metaKey) {
      this.metaKey = key;
      const meta: MetaMessage = metaMessage(scene);
      hub.publishMeta(time === undefined ? meta : { ...meta, time });
    }
    hub.publish(packFrame(scene, this.writer, { frame: app.pipeline.frame, pastFrame: shown?.frame, highlight: this.highlight }));
  }

  /** The replica standing at the frame the explorer looks at, or undefined for the live world. */
  private shownScene(): { scene: DrawnScene; frame: number } | undefined {
    const past = this.s.past;
    const frame = past?.history.viewing;
    if (past === undefined || frame === undefined) return undefined;
    try {
      past.history.viewAt(frame);
    } catch (err) {
      // A past that cannot be replayed is reported once and no longer asked for: the live world is drawn.
      past.history.setView(undefined);
      this.s.fault(err);
      return undefined;
    }
    return { scene: past.scene, frame };
  }
}
