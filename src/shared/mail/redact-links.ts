/**
 * A mail's text as staff may read it (decision 014, item 18): every link that carries a token —
 * one that signs somebody in, verifies an email or sets a password — has the token replaced by
 * "[redacted]". The server applies it before a mail leaves for the console, so a token never
 * reaches a browser other than its owner's. Four kinds of token are found, in any letter case:
 * 1. a query or fragment parameter whose name says it is one (`token=`, `access_token=`,
 *    `X-Amz-Signature=`, `code=`, `apiKey=`, `t=`…);
 * 2. the path segment after a step that takes one (`/verify-email/<token>`, `/reset-password/…`);
 * 3. a password in a link's user part (`https://user:<password>@host`);
 * 4. any other run of letters, digits, `-` and `_` in a link that looks random (20+ characters
 *    mixing upper case, lower case and digits, or holding 24+ letters and digits in a row, both
 *    kinds): a link made later, in a shape not listed here.
 * A link that hides its separators by percent-encoding them (`?next=%2Fverify%3Ftoken%3D…`, even
 * twice over) is read with them decoded, and shown so when something in it is redacted.
 */
export const REDACTED = '[redacted]';

const TOKEN_PARAM =
  /([?&#;](?:[\w.-]*(?:token|secret|passw|signature|otp|auth|session|nonce|credential)[\w.-]*|[\w.-]*(?:key|code|sig)|t|k)=)([^&#\s"'<>]+)/gi;
const TOKEN_STEP =
  /(\/(?:verify-email|verify|email-verification|reset-password|password-reset|reset|set-password|confirm|activate|invite|invitation|accept-invite|magic-link|sign-in-link|login|sign-in|unsubscribe|token|t)\/)([^/?#\s"'<>]+)/gi;
const USER_PASSWORD = /(\/\/[^/?#@:\s"'<>]*:)([^/?#@\s"'<>]+)@/g;
const URL = /\bhttps?:\/\/[^\s"'<>]+/gi;
/** A run of the characters a token is made of (`%2B`, an encoded "+", is one of base64's). */
const PIECE = /(?:[\w-]|%2B)+/gi;
/** `%23 %25 %26 %2F %3D %3F`: the separators a link can hide (`#`, `%`, `&`, `/`, `=`, `?`). */
const ENCODED_SEPARATOR = /%(?:2[356F]|3[DF])/gi;

/** Random-looking: what a generated token is and a word, a slug or a tracking number is not. */
function looksRandom(piece: string): boolean {
  // An encoded "+" is a base64 character in a token, a space in a search: it counts as neither.
  const bare = piece.replace(/%2B/gi, '');
  const mixedCase = bare.length >= 20 && /[a-z]/.test(bare) && /[A-Z]/.test(bare) && /\d/.test(bare);
  const longRun = piece
    .split(/[-_]|%2B/i)
    .some((part) => part.length >= 24 && /[A-Za-z]/.test(part) && /\d/.test(part));
  return mixedCase || longRun;
}

/** The link with its encoded separators decoded, however many times over they were encoded. */
function decodeSeparators(url: string): string {
  const once = url.replace(ENCODED_SEPARATOR, (code) => decodeURIComponent(code));
  return once === url ? url : decodeSeparators(once);
}

/** Tokens found by the name of their parameter or step, or as a link's password. */
const redactNamed = (text: string) =>
  text
    .replace(TOKEN_PARAM, `$1${REDACTED}`)
    .replace(TOKEN_STEP, `$1${REDACTED}`)
    .replace(USER_PASSWORD, `$1${REDACTED}@`);

/** One link: as it is when it holds no token, else decoded with every token redacted. */
function redactLink(url: string): string {
  const plain = decodeSeparators(url);
  const out = redactNamed(plain).replace(PIECE, (piece) => (looksRandom(piece) ? REDACTED : piece));
  return out === plain ? url : out;
}

/** The text with every token in a link replaced; the rest of each link stays readable. */
export const redactLinks = (text: string): string => redactNamed(text).replace(URL, redactLink);

/** Whether a text holds a link with a token (such a mail is not sent again from the console). */
export const carriesToken = (text: string) => redactLinks(text) !== text;
