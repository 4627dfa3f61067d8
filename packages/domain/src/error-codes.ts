/**
 * The `code` of every error answer of the API (decision 0085): stable, in
 * UPPER_SNAKE_CASE, what a program decides on; the French `message` beside it
 * is for people and may be reworded at any time, the codes may not (a code
 * is added, never renamed nor removed).
 *
 * Each code has its HTTP status (one, but for EMAIL_TAKEN, which the sign-up
 * answers with 403 as the specification wants). A refusal a client may act on
 * has a code of its own; any other answers the generic code of its status (the first block),
 * so that every answer carries a code without naming each of the ~200 refusals
 * of the services.
 */
export const ERROR_CODES = {
  // Generic: one per status, for every refusal without a code of its own.
  BAD_REQUEST: { status: 400, description: 'Requête refusée par une règle du service (le message dit laquelle).' },
  UNAUTHORIZED: { status: 401, description: 'Action refusée à cet utilisateur (le message dit pourquoi).' },
  FORBIDDEN: { status: 403, description: 'Droits insuffisants pour cette action.' },
  NOT_FOUND: { status: 404, description: 'La ressource demandée n’existe pas (ou plus).' },
  NOT_ACCEPTABLE: { status: 406, description: 'Requête dans une forme que cette adresse n’accepte pas.' },
  CONFLICT: { status: 409, description: 'L’état actuel ne permet pas cette action (déjà faite, changée entre-temps...).' },
  PAYLOAD_TOO_LARGE: { status: 413, description: 'Contenu envoyé trop volumineux.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, description: 'Type de contenu (ou encodage) non accepté.' },
  RATE_LIMITED: { status: 429, description: 'Trop de demandes : réessayer après le délai de l’en-tête Retry-After.' },
  INTERNAL_ERROR: { status: 500, description: 'Erreur inattendue du serveur.' },
  SERVICE_UNAVAILABLE: {
    status: 503,
    description: 'Service momentanément indisponible : réessayer après le délai de l’en-tête Retry-After.',
  },

  // The request itself: its form, its size, its address.
  VALIDATION_FAILED: {
    status: 400,
    description: 'Une valeur envoyée ne respecte pas les règles de saisie ; `field` nomme le champ quand il est connu.',
  },
  MALFORMED_JSON: { status: 400, description: 'Le corps n’est pas un JSON valide.' },
  EMPTY_BODY: { status: 400, description: 'Le corps JSON est vide.' },
  INVALID_CONTENT_LENGTH: { status: 400, description: 'La taille annoncée du contenu est fausse.' },
  MALFORMED_MULTIPART: { status: 400, description: 'Corps multipart/form-data mal formé ou incomplet.' },
  NOT_MULTIPART: { status: 406, description: 'Cette adresse attend un corps multipart/form-data.' },
  FILE_TYPE_REFUSED: { status: 400, description: 'Le fichier envoyé n’est pas d’un type accepté ici.' },
  FILE_TOO_LARGE: { status: 413, description: 'Le fichier dépasse la taille maximale autorisée.' },
  TOO_MANY_FILES: { status: 413, description: 'Trop de fichiers dans une seule requête.' },
  TOO_MANY_FIELDS: { status: 413, description: 'Trop de champs dans une seule requête.' },
  MALFORMED_URL: { status: 400, description: 'Adresse mal formée (encodage).' },
  UNREADABLE_REQUEST: { status: 400, description: 'Requête HTTP illisible.' },
  REQUEST_TIMEOUT: { status: 408, description: 'La requête a mis trop de temps à arriver.' },
  URL_TOO_LONG: { status: 414, description: 'Adresse trop longue.' },
  HEADERS_TOO_LARGE: { status: 431, description: 'En-têtes trop volumineux.' },
  ROUTE_NOT_FOUND: { status: 404, description: 'Cette adresse de l’API n’existe pas (ou pas avec cette méthode).' },

  // The session and the sign-in.
  AUTHENTICATION_REQUIRED: { status: 401, description: 'Aucun jeton de session : se connecter.' },
  EXPIRED_TOKEN: { status: 401, description: 'Jeton de session expiré (ou mot de passe changé depuis) : se reconnecter.' },
  INVALID_TOKEN: { status: 401, description: 'Jeton de session invalide, ou compte désactivé : se reconnecter.' },
  LOGIN_FAILED: { status: 401, description: 'Identifiants (ou clé d’accès) refusés.' },
  LOGIN_LOCKED: { status: 429, description: 'Connexion bloquée sur ce compte après trop d’échecs, pour le délai de Retry-After.' },
  MAIL_LINK_INVALID: { status: 400, description: 'Lien reçu par email invalide, déjà utilisé ou expiré : en demander un nouveau.' },
  EMAIL_TAKEN: { status: 409, alsoStatus: 403, description: 'Cette adresse email est déjà celle d’un compte (403 à l’inscription).' },
  CURRENT_PASSWORD_REQUIRED: { status: 400, description: 'Le mot de passe actuel est demandé pour cette modification.' },
  CURRENT_PASSWORD_WRONG: { status: 400, description: 'Le mot de passe actuel saisi est incorrect.' },
  PASSWORD_TOO_WEAK: { status: 400, description: 'Le nouveau mot de passe ne respecte pas la politique des mots de passe.' },
  PASSWORD_CHANGE_REQUIRED: { status: 403, description: 'La session doit d’abord choisir un mot de passe plus fort.' },
  SECOND_FACTOR_REQUIRED: { status: 403, description: 'La connexion attend encore le code de double authentification.' },
  SECOND_FACTOR_SETUP_REQUIRED: { status: 403, description: 'Ce compte doit d’abord configurer une double authentification.' },
  REAUTHENTICATION_REQUIRED: {
    status: 403,
    description: 'Action sensible : confirmer à nouveau son identité (code ou mot de passe), puis renvoyer la requête.',
  },
  SECOND_FACTOR_CODE_WRONG: { status: 400, description: 'Code de double authentification incorrect ou déjà utilisé.' },
  PASSKEY_CHALLENGE_EXPIRED: { status: 400, description: 'Le défi de la clé d’accès a expiré ou a déjà servi : recommencer.' },
  PASSKEY_COUNTER_REGRESSION: { status: 401, description: 'Cette clé d’accès semble copiée : connexion refusée.' },

  // Files and their documents.
  PROJECT_ACCESS_DENIED: { status: 403, description: 'Ce dossier n’est pas accessible à cet utilisateur.' },
  DOCUMENT_SAVE_REFUSED: {
    status: 401,
    description: 'Ce questionnaire ne peut pas être enregistré par cet utilisateur ; `document` est la version enregistrée.',
  },
  VERSION_CONFLICT: {
    status: 409,
    description: 'Quelqu’un a enregistré ce questionnaire entre-temps ; `document` est la version actuelle.',
  },

  // The service.
  DATABASE_UNAVAILABLE: { status: 503, description: 'Base de données injoignable : réessayer après le délai de Retry-After.' },
  STORAGE_UNAVAILABLE: { status: 503, description: 'Stockage des fichiers injoignable : réessayer après le délai de Retry-After.' },
  SERVER_BUSY: { status: 503, description: 'Serveur très sollicité : réessayer après le délai de Retry-After.' },
  MAINTENANCE: { status: 503, description: 'Site en maintenance : réessayer après le délai de Retry-After.' },
} as const satisfies Record<string, { status: number; alsoStatus?: number; description: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
/** The codes answered with `status`, e.g. `ErrorCodeOf<409>`. */
export type ErrorCodeOf<S extends number> = {
  [C in ErrorCode]: (typeof ERROR_CODES)[C] extends { status: S } | { alsoStatus: S } ? C : never;
}[ErrorCode];

/** Every code, in the catalogue's order. */
export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

/** The HTTP status a code is answered with (EMAIL_TAKEN: its usual one, 409). */
export function errorStatus(code: ErrorCode): number {
  return ERROR_CODES[code].status;
}

const GENERIC_BY_STATUS = new Map<number, ErrorCode>([
  [400, 'BAD_REQUEST'],
  [401, 'UNAUTHORIZED'],
  [403, 'FORBIDDEN'],
  [404, 'NOT_FOUND'],
  [406, 'NOT_ACCEPTABLE'],
  [408, 'REQUEST_TIMEOUT'],
  [409, 'CONFLICT'],
  [413, 'PAYLOAD_TOO_LARGE'],
  [414, 'URL_TOO_LONG'],
  [415, 'UNSUPPORTED_MEDIA_TYPE'],
  [429, 'RATE_LIMITED'],
  [431, 'HEADERS_TOO_LARGE'],
  [500, 'INTERNAL_ERROR'],
  [503, 'SERVICE_UNAVAILABLE'],
]);

/**
 * The code of an error answer that names none of its own: the generic code of
 * its status; a 4xx status not in the catalogue (none is answered today) gets
 * BAD_REQUEST, any other INTERNAL_ERROR.
 */
export function genericErrorCode(status: number): ErrorCode {
  return GENERIC_BY_STATUS.get(status) ?? (status >= 400 && status < 500 ? 'BAD_REQUEST' : 'INTERNAL_ERROR');
}
