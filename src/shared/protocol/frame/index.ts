// The viewport frame protocol on its own: binary frames, the writer, the decoder and the JSON
// side messages. Bundles that must stay small (the viewport page) import this folder rather than
// the protocol index, which also carries the REST schemas.
export { Shape, SHAPE_COUNT, FrameFlag, FRAME_MAGIC, FRAME_VERSION, FRAME_HEADER_BYTES, FRAME_BYTES_PER_ENTITY, FRAME_MAX_ENTITIES, LIVE_FRAME, frameByteLength } from './frame-format';
export { FrameWriter, type FrameSections } from './frame-writer';
export { decodeFrame, readFrameHeader, FrameFormatError, type FrameView, type FrameHeader } from './frame-decode';
export { isMetaMessage, parseMetaMessage, isFrameAck, type MetaMessage, type MetaEntity, type FrameAck } from './frame-meta';
