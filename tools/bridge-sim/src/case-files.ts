/** A case file of the drafting software, as its search answers it (spec section 3). */
export interface CaseFile {
  id: string;
  intitule: string;
  identifiantMetier: string;
}

const SALES = [
  'Garnier / Dupont',
  'Martin / Bernard',
  'Petit / Durand',
  'Leroy / Moreau',
  'Simon / Laurent',
  'Michel / Lefebvre',
  'Fournier / Girard',
  'Bonnet / Mercier',
  'Lambert / Faure',
  'Rousseau / Blanc',
  'Guerin / Muller',
  'Henry / Roussel',
  'Nicolas / Perrin',
  'Morin / Mathieu',
  'Clement / Gauthier',
  'Dumont / Lopez',
  'Fontaine / Chevalier',
  'Robin / Masson',
  'Sanchez / Gerard',
  'Nguyen / Boyer',
];
const SUCCESSIONS = [
  'Lefèvre',
  'Denis',
  'Lemaire',
  'Duval',
  'Joly',
  'Gautier',
  'Roger',
  'Roche',
  'Roy',
  'Noel',
  'Meyer',
  'Lucas',
  'Meunier',
  'Jean',
  'Perez',
  'Marchand',
];

/**
 * The case files the simulator keeps: 20 sales and 16 successions, so that
 * a short search text ("e") finds more than the 30 the product shows.
 */
export function defaultCaseFiles(): CaseFile[] {
  const sales = SALES.map((names, i) => ({ intitule: `Vente ${names}`, year: 2025 + (i % 2) }));
  const successions = SUCCESSIONS.map((name, i) => ({ intitule: `Succession ${name}`, year: 2024 + (i % 3) }));
  return [...sales, ...successions].map((c, i) => ({
    id: `DOS-${String(i + 1).padStart(4, '0')}`,
    intitule: c.intitule,
    identifiantMetier: `${c.year}/${String(100 + i * 7).padStart(5, '0')}`,
  }));
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Case files whose title or reference contains the text, accents and case ignored, in the order kept. */
export function searchCaseFiles(caseFiles: readonly CaseFile[], text: string): CaseFile[] {
  const wanted = fold(text.trim());
  if (!wanted) return [];
  return caseFiles.filter((c) => fold(c.intitule).includes(wanted) || fold(c.identifiantMetier).includes(wanted));
}
