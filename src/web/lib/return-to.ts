/**
 * Where a signed-out buyer was when the store asked them to sign in (decision 014, item 4): the
 * page and, on a product page, the quantities they had chosen. Sign-in, sign-up and profile
 * completion go back there; the product page puts the quantities back once. Kept in this tab's
 * session storage for an hour; only a path of this site is ever followed.
 */
const KEY = 'smokestack.returnTo';
const LIFETIME_MS = 60 * 60_000;

interface ReturnTo {
  path: string;
  counts?: Record<string, number>;
  at: number;
}

/** A path of this store a buyer may be sent back to: same origin, not an account page. */
export function isReturnPath(path: unknown): path is string {
  return (
    typeof path === 'string' &&
    path.length <= 2000 &&
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.includes('\\') &&
    !/^\/(signin|signup|nextpage|lostpassword|reset-password|verify-email|admin)(\/|\?|$)/.test(path)
  );
}

function read(now: number): ReturnTo | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ReturnTo>;
    if (!isReturnPath(value.path) || typeof value.at !== 'number' || now - value.at > LIFETIME_MS) {
      sessionStorage.removeItem(KEY);
      return null;
    }
    return value as ReturnTo;
  } catch {
    return null;
  }
}

/** Remembers the page (and the quantities chosen on it) before the buyer leaves to sign in. */
export function rememberReturn(path: string, counts?: Record<string, number>, now = Date.now()): void {
  if (!isReturnPath(path)) return;
  const chosen = counts && Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
  try {
    sessionStorage.setItem(
      KEY,
      JSON.stringify({ path, counts: chosen && Object.keys(chosen).length ? chosen : undefined, at: now }),
    );
  } catch {
    // storage blocked: the buyer lands on the home page as before
  }
}

/** Where to go after signing in or completing the profile: the remembered page, else `fallback`. */
export function returnPath(fallback: string, now = Date.now()): string {
  const value = read(now);
  if (!value) return fallback;
  // Without quantities to put back, the page has nothing more to take: forget it now.
  if (!value.counts) forgetReturn();
  return value.path;
}

/** The quantities remembered for `path`, once (they are forgotten as they are taken). */
export function takeReturnCounts(path: string, now = Date.now()): Record<string, number> | null {
  const value = read(now);
  if (!value || value.path !== path || !value.counts) return null;
  forgetReturn();
  return value.counts;
}

export function forgetReturn(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}
