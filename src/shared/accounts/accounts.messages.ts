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
  verificationSent: 'Verification email has been sent!',
  resetSent: 'Password reset email sent. Check your inbox.',
  resetSendFailed: 'Error sending password reset email.',
  allFieldsRequiredDot: 'All fields are required.',
  newPasswordsDoNotMatch: 'New password and confirm password do not match.',
  reauthFailed: 'Re-authentication failed. Please make sure you entered the correct password.',
  passwordUpdated: 'Password Updated Successfully',
  passwordUpdateFailed: (reason: string) => `Password Update Failed: ${reason}`,
  allAddressFieldsRequired: 'All address fields are required',
  welcomeTo: (shortName: string) => `Welcome to ${shortName}`,
  continueTo: (shortName: string) => `Continue to ${shortName}`,
  fillAllFields: 'Fill all the fields',
  tooManyAddresses: 'You cannot add more than 5 addresses.',
  /** The same, for a company whose limit staff changed from the spec's 5. */
  tooManyLocations: (limit: number) => `You cannot add more than ${limit} addresses.`,
  defaultSet: 'Success',
  profileUpdated: 'Updated Profile Sucessfully',
  invalidPhoneEdit: 'Please enter a valid phone number',
  fileTooLarge: 'File size exceeds the maximum limit of 8 MB',
  wrongFileType: 'Please select only images, documents (Word), or PDF files.',
  uploadMissing: (kind: 'sales_id' | 'tobacco_license') =>
    kind === 'sales_id' ? 'Please upload sales id' : 'Please upload tobacco license',
  uploadFailed: (kind: 'sales_id' | 'tobacco_license') =>
    `An error occurred while uploading ${kind === 'sales_id' ? 'sales ID' : 'tobacco license'}. Please try again later.`,
  verified: 'Verified',
  // Ours: the spec does not cover these.
  documentUploaded: (kind: 'sales_id' | 'tobacco_license') =>
    kind === 'sales_id' ? 'Sales ID uploaded' : 'Tobacco license uploaded',
  documentNotFound: 'Document not found',
  invalidZip: 'Enter a valid ZIP code (12345 or 12345-6789)',
  invalidState: 'Choose a US state',
  alreadyCompleted: 'Your profile is already complete.',
  /** A staff login has no business of its own (decision 015). */
  businessAccountOnly: 'Only a business account can do this.',
  addressNotFound: 'Address not found',
  emailLocked: 'Your email address is verified and can no longer be changed here.',
  currentPasswordRequired: 'Enter your current password to change your email address.',
  addressRemoved: 'Address removed',
  emailVerified: 'Your email address is verified.',
  alreadyVerified: 'Your email address is already verified.',
  linkInvalid: 'This link is invalid or has expired. Please ask for a new one.',
  tooManyVerificationMails:
    'A verification email was sent a moment ago. Please check your inbox or wait a few minutes.',
  fieldTooLong: 'A field is too long',
  locationNameTooLong: 'Keep the location name to 60 characters or fewer.',
  tooManySignInAttempts: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  tooManyReauthAttempts: 'Too many wrong passwords. Please wait 15 minutes and try again.',
  tooManyResetAttempts:
    'Too many invalid reset links from this address. Please wait 15 minutes and try again.',
  signedOut: 'You are signed out.',
  notSignedIn: 'Please sign in to continue.',
  crossOrigin: 'This request came from another site and was refused.',
  verificationPending: 'Verifcation Pending...',
} as const;

/** Staff review of buyers' documents: the verification queue, verify or ask again, what expires soon. */
export const verificationMessages = {
  numberRequired: 'Enter the license or certificate number.',
  stateRequired: 'Choose the issuing state.',
  expiryInvalid: 'Enter the expiry date as YYYY-MM-DD.',
  expiryPast: 'The expiry date has passed: request a new upload instead.',
  noteRequired: 'Tell the buyer what to fix (up to 500 characters).',
  notPending: 'This document is no longer waiting for review.',
  verified: 'Document verified.',
  reuploadRequested: 'The buyer was asked for a new upload.',
  documentNotFound: 'Document not found',
} as const;
