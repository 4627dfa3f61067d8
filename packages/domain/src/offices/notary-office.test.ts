import { describe, expect, it } from 'vitest';
import { mailtoHref, officeContactHref, officeOwnLink, officePagePath, phoneHref } from './notary-office';

describe('links to a notary office', () => {
  it("sends \"Contacter l'office\" to the office's own contact page, else to its page's contact part", () => {
    expect(officeContactHref({ id: 4, link_contact: 'https://etude-lyon.notaires.fr/contact' })).toBe(
      'https://etude-lyon.notaires.fr/contact',
    );
    // The generic contact form of this site does not reach the office.
    expect(officeContactHref({ id: 4, link_contact: '/contact?office=lyon' })).toBe('/offices/4#contact');
    expect(officeContactHref({ id: 4, link_contact: null })).toBe('/offices/4#contact');
    expect(officePagePath(12)).toBe('/offices/12');
  });

  it('keeps only http and https addresses as links of the office', () => {
    expect(officeOwnLink('javascript:alert(1)')).toBeNull();
    expect(officeOwnLink('data:text/html,<b>x</b>')).toBeNull();
    expect(officeOwnLink('//evil.example/x')).toBeNull();
    expect(officeOwnLink('/notaries?office=paris')).toBeNull();
    expect(officeOwnLink('')).toBeNull();
    expect(officeOwnLink('http://etude.fr')).toBe('http://etude.fr/');
  });

  it('writes phone and mail links that a phone and a mail program open', () => {
    expect(phoneHref('01 42 65 18 30')).toBe('tel:0142651830');
    expect(phoneHref(' +33 (0)4.78.37.52.14 ')).toBe('tel:+330478375214');
    expect(mailtoHref('office-paris@notadoo.fr')).toBe('mailto:office-paris@notadoo.fr');
    expect(mailtoHref('a?cc=b@x.fr')).toBe('mailto:a%3Fcc%3Db@x.fr');
  });
});
