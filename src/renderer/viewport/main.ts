// The viewport page: draws the frames the host streams (WebSocket in a browser, MessagePort in
// the desktop app). It owns no simulation state: what it shows is always the last frame drawn.
import './viewport.css';
import type { MetaEntity } from '../../shared/protocol/frame';
import { FrameInbox, sceneRadius } from './frame-inbox';
import type { FrameSource } from './frame-source';
import { frameSocketUrl, webSocketSource } from './ws-source';
import { messagePortSource } from './port-source';
import { hostBridge } from '../common';
import { InstancedEntities } from './instancing';
import { createViewportScene } from './scene';
import { Picker, indexOfId, isSelectable } from './picking';
import { Overlay, type ExplorerOpener } from './overlay';
import { FpsMeter } from './fps-meter';
import { createSelectionMarker } from './selection-marker';
import { HitMarkers } from './hit-markers';
import { installTestHooks } from './test-hooks';

const params = new URLSearchParams(location.search);
const wsOverride = params.get('ws');
const bridge = hostBridge();
// The port may be handed over before anything else runs, so the port source listens from here on.
const source: FrameSource = bridge !== undefined && wsOverride === null
  ? messagePortSource()
  : webSocketSource(frameSocketUrl(location, wsOverride));

/** Where the explorer of the host we draw lives (its origin, for ?ws= pointing at another host). */
function explorerOpener(): ExplorerOpener {
  if (bridge !== undefined) return { kind: 'callback', open: (path) => bridge.openExplorer(path) };
  let base = '';
  if (wsOverride !== null && wsOverride !== '') {
    try {
      const u = new URL(/^wss?:\/\//.test(wsOverride) ? wsOverride : `ws://${wsOverride}`);
      base = `${u.protocol === 'wss:' ? 'https' : 'http'}://${u.host}`;
    } catch {
      // A malformed ?ws= cannot connect either (the overlay stays at "reconnecting"); links stay on this origin.
    }
  }
  return { kind: 'link', href: (path) => `${base}/explorer/?entity=${encodeURIComponent(path)}` };
}

const root = document.getElementById('app')!;
const entities = new InstancedEntities();
const view = createViewportScene(root, entities);
const canvas = view.renderer.domElement;
const picker = new Picker(entities, view.camera, canvas);
const overlay = new Overlay(root, explorerOpener());
const fps = new FpsMeter();
const marker = createSelectionMarker();
view.scene.add(marker);
const hitMarkers = new HitMarkers();
view.scene.add(hitMarkers.points);

const names = new Map<number, MetaEntity>();
let title = '';
const inbox = new FrameInbox();
let framed = false;
let selectedId: number | undefined;
let selectedPresent = false;

function setTitle(t: string): void {
  title = t;
  overlay.setTitle(t);
  document.title = t === '' ? 'Viewport' : `${t} — viewport`;
}

function showSelection(): void {
  if (selectedId === undefined) {
    overlay.hideSelection();
    marker.visible = false;
    return;
  }
  const named = names.get(selectedId);
  overlay.showSelection({ id: selectedId, name: named?.name, path: named?.path, label: named?.label, present: selectedPresent });
}

function select(id: number | undefined): void {
  selectedId = id;
  selectedPresent = id !== undefined && indexOfId(entities.current, id) >= 0;
  showSelection();
}
overlay.onDeselect = () => select(undefined);

source.start({
  // Only the newest frame matters; older ones that were never drawn are dropped by the inbox.
  frame: (data) => inbox.put(data),
  meta: (meta) => {
    names.clear();
    for (const e of meta.entities) names.set(e.id, e);
    setTitle(meta.title);
    overlay.setTime(meta.time);
    showSelection();
  },
  state: (s) => overlay.setState(s),
});
if (bridge !== undefined) {
  void bridge.appInfo().then((info) => {
    if (title === '') setTitle(info.title);
  }, () => {});
}

// Pointer: hover label, click to select (a drag that orbits is not a click), double-click to focus.
let pointer: { x: number; y: number; clientX: number; clientY: number } | undefined;
let pointerMoved = false;
let down: { x: number; y: number } | undefined;
canvas.addEventListener('pointermove', (e) => {
  const r = canvas.getBoundingClientRect();
  pointer = { x: e.clientX - r.left, y: e.clientY - r.top, clientX: e.clientX, clientY: e.clientY };
  pointerMoved = true;
});
canvas.addEventListener('pointerleave', () => {
  pointer = undefined;
  overlay.hideTooltip();
});
canvas.addEventListener('pointerdown', (e) => {
  down = e.button === 0 ? { x: e.clientX, y: e.clientY } : undefined;
});
canvas.addEventListener('pointerup', (e) => {
  if (down === undefined || Math.hypot(e.clientX - down.x, e.clientY - down.y) > 5) return;
  const r = canvas.getBoundingClientRect();
  const i = picker.pick(e.clientX - r.left, e.clientY - r.top);
  select(i < 0 ? undefined : entities.current!.ids[i]);
});
canvas.addEventListener('dblclick', () => {
  const frame = entities.current;
  const i = selectedId === undefined ? -1 : indexOfId(frame, selectedId);
  if (frame === undefined || i < 0) return;
  view.controls.target.set(frame.positions[i * 3]!, frame.positions[i * 3 + 1]!, frame.positions[i * 3 + 2]!);
});
window.addEventListener('keydown', (e) => {
  if (e.key === 'Escape') select(undefined);
});

function updateHover(): void {
  const frame = entities.current;
  if (pointer === undefined || frame === undefined) return;
  const i = picker.pick(pointer.x, pointer.y);
  const named = i < 0 ? undefined : names.get(frame.ids[i]!);
  if (named === undefined || !isSelectable(frame, i)) {
    overlay.hideTooltip();
    return;
  }
  overlay.showTooltip(named.label ?? named.name, pointer.clientX, pointer.clientY);
}

function drawPending(): void {
  const taken = inbox.take();
  if (taken.kind === 'none') return;
  if (taken.kind === 'error') {
    overlay.setProblem(taken.message);
    return;
  }
  const frame = taken.frame;
  overlay.setProblem(undefined);
  entities.apply(frame);
  hitMarkers.apply(frame);
  overlay.setPast(frame.pastFrame >= 0 ? frame.pastFrame : undefined);
  overlay.setHighlighted(hitMarkers.highlighted.length);
  if (!framed && frame.count > 0) {
    framed = true;
    view.frame(sceneRadius(frame.positions, frame.count));
  }
  source.drawn(frame.frameNumber);
  if (selectedId !== undefined) {
    const present = indexOfId(frame, selectedId) >= 0;
    if (present !== selectedPresent) {
      selectedPresent = present;
      showSelection();
    }
  }
}

function placeMarker(): void {
  const frame = entities.current;
  const i = selectedId === undefined ? -1 : indexOfId(frame, selectedId);
  marker.visible = i >= 0;
  if (i < 0 || frame === undefined) return;
  marker.position.set(frame.positions[i * 3]!, frame.positions[i * 3 + 1]!, frame.positions[i * 3 + 2]!);
  marker.scale.setScalar(Math.max(0.2, frame.scales[i]! * 1.6));
  marker.rotation.y += 0.01;
}

let framesSinceHover = 0;
let statsAt = 0;
function loop(): void {
  requestAnimationFrame(loop);
  drawPending();
  placeMarker();
  hitMarkers.animate(performance.now());
  // Hover picking walks every instance: on the frame after the pointer moves, and now and
  // then under a still pointer (entities move too).
  if (pointer !== undefined && (pointerMoved || ++framesSinceHover >= 10)) {
    pointerMoved = false;
    framesSinceHover = 0;
    updateHover();
  }
  view.render();
  fps.tick();
  // Text that changes every frame would be unreadable and costs layout: refresh it 4 times a second.
  const t = performance.now();
  if (t - statsAt >= 250) {
    statsAt = t;
    const frame = entities.current;
    overlay.setStats(fps.fps, frame?.count ?? 0, frame?.frameNumber ?? -1);
  }
}

setTitle('');
installTestHooks(entities, hitMarkers, picker, names, () => title);
requestAnimationFrame(loop);
