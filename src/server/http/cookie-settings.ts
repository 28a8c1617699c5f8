/** The session cookie's name and whether it is Secure (HTTPS), from PUBLIC_URL at start-up. */
export interface CookieSettings {
  name: string;
  secure: boolean;
}

export function cookieSettings(secure: boolean): CookieSettings {
  // The __Host- prefix pins the cookie to this host and path /, but needs Secure (HTTPS).
  return { name: secure ? '__Host-sid' : 'sid', secure };
}
