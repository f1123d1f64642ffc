// The time_control tool: pause, resume, step and scale through the same PUT /set on the World's
// ecs.app.TimeControl as REST. A step returns once its ticks ran (not when they were asked for), and
// every answer tells loop frames (every frame, paused or not) from simulated frames (ticks the
// systems ran), so an agent can see that a paused world stands still.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { TIME_SCALE_RANGE, type TimeControlValue } from '../../shared/app';
import { guarded, textResult, type McpLink } from './tool-result';
import { strictInput } from './tool-schemas';
import { WAIT_MAX_FRAMES } from './wait-for';

const [SCALE_MIN, SCALE_MAX] = TIME_SCALE_RANGE;

/** The time control as the world holds it, with the loop's and the simulation's frame counts. */
function timeState(link: McpLink): Record<string, unknown> {
  const w = link.world, app = link.app;
  const tc = w.get<TimeControlValue>(w.core.World, app.TimeControl);
  return { ...tc, frame: app.frameCount, simulated_frame: app.pipeline.frame };
}

/** Writes TimeControl members as PUT /set does; the REST error message when refused (the router's error replies all carry it, else the body). */
function write(link: McpLink, value: Partial<TimeControlValue>): string | undefined {
  const data = { ids: [['ecs.app.TimeControl']], values: [value] };
  const reply = link.answer({ method: 'PUT', url: `/set/ecs/core/World?data=${encodeURIComponent(JSON.stringify(data))}`, headers: {} });
  return reply.status < 400 ? undefined : reply.error ?? reply.body;
}

/**
 * Resolves after the frame in which the steps ran out (or time was resumed, which drops them), or
 * at once when the loop is stopped; false when the client cancelled first.
 */
function stepsRan(link: McpLink, signal: AbortSignal): Promise<boolean> {
  const w = link.world, app = link.app;
  return new Promise((resolve) => {
    const off = app.onFrame(() => {
      const tc = w.get<TimeControlValue>(w.core.World, app.TimeControl);
      if (tc === undefined || !tc.paused || tc.step === 0) finish(true);
    });
    const onAbort = () => finish(false);
    function finish(ran: boolean): void {
      off();
      signal.removeEventListener('abort', onAbort);
      resolve(ran);
    }
    signal.addEventListener('abort', onAbort);
    if (!app.isRunning) finish(true);
  });
}

/** Registers the time_control tool (the host's app must have time control). */
export function registerTimeControl(server: McpServer, link: McpLink): void {
  server.registerTool('time_control', {
    description: `Pause (simulated time stops now, steps not yet run are dropped; frames, REST and watches go on), resume, step N simulation ticks (pauses first, returns once they ran, and leaves the world paused) or set the time scale (${SCALE_MIN} to ${SCALE_MAX}). `
      + 'Returns paused, step (ticks still to run), time_scale, frame (frames the loop ran, paused ones included: watch event ids count these) and simulated_frame (ticks the systems ran; it stands still while paused).',
    inputSchema: strictInput({
      action: z.enum(['pause', 'resume', 'step', 'scale']).describe('pause, resume, step (frames: how many ticks) or scale (scale: the factor)'),
      frames: z.number().int().min(1).max(WAIT_MAX_FRAMES).optional().describe(`with step: how many simulation ticks to run (default 1, at most ${WAIT_MAX_FRAMES})`),
      scale: z.number().optional().describe(`with scale: factor on simulated time, from ${SCALE_MIN} to ${SCALE_MAX} (1 real time, 0.5 half speed, 0 stands still)`),
    }),
  }, guarded(link, 'time_control', async ({ action, frames, scale }, extra): Promise<CallToolResult> => {
    if (link.app.TimeControl === 0) return textResult('this world has no time control', true);
    let refused: string | undefined;
    switch (action) {
      case 'pause': refused = write(link, { paused: true, step: 0 }); break;
      case 'resume': refused = write(link, { paused: false }); break;
      case 'step': {
        const before = link.app.pipeline.frame;
        refused = write(link, { paused: true, step: frames ?? 1 });
        if (refused !== undefined) break;
        if (!(await stepsRan(link, extra.signal))) return textResult('time_control step was cancelled by the client; the steps not yet run are still pending', true);
        const stepped = link.app.pipeline.frame - before;
        return textResult(JSON.stringify({ ...timeState(link), stepped, ...(link.app.isRunning ? {} : { note: 'the loop is stopped: the steps run when it starts' }) }));
      }
      case 'scale':
        if (scale === undefined) return textResult(`action 'scale' needs 'scale', a number from ${SCALE_MIN} to ${SCALE_MAX} (e.g. 0.5 for half speed)`, true);
        if (!(scale >= SCALE_MIN && scale <= SCALE_MAX)) return textResult(`scale must be a number from ${SCALE_MIN} to ${SCALE_MAX}, got ${scale} (a factor on simulated time: 1 real time, 0.5 half speed, 0 stands still); the time control is unchanged`, true);
        refused = write(link, { time_scale: scale });
        break;
      default: {
        const never: never = action;
        return textResult(`unknown action ${String(never)}`, true);
      }
    }
    return refused === undefined ? textResult(JSON.stringify(timeState(link))) : textResult(refused, true);
  }));
}
