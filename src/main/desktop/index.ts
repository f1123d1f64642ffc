// The desktop (Electron) app's wiring, taking the Electron API as a parameter.
export { answerBridgeRequest, startDesktopApp, type DesktopApp, type DesktopPaths } from './desktop-app';
export type { DesktopApi, WindowLike, WindowOptions, WebPreferences, MenuItemTemplate } from './desktop-api';
