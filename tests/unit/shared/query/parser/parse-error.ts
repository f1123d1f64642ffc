// The error a query expression that must not parse throws (fails the test when it parses).
import { QueryParseError, parseQuery } from '../../../../../src/shared/query/parser';

export function parseError(q: string): QueryParseError {
  try {
    parseQuery(q);
  } catch (e) {
    if (e instanceof QueryParseError) return e;
    throw e;
  }
  throw new Error(`expected ${JSON.stringify(q)} to fail to parse`);
}
