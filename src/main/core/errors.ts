import { ResponseCode } from '../../shared/codes';

/** An error that carries an envelope code, so it can cross the bridge as `{ok:false, code, msg}`. */
export class CodedError extends Error {
  readonly code: string;

  constructor(code: string, msg: string) {
    super(msg);
    this.name = 'CodedError';
    this.code = code;
  }
}

/** A call to the API server failed: a non-`00000` envelope, an HTTP error, or no answer at all. */
export class ApiError extends CodedError {
  /** The HTTP status when the server answered; null when it could not be reached. */
  readonly httpStatus: number | null;

  constructor(code: string, msg: string, httpStatus: number | null = null) {
    super(code, msg);
    this.name = 'ApiError';
    this.httpStatus = httpStatus;
  }
}

/** A caller of the core passed something unusable; the msg names the field. */
export class InputError extends CodedError {
  constructor(msg: string) {
    super(ResponseCode.InvalidInput, msg);
    this.name = 'InputError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
