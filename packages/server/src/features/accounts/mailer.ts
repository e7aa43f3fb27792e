import { createTransport } from 'nodemailer';
import type { PeopleConfig } from '../../config/config.ts';

/** A message to one person: plain text, as invitations and password-reset links are. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends the e-mails of the people side (invitations, password resets) through `SMTP_URL`. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** The mailer of `SMTP_URL` (nodemailer), or undefined when none is configured: links are then only answered. */
export function createMailer(smtp: PeopleConfig['smtp']): Mailer | undefined {
  if (!smtp) return undefined;
  const transport = createTransport(smtp.url);
  return {
    async send(mail) {
      await transport.sendMail({ from: smtp.from, ...mail });
    },
  };
}
