// The two faces of a host's REST interface. At the root it speaks the dialect it was started in
// (--compat), for outside clients such as the Flecs explorers, which cannot say which dialect
// they speak. Under CONTRACT_MOUNT it always speaks the contract, for the host's own pages (the
// explorer) and tools (MCP), which can: so they work on a host of any dialect, and need to speak
// only one (docs/dialects.md, "Our explorer on every dialect"). In contract mode both faces are
// one router and one set of watches.
import { CONTRACT_MOUNT, WATCH_PREFIX } from '../../shared/protocol';
import type { RestRequest, Router } from '../../shared/rest';
import { WatchFeeds, type WatchClock } from './watch-feeds';

/** A router with the watches of its GETs. */
export interface RestFace {
  readonly router: Router;
  readonly watches: WatchFeeds;
}

/** The watch prefix of the contract face: `/contract/watch/`. */
export const CONTRACT_WATCH_PREFIX = `${CONTRACT_MOUNT}${WATCH_PREFIX}`;

const HISTORY_PATH = '/history';

/** True for /history and /history/… targets (with or without a query). */
function isHistoryTarget(target: string): boolean {
  return target.startsWith(HISTORY_PATH) && (target.length === HISTORY_PATH.length || '/?'.includes(target[HISTORY_PATH.length]!));
}

/** The dialect's face at the root and the contract's under CONTRACT_MOUNT. */
export class RestFaces {
  readonly root: RestFace;
  readonly contract: RestFace;

  /** `root` serves the host's dialect; `contract` the contract (the same router when the dialect is the contract). */
  constructor(root: Router, contract: Router, clock: WatchClock) {
    this.root = { router: root, watches: new WatchFeeds(root, clock) };
    this.contract = contract === root ? this.root : { router: contract, watches: new WatchFeeds(contract, clock) };
  }

  /** The face a request target is for, and the target as that face reads it (the mount taken off). */
  faceOf(req: RestRequest): { face: RestFace; req: RestRequest } {
    const url = req.url;
    if (url.startsWith(CONTRACT_MOUNT) && (url.length === CONTRACT_MOUNT.length || '/?&'.includes(url[CONTRACT_MOUNT.length]!))) {
      const rest = url.slice(CONTRACT_MOUNT.length);
      const target = rest.startsWith('/') ? rest : `/${rest}`;
      // The history endpoints read and write the same in every dialect, and the history is the root
      // router's (it records the writes of the host's dialect): the contract face passes them there.
      const face = isHistoryTarget(target) ? this.root : this.contract;
      return { face, req: { ...req, url: target } };
    }
    return { face: this.root, req };
  }

  /** Answers watches of both faces after a frame; `spent` steps of each face's frame budget are already taken (by the breakpoints). */
  afterFrame(spent = 0): void {
    this.root.watches.afterFrame(spent);
    if (this.contract !== this.root) this.contract.watches.afterFrame(spent);
  }

  /** Writes one event (a breakpoint's `break`) to every open stream of both faces. */
  broadcast(event: string, data: string): void {
    this.root.watches.broadcast(event, data);
    if (this.contract !== this.root) this.contract.watches.broadcast(event, data);
  }

  /** Methods either face serves (the transport refuses others), and those that write. */
  get methods(): { all: readonly string[]; writes: readonly string[] } {
    const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])];
    return { all: union(this.root.router.methods, this.contract.router.methods), writes: union(this.root.router.writeMethods, this.contract.router.writeMethods) };
  }
}
