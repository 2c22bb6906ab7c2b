/**
 * What a failed parse of a contract schema looks like, for the screens that show its messages.
 * The contract is written with `zod/mini` (tree-shakable: a bundle holds only the schemas it
 * reaches; docs/first-load.md), whose parse throws zod's core error class, so checks go through
 * here instead of a particular flavour's `ZodError`.
 */
import * as z from 'zod/mini';

export type ValidationError = z.core.$ZodError;
export type SafeParseResult<T> = z.core.util.SafeParseResult<T>;

export function isValidationError(error: unknown): error is ValidationError {
  return error instanceof z.core.$ZodError;
}
