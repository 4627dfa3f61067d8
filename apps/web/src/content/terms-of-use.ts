/**
 * The terms of use, as one text: `scripts/build-terms-pdf.ts` renders it to
 * apps/web/public/cgu.pdf, the static document the signup form links to
 * (spec section 9). `{network}` stands for the network's name.
 */
export const TERMS_VERSION = '22 novembre 2026';

export const TERMS_OF_USE: ReadonlyArray<{ title: string; paragraphs: readonly string[] }> = [
  {
    title: '1. Objet',
    paragraphs: [
      "Les présentes conditions générales d'utilisation (« CGU ») régissent l'accès et l'utilisation de la plateforme {network}, service en ligne permettant de constituer un dossier notarial (vente immobilière, succession, bilan patrimonial), d'y inviter les autres intervenants et de le transmettre à une étude notariale membre du réseau.",
      "La création d'un compte emporte l'acceptation sans réserve des présentes CGU.",
    ],
  },
  {
    title: '2. Éditeur',
    paragraphs: [
      "La plateforme est éditée par {network} (« l'Éditeur »), dont la dénomination, le siège social et le numéro d'immatriculation figurent dans les mentions légales du site (page « Mentions légales »).",
    ],
  },
  {
    title: '3. Compte utilisateur',
    paragraphs: [
      "L'inscription est gratuite et réservée aux personnes physiques majeures. L'utilisateur fournit des informations exactes et confirme son adresse email au moyen du lien qui lui est adressé.",
      "L'utilisateur choisit un mot de passe d'au moins sept caractères comprenant un chiffre. Il en garde la confidentialité et reste responsable de l'usage de son compte ; toute utilisation frauduleuse doit être signalée sans délai à l'Éditeur.",
      "Les droits d'intermédiaire immobilier ou de notaire sont accordés par l'Éditeur après vérification de la qualité professionnelle déclarée.",
    ],
  },
  {
    title: '4. Rôle de la plateforme et du notaire',
    paragraphs: [
      "La plateforme est un outil de préparation et de transmission de dossiers. Elle ne délivre aucun conseil juridique ou fiscal et ne se substitue pas au notaire, seul compétent pour recevoir l'acte authentique et conseiller les parties.",
      "L'étude notariale choisie par l'utilisateur reste libre d'accepter le dossier et de demander toute pièce ou information complémentaire.",
    ],
  },
  {
    title: '5. Obligations de l’utilisateur',
    paragraphs: [
      "L'utilisateur s'engage à ne saisir que des informations exactes et dont il a le droit de disposer, à n'inviter dans un dossier que des personnes concernées par celui-ci, et à ne déposer que des documents licites, exempts de virus et en rapport avec le dossier.",
      "Il s'interdit toute tentative d'accès à des dossiers auxquels il n'est pas invité ou d'atteinte au fonctionnement du service.",
    ],
  },
  {
    title: '6. Données personnelles',
    paragraphs: [
      "Les données saisies dans un dossier ne sont visibles que par l'étude notariale choisie et par les intervenants du dossier selon leur rôle. L'utilisateur peut les modifier ou les supprimer à tout moment.",
      "L'étude notariale est responsable du traitement des données du dossier pour l'accomplissement de sa mission ; l'Éditeur agit en qualité de sous-traitant. Les données du compte sont traitées par l'Éditeur pour la gestion du service et conservées trois ans au plus après la dernière connexion.",
      "L'utilisateur dispose des droits d'accès, de rectification, d'effacement, de limitation, de portabilité et d'opposition prévus par le règlement (UE) 2016/679, qu'il exerce par le formulaire de contact du site. Il peut introduire une réclamation auprès de la CNIL.",
    ],
  },
  {
    title: '7. Cookies',
    paragraphs: [
      "La plateforme n'utilise que des cookies nécessaires à son fonctionnement : cookie de session (supprimé à la fermeture du navigateur ou conservé 30 jours avec l'option « Se souvenir de moi ») et cookies d'aide à la navigation (30 jours). Aucun cookie n'est conservé plus de six mois.",
    ],
  },
  {
    title: '8. Disponibilité et sécurité',
    paragraphs: [
      "L'Éditeur met en œuvre les moyens raisonnables pour assurer l'accès au service et la sécurité des données (hébergement en France, échanges chiffrés, mots de passe protégés). Le service peut être interrompu pour maintenance ; l'utilisateur en est alors informé par une page dédiée.",
      "La responsabilité de l'Éditeur ne saurait être engagée pour une indisponibilité temporaire, ni pour le contenu des informations et documents déposés par les utilisateurs.",
    ],
  },
  {
    title: '9. Propriété intellectuelle',
    paragraphs: [
      "La plateforme, ses textes, questionnaires et logiciels sont la propriété de l'Éditeur. L'utilisateur conserve tous ses droits sur les informations et documents qu'il dépose.",
    ],
  },
  {
    title: '10. Suspension, clôture et modification',
    paragraphs: [
      "L'Éditeur peut suspendre un compte en cas de manquement aux présentes CGU. L'utilisateur peut à tout moment demander la clôture de son compte par le formulaire de contact.",
      "Les CGU peuvent évoluer ; la version applicable est celle publiée lors de l'utilisation du service. Les utilisateurs sont informés de toute modification substantielle.",
    ],
  },
  {
    title: '11. Droit applicable',
    paragraphs: [
      "Les présentes CGU sont soumises au droit français. En cas de litige, l'utilisateur peut recourir gratuitement à un médiateur de la consommation ; à défaut d'accord amiable, les tribunaux français sont compétents.",
    ],
  },
];
