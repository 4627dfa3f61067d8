/**
 * User-facing French messages, exactly as spec section 5 and 8 write them.
 * Server and web both read them from here.
 */
export const MESSAGES = {
  // Accounts
  loginFailed: 'Impossible de se connecter. Merci de vérifier vos identifiants.',
  signupRefused: 'Impossible de créer le compte, veuillez contacter un administrateur',
  emailTaken: 'Un utilisateur existe déjà avec cette adresse email.',
  termsRequired: "Merci de bien vouloir accepter les conditions d'utilisation.",
  passwordHint: 'Votre mot de passe doit contenir au moins 6 caractères et 1 chiffre.',
  signupPasswordMismatch: "Vous n'avez pas saisi le même mot de passe",
  registrationPasswordMismatch: 'Veuillez confirmer le mot de passe.',
  resetPasswordMismatch: 'Les deux mots de passe doivent être identiques.',
  resetRequested: (email: string) => `Un email de confirmation vous a été envoyé à l'adresse ${email}`,
  resetFailed: "Une erreur s'est produite. Le délais du lien de confirmation est peut être dépassé.",
  resetSucceeded: 'Opération réussie, vous pouvez dès maintenant vous connecter avec votre nouveau mot de passe.',
  emailConfirmed: 'Votre adresse email a été confirmée avec succès.',
  emailConfirmFailed: 'Impossible de confirmer votre adresse email.',
  emailConfirmCheckLink: 'Merci de vérifier le lien reçu par email.',
  confirmationResent: 'Merci ! Un email vous a été envoyé...',
  expiredToken: 'Expired JWT Token',
  invalidToken: 'Jeton d’authentification invalide.',
  authenticationRequired: 'Authentification requise.',
  tooManyRequests: 'Trop de tentatives. Merci de réessayer dans quelques minutes.',
  loginLocked: (minutes: number) =>
    `Trop d'échecs de connexion sur ce compte : par sécurité, la connexion est bloquée pendant ${minutes} minute${minutes > 1 ? 's' : ''}. ` +
    'Pour vous connecter tout de suite, choisissez un nouveau mot de passe avec le lien « Mot de passe oublié ? ».',
  passwordChecksBusy: 'Le service de connexion est très sollicité. Merci de réessayer dans quelques secondes.',
  // Profile
  currentPasswordRequired: 'Merci de renseigner le mot de passe actuel.',
  currentPasswordWrong: 'Le mot de passe actuel est incorrect.',
  newPasswordMismatch: 'Merci de confirmer votre nouveau mot de passe.',
  profileUpdateFailed: 'Impossible de modifier ce profil. Merci de vérifier les informations.',
  profileUpdated: 'Modification effectuée avec succès !',
  // Generic
  operationSucceeded: 'Opération réalisée avec succès.',
  operationFailed: 'Une erreur est survenue.',
  forbidden: "Erreur : Vous n'avez pas les droits suffisants pour effectuer cette opération.",
  projectAccessDenied: "Erreur : Vous n'avez pas les droits suffisants pour accéder à ce projet.",
  notFound: "La ressource demandée n'existe pas.",
  routeNotFound: "Cette adresse de l'API n'existe pas.",
  invalidRequest: 'Requête invalide.',
  internalError: 'Une erreur interne est survenue. Merci de réessayer plus tard.',
  pageNotFound: '404 - Page introuvable.',
  // Documents
  documentSaveRefused: "Erreur : Impossible d'enregistrer ce document. En êtes-vous le propriétaire ?",
  adminOnly: 'Erreur : Cette action est réservée aux administrateurs.',
  // Mail outbox (issue 14)
  outboxMailNotFound: "Ce mail n'existe pas.",
  outboxMailNotFailed: 'Seul un mail en échec peut être envoyé à nouveau.',
  outboxMailRequeued: 'Le mail sera envoyé à nouveau dans quelques instants.',
  outboxListFailed: 'Impossible de charger les mails en échec.',
  outboxNoFailedMail: "Aucun mail en échec : tous les mails ont été envoyés ou sont en cours d'envoi.",
  // Security and reliability (issue 9)
  databaseUnavailable:
    'Le service est momentanément indisponible (base de données injoignable). Merci de réessayer dans quelques instants.',
  noPendingEmailChange: "Aucun changement d'adresse email n'est en attente de confirmation.",
  emailChangePasswordRequired: 'Merci de renseigner votre mot de passe actuel pour changer votre adresse email.',
  coverFailed: 'La couverture doit être une image (PNG, JPEG, GIF ou WebP).',
  coverMissing: 'Merci de choisir une image de couverture.',
  imageUnreadable: "Cette image est illisible ou endommagée : merci d'en choisir une autre.",
  imageTooManyPixels: (maxMegapixels: number) =>
    `Cette image est trop grande (plus de ${maxMegapixels} millions de pixels) : merci d'en choisir une plus petite.`,
  compressedUploadRefused: "Le contenu envoyé ne doit pas être compressé (en-tête Content-Encoding) : merci de l'envoyer tel quel.",
  malformedMultipart: 'Le contenu envoyé (multipart/form-data) est mal formé ou incomplet.',
  pendingEmailChangeRefused:
    "Erreur : Seuls l'office notarial, un administrateur ou la personne qui l'a invitée peuvent changer l'adresse email d'une personne invitée.",
} as const;

/**
 * Administration, profile and contact (issue 10): the messages of spec
 * section 8 for these screens, and a few of our own where the spec has none.
 */
export const ADMIN_MESSAGES = {
  contactSent: 'Merci ! Votre message a bien été envoyé à nos équipes !',
  contactFailed: 'Une erreur est survenue lors de cette opération.',
  contactFieldsRequired: 'Erreur : tous les champs du formulaire sont requis.',
  contactReasonInvalid: 'Merci de choisir un motif de contact dans la liste.',
  contactCivilityInvalid: 'Merci de choisir une civilité dans la liste.',
  avatarFailed: 'Impossible de modifier votre profil. Merci de vérifier vos informations.',
  avatarUpdated: 'Votre photo de profil a été mise à jour.',
  intermediaryRequested: 'Votre demande a bien été transmise à nos équipes. Merci !',
  intermediaryRequestFailed: 'Une erreur est survenue. Veuillez nous excuser pour la gêne occasionnée.',
  intermediaryAlreadyGranted: "Vous disposez déjà des droits d'intermédiaire immobilier.",
  userToggled: 'Utilisateur modifié avec succès.',
  ownStatusesLocked: 'Erreur : il est impossible de modifier ses propres statuts.',
  adminOperationFailed: 'Une erreur est survenue...',
  userCreated: 'Utilisateur créé avec succès !',
  rolesChanged: 'Modification des roles effectuée avec succès !',
  userNotFound: "Cet utilisateur n'existe pas.",
  maintenance: 'Le site est en maintenance. Merci de revenir dans quelques instants.',
  exportEmpty: "Aucun dossier ouvert sur cette période : il n'y a rien à exporter.",
} as const;
