/**
 * The app's own messages, of no one domain (the age gate, a missing page, a refused or failed
 * request). Each domain keeps the rest in `<domain>/<domain>.messages.ts`; SPEC §5 and §8
 * messages are verbatim (spelling included) wherever they sit.
 */
export const messages = {
  ageGateQuestion: 'ARE YOU OF LEGAL SMOKING AGE?',
  ageGateSorry: 'Sorry, you must be above 21 years old to proceed.',
  notFound: 'Error 404 The page you are looking for is not found.',
  somethingWentWrong: 'Oops! Something went wrong.',
  // Not in the spec: our own wording for cases it does not cover.
  invalidParameters: 'Invalid request parameters',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  busy: 'The store is busy. Please try again in a moment.',
  databaseUnavailable: 'The store cannot reach its database just now. Please try again in a moment.',
  conflict: 'This was changed at the same time by another request. Please try again.',
  metricsToken: 'Metrics need the bearer token set in METRICS_TOKEN.',
  // File storage (the data directory or a bucket) refusing for now; the answer is a 503 with Retry-After.
  storageUnavailable: 'Files cannot be stored or read just now. Please try again in a few minutes.',
  storageFull: 'The store cannot take uploads just now: its file storage is full. Please try again later.',
} as const;

/** Input that no field accepts (`shared/input/input.ts`). */
export const inputMessages = {
  nul: 'Text cannot contain the NUL character.',
  illFormed: 'Text contains an invalid character (a broken Unicode sequence).',
  badId: 'No record has this id.',
  tooDeep: (levels: number) => `The request nests objects and lists too deeply (at most ${levels} levels).`,
} as const;
