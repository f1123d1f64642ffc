// Narrow bridge between the sandboxed renderer and the main process: app info and frames.
import { contextBridge, ipcRenderer } from 'electron';

contextBridge.exposeInMainWorld('ecsHost', {
  appInfo: (): Promise<unknown> => ipcRenderer.invoke('app-info'),
});
