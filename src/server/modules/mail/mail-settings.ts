/** What mail needs to know of the store: its name and address for links, and the outbox's nudge. */
export interface MailSettings {
  storeName: string;
  publicUrl: string;
  /** Asks the outbox worker to send now (after the transaction that queued mail commits). */
  kick: () => void;
}
