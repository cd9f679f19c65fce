import type { DatabaseSync } from 'node:sqlite';
import { createTransport } from 'nodemailer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiReservation } from '../../contract/index.ts';
import { createCheckoutFixture } from '../test-support/checkout.ts';
import { openDatabase } from '../db/database.ts';
import type { Mail } from './mail.ts';
import {
  MAX_SEND_ATTEMPTS,
  type MailTransport,
  listOutbox,
  queueMail,
  smtpTransportFromEnv,
  startMailSender,
} from './outbox.ts';

const NOW = new Date('2025-03-10T12:00:00.000Z');
const mail = (n: number): Mail => ({
  to: `kunde${String(n)}@example.no`,
  subject: `Emne ${String(n)}`,
  text: 'Hei!\n',
  html: '<p>Hei!</p>',
  attachments: [],
});

interface Row {
  sent_at: string | null;
  attempts: number;
  error: string | null;
}

describe('the outbox', () => {
  let db: DatabaseSync;
  const row = (id: number) =>
    db
      .prepare('SELECT sent_at, attempts, error FROM outbox WHERE id = ?')
      .get(id) as unknown as Row;

  beforeEach(() => {
    db = openDatabase(':memory:');
  });
  afterEach(() => {
    db.close();
  });

  it('keeps mails unsent without a transport, listed newest first', () => {
    queueMail(db, mail(1), NOW);
    const id = queueMail(db, mail(2), NOW);
    expect(listOutbox(db, 10).map((m) => m.subject)).toEqual(['Emne 2', 'Emne 1']);
    expect(listOutbox(db, 10, 'KUNDE1@example.no').map((m) => m.subject)).toEqual(['Emne 1']);
    expect(row(id)).toEqual({ sent_at: null, attempts: 0, error: null });
    expect(smtpTransportFromEnv({})).toBeNull();
  });

  it('sends what was queued before it started and what is queued after, once each', async () => {
    const sent: string[] = [];
    const transport: MailTransport = {
      sendMail: async (m) => {
        sent.push(`${m.from} -> ${m.to}: ${m.subject}`);
        return Promise.resolve();
      },
    };
    const first = queueMail(db, mail(1), NOW);
    const sender = startMailSender(db, transport, 'butikk@example.no');
    await sender.drain();
    const second = queueMail(db, mail(2), NOW);
    await new Promise((resolve) => setImmediate(resolve));
    await sender.drain();
    expect(sent).toEqual([
      'butikk@example.no -> kunde1@example.no: Emne 1',
      'butikk@example.no -> kunde2@example.no: Emne 2',
    ]);
    expect(row(first)).toMatchObject({ attempts: 1, error: null });
    expect(row(second).sent_at).not.toBeNull();
  });

  it('keeps a mail’s attachments and sends them as bytes', async () => {
    const pdf = { filename: 'angreskjema-7.pdf', contentType: 'application/pdf' };
    const content = Buffer.from('%PDF-1.3 skjema');
    queueMail(
      db,
      { ...mail(1), attachments: [{ ...pdf, content: content.toString('base64') }] },
      NOW,
    );
    expect(listOutbox(db, 1)[0]?.attachments).toEqual([
      { ...pdf, content: content.toString('base64') },
    ]);
    const sent: unknown[] = [];
    const transport: MailTransport = {
      sendMail: async (m) => {
        sent.push(m.attachments);
        return Promise.resolve();
      },
    };
    await startMailSender(db, transport, 'butikk@example.no').drain();
    expect(sent).toEqual([[{ ...pdf, content }]]);
  });

  it('records a failure and tries again on later runs, at most MAX_SEND_ATTEMPTS times', async () => {
    let calls = 0;
    const sender = startMailSender(
      db,
      {
        sendMail: async () => {
          calls++;
          return Promise.reject(new Error('421 try later'));
        },
      },
      'butikk@example.no',
    );
    const id = queueMail(db, mail(1), NOW);
    for (let i = 0; i < MAX_SEND_ATTEMPTS + 2; i++) await sender.drain();
    expect(calls).toBe(MAX_SEND_ATTEMPTS);
    expect(row(id)).toEqual({
      sent_at: null,
      attempts: MAX_SEND_ATTEMPTS,
      error: 'Error: 421 try later',
    });
  });

  it("sends the app's mails through a nodemailer transport given to createApp", async () => {
    const transport = createTransport({ jsonTransport: true });
    const sent: string[] = [];
    const f = createCheckoutFixture({
      mailTransport: {
        sendMail: async (m) => {
          const info = (await transport.sendMail(m)) as { message: string };
          sent.push(info.message);
        },
      },
    });
    const a = f.variant(0);
    f.setStock(a, 5);
    await f.client.request('/sanctum/csrf-cookie');
    const res = await f.client.request('/api/v1/reservations', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(f.body([[a, 1]])),
    });
    const { id } = (await res.json()) as ApiReservation;
    // Sent and recorded, so the sender is done before the database closes.
    await expect
      .poll(() => f.db.prepare('SELECT count(*) AS n FROM outbox WHERE sent_at IS NOT NULL').get())
      .toEqual({ n: 1 });
    f.db.close();
    expect(sent).toHaveLength(1);
    const message = JSON.parse(sent[0] ?? '{}') as {
      to: Array<{ address: string }>;
      subject: string;
      from: { address: string };
    };
    expect(message.to[0]?.address).toBe('kari@example.no');
    expect(message.subject).toBe(`Reservasjon ${String(id)} er mottatt`);
    expect(message.from.address).toBe('noreply@localhost');
  });
});
