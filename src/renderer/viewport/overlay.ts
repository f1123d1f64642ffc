// The HTML layer over the canvas: title, connection state, fps and counts, the past frame shown
// (with a tint over the scene), a breakpoint's highlighted entities, the hover label and the selection card. Text is set with textContent only: names come from the world.
import type { ConnectionState } from './frame-source';

/** What the selection card shows. */
export interface SelectionInfo {
  /** Entity id. */ id: number;
  /** Entity name, when named. */ name?: string;
  /** Full path ("Sun.Earth"), when named. */ path?: string;
  /** Doc name, when it differs from the name. */ label?: string;
  /** Whether the entity is in the latest frame (false: disabled or deleted). */ present: boolean;
}

/** How "Open in explorer" works: a callback (desktop app) or a link (browser). */
export type ExplorerOpener = { kind: 'callback'; open(path: string): void } | { kind: 'link'; href(path: string): string };

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, parent: HTMLElement): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  e.className = className;
  parent.appendChild(e);
  return e;
}

const STATE_TEXT: Record<ConnectionState, string> = { connecting: 'connecting…', live: 'live', reconnecting: 'reconnecting…' };

/** The overlay; call its setters freely — they touch the DOM only when the text changes. */
export class Overlay {
  /** Called when the user closes the selection card. */
  onDeselect: () => void = () => {};
  private readonly title: HTMLElement;
  private readonly state: HTMLElement;
  private readonly stats: HTMLElement;
  private readonly time: HTMLElement;
  private readonly past: HTMLElement;
  private readonly hit: HTMLElement;
  private readonly problem: HTMLElement;
  private readonly tooltip: HTMLElement;
  private readonly card: HTMLElement;
  private readonly cardName: HTMLElement;
  private readonly cardPath: HTMLElement;
  private readonly cardNote: HTMLElement;
  private readonly openButton: HTMLButtonElement | HTMLAnchorElement;
  private cardPathValue = '';
  private shown = new Map<HTMLElement, string>();

  constructor(private readonly root: HTMLElement, private readonly explorer: ExplorerOpener) {
    const hud = el('div', 'hud', root);
    this.title = el('div', 'hud-title', hud);
    const status = el('div', 'hud-status', hud);
    this.state = el('span', 'hud-state', status);
    this.stats = el('div', 'hud-stats', hud);
    this.time = el('div', 'hud-time', hud);
    this.time.hidden = true;
    this.past = el('div', 'hud-past', hud);
    this.past.hidden = true;
    this.hit = el('div', 'hud-hit', hud);
    this.hit.hidden = true;
    this.problem = el('div', 'hud-problem', hud);
    this.problem.hidden = true;
    this.tooltip = el('div', 'tooltip', root);
    this.tooltip.hidden = true;
    this.card = el('div', 'card', root);
    this.card.hidden = true;
    const close = el('button', 'card-close', this.card);
    close.textContent = '×';
    close.title = 'Deselect (Esc)';
    close.addEventListener('click', () => this.onDeselect());
    this.cardName = el('div', 'card-name', this.card);
    this.cardPath = el('div', 'card-path', this.card);
    this.cardNote = el('div', 'card-note', this.card);
    if (explorer.kind === 'callback') {
      this.openButton = el('button', 'card-open', this.card);
      this.openButton.addEventListener('click', () => explorer.open(this.cardPathValue));
    } else {
      this.openButton = el('a', 'card-open', this.card);
      this.openButton.target = '_blank';
      this.openButton.rel = 'noopener';
    }
    this.openButton.textContent = 'Open in explorer';
    el('div', 'hint', root).textContent = 'drag: orbit · wheel: zoom · right-drag: pan · click: select · double-click: focus';
  }

  /** Shows the application title. */
  setTitle(title: string): void {
    this.text(this.title, title);
  }

  /** Shows the connection state. */
  setState(state: ConnectionState): void {
    this.text(this.state, STATE_TEXT[state]);
    this.state.dataset.state = state;
  }

  /** Shows render fps, the last frame's entity count and number. */
  setStats(fps: number, entities: number, frame: number): void {
    const f = frame < 0 ? 'no frame yet' : `frame ${frame}`;
    this.text(this.stats, `${Math.round(fps)} fps · ${entities.toLocaleString('en-US')} entities · ${f}`);
  }

  /** Shows that the simulation is paused and at what speed (hidden while it runs at 1×, or without time control). */
  setTime(time: { paused: boolean; time_scale: number } | undefined): void {
    const text = time === undefined ? '' : time.paused ? `⏸ paused · speed ${time.time_scale}×` : time.time_scale !== 1 ? `speed ${time.time_scale}×` : '';
    this.time.hidden = text === '';
    this.time.dataset.paused = String(time?.paused ?? false);
    this.text(this.time, text);
  }

  /**
   * Marks what is drawn as the past (`frame`: the recorded frame shown, from the frame's header) or
   * as the live world (undefined): a line in the HUD and a tint over the whole view (root's data-past).
   */
  setPast(frame: number | undefined): void {
    this.past.hidden = frame === undefined;
    this.text(this.past, frame === undefined ? '' : `frame ${frame} — past`);
    if (frame === undefined) delete this.root.dataset.past;
    else if (this.root.dataset.past !== String(frame)) this.root.dataset.past = String(frame);
  }

  /** Says how many entities a breakpoint's hit highlights (hidden for 0). */
  setHighlighted(count: number): void {
    this.hit.hidden = count === 0;
    this.text(this.hit, count === 0 ? '' : `● breakpoint hit: ${count} ${count === 1 ? 'entity' : 'entities'} marked`);
  }

  /** Shows a problem with the stream (or hides it with undefined). */
  setProblem(message: string | undefined): void {
    this.problem.hidden = message === undefined;
    this.text(this.problem, message ?? '');
  }

  /** Shows the hover label near CSS pixel (x, y) of the page. */
  showTooltip(text: string, x: number, y: number): void {
    this.text(this.tooltip, text);
    this.tooltip.hidden = false;
    this.tooltip.style.transform = `translate(${Math.round(x + 14)}px, ${Math.round(y + 12)}px)`;
  }

  /** Hides the hover label. */
  hideTooltip(): void {
    this.tooltip.hidden = true;
  }

  /** Shows the selection card. */
  showSelection(s: SelectionInfo): void {
    this.card.hidden = false;
    const title = s.label !== undefined && s.label !== s.name ? `${s.label} (${s.name})` : s.name ?? `Entity ${s.id}`;
    this.text(this.cardName, title);
    this.text(this.cardPath, s.path !== undefined ? `${s.path} · #${s.id}` : `#${s.id}`);
    this.text(this.cardNote, s.present ? '' : 'not in the latest frame: disabled or deleted');
    this.cardPathValue = s.path ?? String(s.id);
    if (this.openButton instanceof HTMLAnchorElement && this.explorer.kind === 'link') {
      const href = this.explorer.href(this.cardPathValue);
      if (this.openButton.getAttribute('href') !== href) this.openButton.href = href;
    }
  }

  /** Hides the selection card. */
  hideSelection(): void {
    this.card.hidden = true;
  }

  private text(e: HTMLElement, value: string): void {
    if (this.shown.get(e) === value) return;
    this.shown.set(e, value);
    e.textContent = value;
  }
}
