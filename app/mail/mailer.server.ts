// Mail through nodemailer to SMTP_URL; with none set, the message is written to the log
// (so a developer can read a signup code without a mail server).
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(options: { smtpUrl?: string; from: string; log?: (line: string) => void }): Mailer {
  const log = options.log ?? ((line) => console.log(line));
  if (!options.smtpUrl) {
    return {
      async send(message) {
        log(`[mail] to=${message.to} subject="${message.subject}"\n${message.text}`);
      },
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
  };
}

/** A mailer that keeps what it sends, for tests. */
export function createMemoryMailer(): Mailer & { outbox: MailMessage[] } {
  const outbox: MailMessage[] = [];
  return {
    outbox,
    async send(message) {
      outbox.push(message);
    },
  };
}
