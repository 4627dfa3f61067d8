import type { contactSchema } from '@notadoo/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { deliver } from '../accounts/account-service';
import { insertContactMessage } from './contact-data';
import { contactMail } from './site-mails';

/** Stored first, then mailed to the network's address from the configuration. */
export async function sendContactMessage(ctx: AppContext, input: z.output<typeof contactSchema>): Promise<void> {
  await insertContactMessage(ctx.db, input);
  await deliver(ctx, contactMail(ctx.config.site.contactEmail, ctx.config.site.networkName, input));
}
