import type { SiteInfo } from '../types';
import type { Contact } from './enquiry';

/** The agency's direct ways in, for the forms' last resort. */
export const contactOf = (site: SiteInfo): Contact => ({
  phone: site.phone, phoneDisplay: site.phoneDisplay, chatUrl: site.chatUrl, email: site.email,
});
