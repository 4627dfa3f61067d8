import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTE_PATHS, isClientRoute } from './client-routes';

describe('the web app’s addresses', () => {
  it('knows every screen of spec section 2, the seven questionnaires included, and the offices’ pages', () => {
    for (const path of [
      '/',
      '/how-it-works',
      '/legals',
      '/frais-de-notaire',
      '/le-reseau-notarial-notadoo',
      '/notaries',
      '/offices/3',
      '/contact',
      '/partners',
      '/login',
      '/login/second-factor',
      '/second-factor/setup',
      '/signup',
      '/reset/password/abc.def-123',
      '/resetpwd',
      '/email/confirm',
      '/dashboard',
      '/profile',
      '/mydocuments',
      '/logout',
      '/admin',
      '/project/new',
      '/project/12',
      '/project/12/dashboard',
      '/project/12/form/sale/appt',
      '/project/12/form/sale/house',
      '/project/12/form/sale/land',
      '/project/12/form/succession',
      '/project/12/form/buyer',
      '/project/12/form/civilstatus',
      '/project/12/form/heritagebalance',
    ]) {
      expect(isClientRoute(path), path).toBe(true);
    }
    // Issue 27 added the second factor's code step and setup screen.
    expect(CLIENT_ROUTE_PATHS).toHaveLength(24 + 7);
  });

  it('reads addresses as the router does: letters without case, one trailing slash', () => {
    expect(isClientRoute('/Dashboard')).toBe(true);
    expect(isClientRoute('/dashboard/')).toBe(true);
    expect(isClientRoute('/project/7/dashboard/')).toBe(true);
    expect(isClientRoute('/offices/paris')).toBe(false);
  });

  it('knows no other address', () => {
    for (const path of [
      '/page-inconnue',
      '/dashboards',
      '/dashboard/extra',
      '/project',
      '/project/abc/dashboard',
      '/project/0/dashboard',
      '/project/-1',
      '/project/12/form/unknown',
      '/project/12/form',
      '/reset/password',
      '/reset/password/a/b',
      '/assets/missing.js',
      '//dashboard',
      '/admin//',
    ]) {
      expect(isClientRoute(path), path).toBe(false);
    }
  });
});
