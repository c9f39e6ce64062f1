/**
 * Typed errors. Each carries a stable `code` and a message that tells the user what to fix;
 * the HTTP layer maps codes to statuses and never shows a stack.
 */
export type ErrorCode =
  | "config_invalid"
  | "data_missing"
  | "data_invalid"
  | "snapshot_invalid"
  | "invalid_input"
  | "not_found"
  | "conflict"
  | "unknown_entity"
  | "model_error"
  | "backend_unavailable"
  | "budget_exceeded"
  | "aborted";

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;
  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.details = details;
  }
}

export class DataMissingError extends AppError {
  constructor(message: string) {
    super("data_missing", message);
    this.name = "DataMissingError";
  }
}

export class InvalidInputError extends AppError {
  constructor(message: string, details?: unknown) {
    super("invalid_input", message, details);
    this.name = "InvalidInputError";
  }
}

export class NotFoundError extends AppError {
  constructor(message: string, details?: unknown) {
    super("not_found", message, details);
    this.name = "NotFoundError";
  }
}

export class BackendUnavailableError extends AppError {
  constructor(message: string, details?: unknown) {
    super("backend_unavailable", message, details);
    this.name = "BackendUnavailableError";
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}

/** A message that is safe to show a user: never a stack, never an internal object dump. */
export function publicMessage(e: unknown): string {
  if (e instanceof AppError) return e.message;
  if (e instanceof Error && e.name === "AbortError") return "the request was cancelled";
  return "internal error";
}
