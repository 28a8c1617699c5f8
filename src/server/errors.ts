/** Typed domain errors; the error handler maps them to `{ message }` with a status code. */
export class DomainError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
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
  constructor(message: string) {
    super(400, message);
  }
}
export class Conflict extends DomainError {
  constructor(message: string) {
    super(409, message);
  }
}
export class Forbidden extends DomainError {
  constructor(message: string) {
    super(403, message);
  }
}
