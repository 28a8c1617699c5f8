/** The information pages as the app's footer lists them. */
export { INFO_LINKS } from './info-links.ts';
