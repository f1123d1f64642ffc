// Public exports of the explorer's time view: the paused banner, the lines other panels add to
// it, the timeline and the frame the panels show.
export * from './banner-lines';
export * from './paused-banner';
export * from './history-marks';
export * from './timeline';
