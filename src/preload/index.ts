// Narrow bridge between the sandboxed renderer and the main process (contextIsolation + sandbox):
// app info, the explorer window, in-process REST requests and the frame MessagePort.
// A sandboxed preload can require only 'electron', so it imports the one protocol file that has no imports.
import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_METHODS, FRAMES_PORT_MESSAGE, HOST_CHANNELS, type HostBridge, type HostReply } from '../shared/protocol/bridge';

// Longest request target the REST transport accepts (64 KiB); longer ones could only fail.
const MAX_URL_LENGTH = 65_536;

function checkedRequest(method: unknown, url: unknown): Promise<HostReply> {
  const m = typeof method === 'string' ? method.toUpperCase() : '';
  if (!BRIDGE_METHODS.includes(m)) {
    return Promise.reject(new TypeError(`ecsHost.request: method ${JSON.stringify(method)} is not one of ${BRIDGE_METHODS.join(', ')}`));
  }
  if (typeof url !== 'string' || !url.startsWith('/') || url.length > MAX_URL_LENGTH) {
    return Promise.reject(new TypeError(`ecsHost.request: url must be a request target starting with '/' (at most ${MAX_URL_LENGTH} characters), got ${JSON.stringify(String(url).slice(0, 80))}`));
  }
  return ipcRenderer.invoke(HOST_CHANNELS.request, m, url) as Promise<HostReply>;
}

const bridge: HostBridge = {
  appInfo: () => ipcRenderer.invoke(HOST_CHANNELS.appInfo),
  openExplorer: (path?: string) => {
    ipcRenderer.send(HOST_CHANNELS.openExplorer, typeof path === 'string' && path.length <= 4096 ? path : undefined);
  },
  request: checkedRequest,
};

contextBridge.exposeInMainWorld('ecsHost', bridge);

// The page's scripts listen for the port from their first run; handing it over before the
// document has been parsed could reach a page with no listener yet, so wait for DOMContentLoaded.
let domReady = document.readyState !== 'loading';
let pendingPort: MessagePort | undefined;

function handOver(port: MessagePort): void {
  window.postMessage(FRAMES_PORT_MESSAGE, '*', [port]);
}

ipcRenderer.on(HOST_CHANNELS.framesPort, (event) => {
  const port = event.ports[0];
  if (port === undefined) return;
  if (domReady) {
    handOver(port);
    return;
  }
  pendingPort?.close();
  pendingPort = port;
});

function onReady(): void {
  domReady = true;
  if (pendingPort !== undefined) {
    handOver(pendingPort);
    pendingPort = undefined;
  }
  // Tells main the page can take a frame port now (also after every reload).
  ipcRenderer.send(HOST_CHANNELS.framesReady);
}

if (domReady) onReady();
else window.addEventListener('DOMContentLoaded', onReady, { once: true });
