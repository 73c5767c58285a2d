import { ERRORS, type FailureEnvelope, type SuccessEnvelope } from '@pinboard/shared';
import type { AppError } from './app-error.ts';

/** The success envelope around a value (and the next page's bookmark for lists). */
export function ok<T>(data: T, bookmark: string | null = null): SuccessEnvelope<T> {
  return { resource_response: { status: 'success', data, bookmark } };
}

export function failure(error: AppError): FailureEnvelope {
  return {
    resource_response: {
      status: 'failure',
      data: null,
      error: {
        http_status: error.status,
        api_error_code: ERRORS[error.code].apiCode,
        code: error.code,
        message: error.message,
        message_detail: error.detail,
        field: error.field,
        ...(error.data ? { data: error.data } : {}),
      },
    },
  };
}
