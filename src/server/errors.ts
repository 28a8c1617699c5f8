/**
 * Typed domain errors; the error handler maps them to `{ message, field? }` with a status code.
 * `field` names the body field the message is about, so a form can show it under that field.
 */
export class DomainError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
export class NotFound extends DomainError {
  constructor(message: string) {
    super(404, message);
  }
}
export class Invalid extends DomainError {
  constructor(message: string, field?: string) {
    super(400, message, field);
  }
}
export class Conflict extends DomainError {
  constructor(message: string, field?: string) {
    super(409, message, field);
  }
}
export class Forbidden extends DomainError {
  constructor(message: string, field?: string) {
    super(403, message, field);
  }
}
/**
 * A part the store depends on (the database, object storage, the disk) cannot serve this request
 * just now: 503 with `Retry-After` (seconds). A change may or may not have been made (the database
 * can be lost after a commit): a client asks again only for a read, or a change made idempotent.
 */
export class Unavailable extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds = 5,
  ) {
    super(503, message);
  }
}
