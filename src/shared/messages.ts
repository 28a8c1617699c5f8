/** Every user-facing message of SPEC §5 and §8, verbatim (spelling included). */
export const messages = {
  ageGateQuestion: 'ARE YOU OF LEGAL SMOKING AGE?',
  ageGateSorry: 'Sorry, you must be above 21 years old to proceed.',
  pleaseLoginRegister: 'Please Login / Register',
  notFound: 'Error 404 The page you are looking for is not found.',
  somethingWentWrong: 'Oops! Something went wrong.',
  noOrdersYet: 'You havent placed any orders yet',
  verificationPending: 'Verifcation Pending...',
  // Not in the spec: our own wording for cases it does not cover.
  categoryNotFound: 'Category not found',
  brandNotFound: 'Brand not found',
  productNotFound: 'Product not found',
  invalidParameters: 'Invalid request parameters',
  invalidEmailFormat: 'Invalid email format',
  subscribed: 'Thanks! You are on the mailing list.',
  invalidZip: 'Enter a 5-digit US ZIP code',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  busy: 'The store is busy. Please try again in a moment.',
  conflict: 'This was changed at the same time by another request. Please try again.',
} as const;
