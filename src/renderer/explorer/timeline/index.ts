// Public exports of the explorer's time view: the paused banner and the lines other panels add to it.
export * from './banner-lines';
export * from './paused-banner';
