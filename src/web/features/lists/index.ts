/** Saved lists as other features see them: the "Save to list" button. */
export { SaveToList } from './save-to-list.tsx';
