// Successful GET replies, kept while the world is unchanged. Between two frames a running world
// answers the same GET with the same bytes, and clients poll: several explorers on one query,
// a dashboard on a few entities, a load of identical requests. The world's changeCount moves on
// every change the store sees (and every frame), so a reply is served again only while the
// count is the one it was made at; then the whole cache is dropped.
import type { World } from '../ecs';
import type { RestReply } from './types';

/** Bounds of a reply cache. */
export interface ReplyCacheLimits {
  /** Replies kept at most (default 256). */
  readonly maxEntries: number;
  /** Body characters kept at most, all replies together (default 32 MiB). */
  readonly maxChars: number;
  /** Longest request target that is cached (default 2048): longer ones are rarely repeated. */
  readonly maxKeyChars: number;
}

export const DEFAULT_REPLY_CACHE_LIMITS: ReplyCacheLimits = { maxEntries: 256, maxChars: 32 * 1024 * 1024, maxKeyChars: 2048 };

/** Replies by request target, valid for one state of one world. */
export class ReplyCache {
  private replies = new Map<string, RestReply>();
  private madeAt = -1;
  private chars = 0;

  constructor(private readonly world: World, private readonly limits: ReplyCacheLimits = DEFAULT_REPLY_CACHE_LIMITS) {}

  /** The reply made for `url` in the world's current state, or undefined. */
  get(url: string): RestReply | undefined {
    if (this.madeAt !== this.world.changeCount) {
      this.clear();
      return undefined;
    }
    return this.replies.get(url);
  }

  /** Keeps a reply made just now (nothing may have changed the world since it was made). */
  put(url: string, reply: RestReply): void {
    const l = this.limits;
    if (url.length > l.maxKeyChars || reply.body.length > l.maxChars) return;
    if (this.madeAt !== this.world.changeCount) { this.clear(); this.madeAt = this.world.changeCount; }
    if (this.replies.size >= l.maxEntries || this.chars + reply.body.length > l.maxChars) return;
    this.replies.set(url, reply);
    this.chars += reply.body.length;
  }

  /** Number of replies kept. */
  get size(): number {
    return this.replies.size;
  }

  private clear(): void {
    // A new map, not Map.clear(): V8's clear links the old table to the new one, so once a table
    // outlived a young-generation collection it held every later table and the replies in them
    // alive until a full collection (page replies promoted at 4.8 MB per scavenge under the load
    // mix's pace, against 0.12 MB with a new map; see docs/benchmarks.md, the fourth round).
    if (this.replies.size > 0) this.replies = new Map();
    this.chars = 0;
  }
}
