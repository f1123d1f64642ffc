// The title bar: the application title (the World's doc name), the connection state, the
// monitor's load meter when the World has one, the active alerts' badge, the breakpoints' badge, the layout switcher (Explore / Statistics) and, in
// the explore layout, the panel switches, and About (?): the address agents use (MCP).
import { useEffect, useState } from 'preact/hooks';
import { WORLD_URL, type EntityReply, type RestClient } from './client';
import { LAYOUT_NAMES, PANEL_NAMES, type LayoutName, type PanelName } from './state';
import { useClient, useRest } from './ui';
import { formatSeconds } from './stats';
import { TimeControls } from './time-controls';
import { AlertsBadge } from './alerts';
import { BreakpointsBadge } from './breakpoints';
import { MCP_PATH } from '../../shared/protocol/constants';

/** Title, state and load of the World, re-read every 2 s. */
export const WORLD_POLL_MS = 2000;

const PANEL_TITLES: Record<PanelName, string> = { tree: 'Entities', inspector: 'Inspector', query: 'Query' };
const LAYOUT_TITLES: Record<LayoutName, string> = { explore: 'Explore', stats: 'Statistics' };

function useConnectionState(client: RestClient) {
  const [, setTick] = useState(0);
  useEffect(() => client.subscribe((e) => { if (e === 'state') setTick((t) => t + 1); }), [client]);
  return { state: client.state, error: client.lastError };
}

/** The monitor's WorldSummary on the World entity, if present. */
function worldSummary(reply: EntityReply | undefined): Record<string, unknown> | undefined {
  const i = reply?.ids?.findIndex((id) => id.length === 1 && id[0] === 'ecs.monitor.WorldSummary') ?? -1;
  const v = i >= 0 ? reply?.values?.[i] : undefined;
  return v && typeof v === 'object' ? v : undefined;
}

/** Props of TitleBar. */
export interface TitleBarProps {
  layout: LayoutName;
  onLayout(layout: LayoutName): void;
  panels: readonly PanelName[];
  onTogglePanel(p: PanelName): void;
  /** A problem with the address parameters. */
  warning?: string;
}

/** About: where other clients reach this host; agents (MCP) at the REST address + MCP_PATH. */
function About({ base }: { base: string | undefined }) {
  const url = base === undefined ? `the host's REST address followed by ${MCP_PATH}` : `${base}${MCP_PATH}`;
  return (
    <details class="about" data-testid="about">
      <summary title="About and help">?</summary>
      <div class="about-body">
        <div>Agents (MCP, Streamable HTTP): <code class="mono" data-testid="mcp-url">{url}</code></div>
        <div class="dim">Add it to an agent as an HTTP server (Claude Code: .mcp.json, type http). See docs/mcp.md.</div>
      </div>
    </details>
  );
}

/** The title bar. */
export function TitleBar({ layout, onLayout, panels, onTogglePanel, warning }: TitleBarProps) {
  const client = useClient();
  const { state, error } = useConnectionState(client);
  const world = useRest<EntityReply>(WORLD_URL, { intervalMs: WORLD_POLL_MS });
  const title = world.data?.label;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  const summary = worldSummary(world.data);
  const fps = typeof summary?.target_fps === 'number' ? summary.target_fps : undefined;
  const frame = typeof summary?.frame_time_last === 'number' ? summary.frame_time_last : undefined;
  const load = fps && frame !== undefined ? Math.min(1, frame * fps) : undefined;
  const stateText = state === 'online' ? 'connected' : state === 'connecting' ? 'connecting…' : 'reconnecting…';
  return (
    <header class="title-bar">
      <div class="app-title">
        <span class="logo" aria-hidden="true">◆</span>
        <h1 title="Application title (the World's doc name)">{title ?? 'Explorer'}</h1>
      </div>
      <div class={`conn conn-${state}`} title={error ? error.message : `${stateText}: ${client.transport.label}`} data-state={state} data-testid="connection">
        <span class="dot" />
        <span class="conn-text">{stateText}</span>
        <span class="conn-target mono">{client.transport.kind === 'local' ? 'desktop app' : client.transport.label}</span>
      </div>
      {state === 'offline' && error ? <div class="conn-error" role="status">{error.message}</div> : null}
      {warning ? <div class="conn-error" role="status">{warning}</div> : null}
      {world.error && world.error.kind !== 'network' ? <div class="conn-error" role="status">World: {world.error.message}</div> : null}
      <div class="spacer" />
      <TimeControls world={world.data} />
      <AlertsBadge />
      <BreakpointsBadge />
      {load !== undefined ? (
        <div class="load" title={`last frame ${formatSeconds(frame)} of a ${formatSeconds(1 / fps!)} budget at ${fps} fps`}>
          <span class="dim">load</span>
          <span class="meter"><span style={{ width: `${Math.round(load * 100)}%` }} class={load > 0.9 ? 'hot' : load > 0.6 ? 'warm' : ''} /></span>
          <span class="mono">{formatSeconds(frame)}</span>
        </div>
      ) : null}
      {layout === 'explore' ? (
        <nav class="panel-toggles" aria-label="Panels" title="Show or hide a panel">
          {PANEL_NAMES.map((p) => (
            <button key={p} type="button" class={panels.includes(p) ? 'on' : ''} aria-pressed={panels.includes(p)} onClick={() => onTogglePanel(p)}>
              <span class="check" aria-hidden="true">{panels.includes(p) ? '✓' : ''}</span>{PANEL_TITLES[p]}
            </button>
          ))}
        </nav>
      ) : null}
      <div class="layout-switch" role="tablist" aria-label="Layout">
        {LAYOUT_NAMES.map((l) => (
          <button key={l} type="button" role="tab" aria-selected={layout === l} class={layout === l ? 'on' : ''} onClick={() => onLayout(l)}>
            {LAYOUT_TITLES[l]}
          </button>
        ))}
      </div>
      <About base={client.transport.kind === 'local' ? undefined : client.transport.label} />
    </header>
  );
}
