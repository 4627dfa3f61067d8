/** A complete, valid message of the contact form (spec: seven fields), for the tests that send one. */
export const CONTACT_MESSAGE = {
  civility: 'MME',
  firstName: 'Claire',
  lastName: 'Dubois',
  phone: '06 12 34 56 78',
  email: 'claire.dubois@exemple.fr',
  reason: 'notaire',
  message: 'Bonjour,\nnotre étude souhaite rejoindre le réseau.',
};
