// Public API of the history (time travel): recording a live app's world, reading and restoring
// its past through a replica, replaying, and the recording's bounds.
export { History, type HistoryOptions, type HistorySummary, type HistoryListener, type FaceHistory, type HistoryFileOptions } from './history';
export {
  HISTORY_FILE_MAGIC, HISTORY_FILE_VERSION, RECORD_KIND, HistoryFileError, readHistoryFileHeader, decodeHistoryFile, encodeHistoryFile,
  type HistoryFile, type HistoryFileHeader, type FileComponent,
} from './file-format';
export { Recording, type RecordingBounds } from './recording';
export { Replayer, ReplayMismatch, replayFrame, applyInput, routerOf, type Replica, type ReplicaRouter } from './replay';
export {
  DEFAULT_HISTORY_SECONDS, DEFAULT_MAX_HISTORY_BYTES, KEYFRAME_INTERVAL, FRAME_RECORD_BYTES,
  type FrameRecord, type HistoryInput, type Segment,
} from './history-types';
export { verifyReplay, type VerifyResult } from './verify';
export { diffImages, isProcessStatistic } from './image-diff';
