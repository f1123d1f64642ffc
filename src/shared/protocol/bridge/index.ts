// The desktop app's preload bridge on its own: the preload imports this folder, which imports nothing.
export * from './host-bridge';
