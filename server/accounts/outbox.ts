import type { DatabaseSync } from 'node:sqlite';
import { createTransport } from 'nodemailer';
import { cachedStatement } from '../db/statement-cache.ts';
import type { Mail, MailAttachment } from './mail.ts';

/** A mail in the outbox as the development outbox lists it. */
export interface OutboxMail extends Mail {
  id: number;
  created_at: string;
}

/** Sender address of sent mails unless `MAIL_FROM` says otherwise. */
export const DEFAULT_MAIL_FROM = 'noreply@localhost';

/** How often a mail is tried before the sender leaves it with its last error. */
export const MAX_SEND_ATTEMPTS = 5;

/** A mail as nodemailer takes it: attachments' content as bytes. */
export interface OutgoingMail extends Omit<Mail, 'attachments'> {
  from: string;
  attachments: Array<Omit<MailAttachment, 'content'> & { content: Buffer }>;
}

/** What the sender needs of a nodemailer transport (`createTransport(SMTP_URL)`). */
export interface MailTransport {
  sendMail(mail: OutgoingMail): Promise<unknown>;
}

/** Sends what the outbox holds; see {@link startMailSender}. */
export interface MailSender {
  /** Sends every unsent mail once, in order; resolves when done. */
  drain(): Promise<void>;
}

// One sender per database: the code that queues a mail (a route, the checkout's settlement)
// holds only the database, and wakes the sender registered for it.
const senders = new WeakMap<DatabaseSync, { kick(): void }>();

/**
 * Puts a mail in the outbox and wakes the sender, if one runs. Safe inside a transaction:
 * the sender starts after the current task, so it sees the mail only once committed, and
 * never if the transaction rolled back. Returns the mail's id.
 */
export function queueMail(db: DatabaseSync, mail: Mail, now: Date): number {
  const { lastInsertRowid } = cachedStatement(
    db,
    `INSERT INTO outbox ("to", subject, text, html, attachments, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(
    mail.to,
    mail.subject,
    mail.text,
    mail.html,
    JSON.stringify(mail.attachments),
    now.toISOString(),
  );
  senders.get(db)?.kick();
  return Number(lastInsertRowid);
}

type StoredMail = Omit<Mail, 'attachments'> & { attachments: string };

const withAttachments = <T extends StoredMail>(row: T): Omit<T, 'attachments'> & Mail => ({
  ...row,
  attachments: JSON.parse(row.attachments) as MailAttachment[],
});

/** The newest mails first, at most `limit`, only those to `to` when given (any case). */
export function listOutbox(db: DatabaseSync, limit: number, to?: string): OutboxMail[] {
  const columns = 'id, "to", subject, text, html, attachments, created_at';
  const rows =
    to === undefined
      ? cachedStatement(db, `SELECT ${columns} FROM outbox ORDER BY id DESC LIMIT ?`).all(limit)
      : cachedStatement(
          db,
          `SELECT ${columns} FROM outbox WHERE "to" = ? COLLATE NOCASE ORDER BY id DESC LIMIT ?`,
        ).all(to, limit);
  return (rows as unknown as Array<StoredMail & { id: number; created_at: string }>).map(
    withAttachments,
  );
}

/**
 * Sends queued mails through `transport` from `from`: once now (mails left from before a
 * restart), then whenever {@link queueMail} adds one. Each mail is tried once per run and at
 * most {@link MAX_SEND_ATTEMPTS} times in all; `sent_at` or `error` records the outcome. A
 * mail that failed is tried again on the next run, i.e. when the next mail is queued.
 */
export function startMailSender(
  db: DatabaseSync,
  transport: MailTransport,
  from: string,
): MailSender {
  let running: Promise<void> | null = null;
  let again = false;

  async function runOnce(): Promise<void> {
    const next = cachedStatement(
      db,
      `SELECT id, "to", subject, text, html, attachments FROM outbox
       WHERE sent_at IS NULL AND attempts < ? AND id > ? ORDER BY id LIMIT 1`,
    );
    let lastId = 0;
    for (;;) {
      const stored = next.get(MAX_SEND_ATTEMPTS, lastId) as
        (StoredMail & { id: number }) | undefined;
      if (stored === undefined) return;
      const mail = withAttachments(stored);
      lastId = mail.id;
      try {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments.map((a) => ({
            ...a,
            content: Buffer.from(a.content, 'base64'),
          })),
        });
        cachedStatement(
          db,
          'UPDATE outbox SET sent_at = ?, attempts = attempts + 1, error = NULL WHERE id = ?',
        ).run(new Date().toISOString(), mail.id);
      } catch (error) {
        cachedStatement(
          db,
          'UPDATE outbox SET attempts = attempts + 1, error = ? WHERE id = ?',
        ).run(String(error), mail.id);
      }
    }
  }

  function drain(): Promise<void> {
    if (running !== null) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await runOnce();
        } catch (error) {
          // A busy database: the mails stay queued for the next run.
          console.warn(`mail sender: ${String(error)}`);
        }
      } while (again);
      running = null;
    })();
    return running;
  }

  senders.set(db, {
    kick() {
      // A mail queued just before shutdown waits in the outbox for the next start.
      setImmediate(() => {
        if (db.isOpen) void drain();
      });
    },
  });
  void drain();
  return { drain };
}

/** A nodemailer transport of `SMTP_URL` (e.g. `smtp://user:pass@host:587`), or null when unset. */
export function smtpTransportFromEnv(env: NodeJS.ProcessEnv = process.env): MailTransport | null {
  const url = env['SMTP_URL'];
  return url === undefined || url === '' ? null : createTransport(url);
}
