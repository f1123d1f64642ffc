// The explorer speaks the contract's names (`ecs.core.ChildOf`). A host in a compat mode prints
// the reference's (`flecs.core.ChildOf`) and still reads ours, so the explorer reads its replies
// back in the contract's names: the built-in root module `flecs` becomes `ecs` wherever a name
// starts with it (protocol's renameRoot, the rule the server's Flecs 4 dialect renames by).
// Replies without it are left untouched.
import { REFERENCE_ROOT, WORLD_ROOT, renameRoot } from '../../../shared/protocol/constants';

/** `text` (a JSON reply) with the reference's built-in module names read as the contract's. */
export function toContractNames(text: string): string {
  return renameRoot(text, REFERENCE_ROOT, WORLD_ROOT);
}

/** A parsed reply read in the contract's names (a copy when anything was renamed); undefined (a watch in error has no reply) stays undefined. */
export function replyInContractNames<T>(reply: T): T {
  if (reply === undefined) return reply;
  const text = JSON.stringify(reply);
  const renamed = toContractNames(text);
  return renamed === text ? reply : JSON.parse(renamed) as T;
}
