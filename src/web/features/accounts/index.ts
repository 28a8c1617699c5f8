/** The accounts feature as the app's header sees it (the slots' parts load lazily, app/slots.tsx). */
export { useSignOut } from './api/auth-mutations.ts';
