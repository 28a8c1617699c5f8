/**
 * A mail's text as staff may read it (decision 014, item 18): every link that carries a token —
 * one that signs somebody in, verifies an email or sets a password — has the token replaced by
 * "[redacted]". The server applies it before a mail leaves for the console, so a token never
 * reaches a browser other than its owner's. Three kinds of token are found:
 * 1. a query or fragment parameter whose name says it is one (`token=`, `code=`, `key=`, `sig=`…);
 * 2. the path segment after a step that takes one (`/verify-email/<token>`, `/reset-password/…`);
 * 3. any other path segment or value that looks random (20+ characters of upper and lower case
 *    letters and digits, or 32+ hex digits): a link made later, in a shape not listed here.
 */
export const REDACTED = '[redacted]';

const TOKEN_PARAM =
  /([?&#;](?:[\w.-]*(?:token|secret|password|signature|otp)[\w.-]*|code|key|sig|auth|t|k)=)([^&#\s"'<>]+)/gi;
const TOKEN_STEP =
  /(\/(?:verify-email|verify|reset-password|reset|set-password|confirm|invite|invitation|accept-invite|magic-link|sign-in-link|unsubscribe|token|t)\/)([^/?#\s"'<>]+)/gi;
const URL = /\bhttps?:\/\/[^\s"'<>]+/gi;
const PIECE = /([/=])([^/?&#=\s"'<>]+)/g;

/** Random-looking: what a generated token is and a word, a slug or an order number is not. */
function looksRandom(piece: string): boolean {
  if (/^[0-9a-f]{32,}$/i.test(piece)) return true;
  return (
    piece.length >= 20 &&
    /^[A-Za-z0-9_-]+$/.test(piece) &&
    /[a-z]/.test(piece) &&
    /[A-Z]/.test(piece) &&
    /\d/.test(piece)
  );
}

/** The text with every token in a link replaced; the rest of each link stays readable. */
export function redactLinks(text: string): string {
  const named = text.replace(TOKEN_PARAM, `$1${REDACTED}`).replace(TOKEN_STEP, `$1${REDACTED}`);
  return named.replace(URL, (url) =>
    url.replace(PIECE, (piece, sep: string, value: string) =>
      looksRandom(value) ? `${sep}${REDACTED}` : piece,
    ),
  );
}

/** Whether a text holds a link with a token (such a mail is not sent again from the console). */
export const carriesToken = (text: string) => redactLinks(text) !== text;
