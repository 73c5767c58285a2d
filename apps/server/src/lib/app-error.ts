import { ERRORS, errorFieldOf, type ErrorCode } from '@pinboard/shared';

/** The one error type services throw; the error handler turns it into the failure envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field: string | null;
  readonly detail: string | null;
  /** Extra facts for the client (`mfa_required`: `{ phone_number_end }`); the envelope's `error.data`. */
  readonly data: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    options: {
      field?: string;
      detail?: string;
      message?: string;
      data?: Record<string, unknown>;
      /** Overrides the code's status. */ status?: number;
    } = {},
  ) {
    super(options.message ?? ERRORS[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? ERRORS[code].status;
    // Sign-up and login codes belong to one form field; the catalogue names it.
    this.field = options.field ?? errorFieldOf(code);
    this.detail = options.detail ?? null;
    this.data = options.data;
  }
}
