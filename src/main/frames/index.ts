// Public exports of the frame stream's scene side: packing a scene's drawn entities into viewport
// frames and the names (meta) messages beside them. Any scene that is a DrawnScene can use them.
export type { DrawnScene } from './drawn-scene';
export { packFrame, drawnEntities, type PackOptions } from './pack-frame';
export { metaMessage, metaVersion, watchLabels } from './names-message';
export { eulerToQuaternion } from './quaternion';
