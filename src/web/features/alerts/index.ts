/** Back-in-stock alerts as other features see them: the Notify me button. */
export { NotifyMe } from './notify-me.tsx';
