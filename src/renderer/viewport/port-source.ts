// Frames over the MessagePort that the desktop app's preload hands to the page.
import { FRAMES_PORT_MESSAGE } from '../../shared/protocol/bridge';
import { routeFrameMessage } from './frame-inbox';
import type { FrameSinks, FrameSource } from './frame-source';

/**
 * A FrameSource fed by the MessagePort posted as window message 'ecs-frames'. Listens from the
 * moment it is made, so create it while the page's scripts first run (the port may come early).
 */
export function messagePortSource(): FrameSource {
  let sinks: FrameSinks | undefined;
  let port: MessagePort | undefined;
  let early: MessagePort | undefined;

  const attach = (p: MessagePort): void => {
    port?.close();
    port = p;
    p.onmessage = (e: MessageEvent) => routeFrameMessage(e.data, sinks);
    sinks?.state('live');
  };

  window.addEventListener('message', (e: MessageEvent) => {
    if (e.source !== window || e.data !== FRAMES_PORT_MESSAGE || e.ports[0] === undefined) return;
    if (sinks === undefined) early = e.ports[0];
    else attach(e.ports[0]);
  });

  return {
    description: 'desktop app (MessagePort)',
    start(s: FrameSinks): void {
      sinks = s;
      s.state('connecting');
      if (early !== undefined) {
        attach(early);
        early = undefined;
      }
    },
    drawn(frameNumber: number): void {
      port?.postMessage({ ack: frameNumber });
    },
  };
}
