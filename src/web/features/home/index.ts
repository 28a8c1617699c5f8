/** The home page, which the router loads with the app (it is the first page most visitors see). */
export { HomePage } from './home-page.tsx';
