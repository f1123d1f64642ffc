// Narrow bridge between the sandboxed renderer and the main process (contextIsolation + sandbox):
// app info, the explorer window, in-process REST requests and the frame MessagePort.
// A sandboxed preload can require only 'electron', so it imports the one protocol file that has no imports.
import { contextBridge, ipcRenderer } from 'electron';
import { checkBridgeRequest, FRAMES_PORT_MESSAGE, HOST_CHANNELS, type HostBridge, type HostReply } from '../shared/protocol/bridge';

function checkedRequest(method: unknown, url: unknown): Promise<HostReply> {
  const checked = checkBridgeRequest(method, url);
  if (!checked.ok) return Promise.reject(new TypeError(checked.error));
  return ipcRenderer.invoke(HOST_CHANNELS.request, checked.method, checked.url) as Promise<HostReply>;
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
