import { describe, expect, it } from 'vitest';
import { createOffice, createPartial, createSummary } from '../testing/project-factory';
import { filterProjects, NO_FILTERS, officeCitiesOf } from './filter-projects';

const lyon = createSummary({ id: 1, name: 'Vente appartement Lyon', status: 2, notary_office: createOffice({ city: 'Lyon' }) });
const succession = createSummary({ id: 2, name: 'Succession Élise Durand', type: 'succession', subtype: 'settlement', status: 4 });
const partial = createPartial({ id: 3, name: 'Vente maison Nantes', status: 2 });
const all = [lyon, succession, partial];

const names = (filters: Partial<typeof NO_FILTERS>) => filterProjects(all, { ...NO_FILTERS, ...filters }).map((p) => p.name);

describe('dashboard filters', () => {
  it('finds projects by name, ignoring case and accents', () => {
    expect(names({ search: 'elise' })).toEqual(['Succession Élise Durand']);
    expect(names({ search: '  VENTE ' })).toEqual(['Vente appartement Lyon', 'Vente maison Nantes']);
  });

  it('keeps one type per tab, partial entries under "Tous" only', () => {
    expect(names({ tab: 'realty' })).toEqual(['Vente appartement Lyon']);
    expect(names({ tab: 'succession' })).toEqual(['Succession Élise Durand']);
    expect(names({ tab: 'all' })).toHaveLength(3);
  });

  it('filters by status and by office city', () => {
    expect(names({ status: 2 })).toEqual(['Vente appartement Lyon', 'Vente maison Nantes']);
    expect(names({ city: 'Paris' })).toEqual(['Succession Élise Durand']);
  });

  it('lists the office cities of the projects once, sorted', () => {
    expect(officeCitiesOf([...all, createSummary({ id: 4 })])).toEqual(['Lyon', 'Paris']);
  });
});
