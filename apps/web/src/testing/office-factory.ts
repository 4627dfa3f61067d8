import type { NotaryOffice } from '@notadoo/domain';

/** An active office of the network, as GET /notaryoffices answers it; tests override what they check. */
export function createOffice(overrides: Partial<NotaryOffice> = {}): NotaryOffice {
  const city = overrides.city ?? 'Paris';
  const slug = city.toLowerCase();
  return {
    id: 1,
    city,
    postal_code: '75008',
    address: `<p>24 rue de la Boétie<br>75008 ${city}</p>`,
    latitude: 48.8727,
    longitude: 2.3133,
    image: `/uploads/offices/${slug}.svg`,
    email: `office-${slug}@notadoo.fr`,
    phone: '01 42 65 18 30',
    active: true,
    position: 1,
    link_contact: `/contact?office=${slug}`,
    link_more_info: `/notaries?office=${slug}`,
    ...overrides,
  };
}
