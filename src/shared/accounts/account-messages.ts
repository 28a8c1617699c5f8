/** SPEC §5 and §8 messages for accounts, verbatim (spelling included), plus our own where marked. */
export const accountMessages = {
  allFieldsRequired: 'All fields are required',
  passwordsDoNotMatch: 'Passwords do not match',
  invalidEmailFormat: 'Invalid email format',
  invalidPhoneFormat: 'Invalid phone number format',
  passwordLength: 'Password must be between 8 and 64 characters long',
  emailInUse: 'Email already in use. Please sign in.',
  signUpSuccessful: 'Sign up successful',
  incorrectCredentials: 'Incorrect email/password.',
  welcome: (email: string) => `Welcome ${email}`,
  completeYourProfile: 'Please Complete Your Profile',
  // Ours: the spec does not cover these.
  fieldTooLong: 'A field is too long',
  tooManySignInAttempts: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  signedOut: 'You are signed out.',
  notSignedIn: 'Please sign in to continue.',
  crossOrigin: 'This request came from another site and was refused.',
} as const;
