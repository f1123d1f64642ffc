/** What went wrong, for callers that branch on it (the REST layer maps codes to statuses). */
export type EcsErrorCode =
  | 'not_alive'          // the entity was deleted or never existed
  | 'unknown_component'  // an id that is not a registered component where data is needed
  | 'not_a_component'    // data given for a tag or a pair without a data type
  | 'invalid_value'      // a value that does not fit the member's type
  | 'unknown_member'     // a member name the component does not have
  | 'name_clash'         // a sibling already has that name
  | 'invalid_name'       // empty or containing a path separator
  | 'cycle'              // ChildOf or IsA would make a cycle
  | 'builtin'            // built-in entities cannot be changed this way
  | 'invalid_argument';  // anything else a caller passed wrong

/** The store's typed error: a code, and a message that names the culprit and what to do. */
export class EcsError extends Error {
  readonly code: EcsErrorCode;
  /** For World.setMany: the index of the entry that was refused. */
  entry?: number;
  constructor(code: EcsErrorCode, message: string) {
    super(message);
    this.name = 'EcsError';
    this.code = code;
  }
}

/** The error for an entity (or pair part) that is not alive. */
export function notAliveError(e: number, what = 'entity'): EcsError {
  return new EcsError('not_alive', `${what} ${e} is not alive (deleted or never created)`);
}
