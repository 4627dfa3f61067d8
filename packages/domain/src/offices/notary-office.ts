import { z } from 'zod';
import { positiveId } from '../schemas/common';
import { CLIENT_ROUTES } from '../site/client-routes';

/** A notary office of the network (spec section 3). `address` is HTML. */
export interface NotaryOffice {
  id: number;
  city: string;
  postal_code: string;
  address: string;
  latitude: number;
  longitude: number;
  image: string | null;
  email: string | null;
  phone: string | null;
  active: boolean;
  position: number;
  link_contact: string | null;
  link_more_info: string | null;
}

/** Office cards show only the first two characters of the postal code (the département). */
export function shortPostalCode(postalCode: string): string {
  return postalCode.slice(0, 2);
}

/** The office's public page: address, phone, e-mail and its place on the map. */
export function officePagePath(id: number): string {
  return CLIENT_ROUTES.office.replace(':id', String(id));
}

/**
 * A link of the office's own (its site, its contact page): an absolute http
 * or https address. Paths of this site (the generic contact form, the map)
 * do not reach the office, and any other scheme (javascript:, data:) is
 * never turned into a link.
 */
export function officeOwnLink(link: string | null): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Where "Contacter l'office" leads: the office's own contact page, else the contact part of its page (phone and e-mail). */
export function officeContactHref(office: Pick<NotaryOffice, 'id' | 'link_contact'>): string {
  return officeOwnLink(office.link_contact) ?? `${officePagePath(office.id)}#contact`;
}

/** A `tel:` link that phones dial: the digits and a leading +, without the spaces and dots of the written number. */
export function phoneHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${encodeURIComponent(email.trim()).replace(/%40/g, '@')}`;
}

export const OFFICE_MESSAGES = {
  invalidOfficeId: "Identifiant d'office notarial invalide.",
  officeNotFound: "Cet office notarial n'existe pas.",
} as const;

/** The `{id}` of `/notaryoffices/{id}`. */
export const officeIdSchema = z.object({ id: positiveId(OFFICE_MESSAGES.invalidOfficeId) });
