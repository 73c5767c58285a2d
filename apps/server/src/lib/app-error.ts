import { ERRORS, errorFieldOf, type ErrorCode } from '@pinboard/shared';

/** The one error type services throw; the error handler turns it into the failure envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field: string | null;
  readonly detail: string | null;

  constructor(
    code: ErrorCode,
    options: {
      field?: string;
      detail?: string;
      message?: string;
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
  }
}
