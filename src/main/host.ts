// Plain-Node entry: the headless host that `npm start` falls back to and that the e2e tests drive.
import { parseHostOptions } from './cli';

const options = parseHostOptions(process.argv);
console.log(`ecs-live: ${options.title} on http://${options.address}:${options.port}/ (stub)`);
