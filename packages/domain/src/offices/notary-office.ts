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
