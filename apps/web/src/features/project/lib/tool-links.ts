export interface ToolLink {
  title: string;
  description: string;
  url: string;
}

/** The Outils tab (spec section 2): public French services useful while preparing a file. */
export const TOOL_LINKS: ToolLink[] = [
  {
    title: 'Simulateur de crédit immobilier',
    description: "Les outils de calcul de l'ANIL pour estimer votre capacité d'emprunt et vos mensualités.",
    url: 'https://www.anil.org',
  },
  {
    title: 'Calculateur de frais de notaire',
    description: "Le simulateur des Notaires de France pour estimer les frais d'une acquisition.",
    url: 'https://www.notaires.fr/fr/immobilier-fiscalite/frais-de-notaire',
  },
  {
    title: 'Cadastre',
    description: 'Consultez le plan cadastral et les références de vos parcelles.',
    url: 'https://www.cadastre.gouv.fr',
  },
  {
    title: 'Service Public',
    description: 'Le site officiel de l’administration française : vos droits et vos démarches.',
    url: 'https://www.service-public.fr',
  },
  {
    title: 'Légifrance',
    description: 'Le service public de la diffusion du droit : codes, lois et jurisprudence.',
    url: 'https://www.legifrance.gouv.fr',
  },
  {
    title: 'Conseil supérieur du notariat',
    description: 'Le site des Notaires de France : informations et conseils sur vos projets.',
    url: 'https://www.notaires.fr',
  },
  {
    title: 'Géorisques',
    description: 'Les risques naturels et technologiques connus autour d’une adresse.',
    url: 'https://www.georisques.gouv.fr',
  },
  {
    title: 'Infogreffe',
    description: 'Le registre du commerce et des sociétés : informations légales sur une entreprise.',
    url: 'https://www.infogreffe.fr',
  },
  {
    title: 'Journal officiel',
    description: 'Les textes publiés au Journal officiel de la République française.',
    url: 'https://www.journal-officiel.gouv.fr',
  },
  {
    title: 'Impots.gouv',
    description: 'Votre espace fiscal, la gestion de vos biens immobiliers et les valeurs des ventes récentes.',
    url: 'https://www.impots.gouv.fr',
  },
];
