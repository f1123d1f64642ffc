// The host shared by the Electron and the plain-Node entries.
export { Host, FRAME_CLOSE_TIMEOUT_MS, FRAME_HEADER, type HostUrls } from './host';
export { FrameHub } from './frame-hub';
export { attachFramePort, type FramePortLike, type FramePortLink } from './frame-port';
export { attachFrameSocket, type FrameSocket } from './frame-socket';
export { WatchFeeds, type WatchClock } from './watch-feeds';
