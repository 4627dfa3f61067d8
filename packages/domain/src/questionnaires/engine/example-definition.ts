import { choiceField, dateField, defineQuestionnaire, question, section, step, textAreaField, textField, yesNoField } from './builders';

/**
 * A small definition using every field kind and every form of condition, so
 * the engine's tests do not depend on a real questionnaire's wording; it also
 * shows the format at a glance. Not registered (its docType is borrowed).
 */
export const exampleDefinition = defineQuestionnaire({
  docType: 'document_sale_lands',
  title: 'Exemple',
  purpose: 'Montrer chaque forme de question.',
  steps: [
    step(0, 'Prix', [
      question('Quel est le prix ?', [textField('price', 50, { format: 'amount' })]),
      question('La vente est-elle soumise à des conditions ?', [
        yesNoField('conditions'),
        textAreaField('conditions_info', { label: 'Lesquelles ?', visibleWhen: { field: 'conditions', equals: 1 } }),
      ]),
    ]),
    step(1, 'Bien', [
      section('Lotissement', [
        question('Le bien est-il dans un lotissement ?', [yesNoField('lot')]),
        question('Existe-t-il une association syndicale ?', [yesNoField('asso')], { visibleWhen: { field: 'lot', equals: 1 } }),
        // Reads only asso: clearing lot clears asso, which must then clear these (cascade).
        question(
          'Qui la préside ?',
          [textField('president_name', 255, { label: 'Nom' }), textField('president_email', 255, { label: 'E-mail', format: 'email' })],
          { visibleWhen: { field: 'asso', equals: 1 } },
        ),
      ]),
      section('Motivation', [
        question('Pourquoi vendez-vous ?', [
          choiceField('motivation', [
            [1, 'Mobilité professionnelle'],
            [2, 'Évènement familial'],
            [3, "Transfert d'épargne"],
            [4, 'Autre cause'],
          ]),
          choiceField(
            'family_reason',
            [
              [1, 'Mariage / Pacs / Divorce'],
              [0, 'Naissance / Décès'],
            ],
            { visibleWhen: { field: 'motivation', equals: 2 } },
          ),
          textField('other_reason', 255, { visibleWhen: { field: 'motivation', equals: 4 } }),
        ]),
        question('Quelle sera la destination du bien ?', [
          choiceField('destination', [
            ['private', 'Privée'],
            ['pro', 'Professionnelle'],
            ['mix', 'Mixte'],
          ]),
        ]),
        question('Quelle activité ?', [textField('activity', 50)], { visibleWhen: { field: 'destination', in: ['pro', 'mix'] } }),
      ]),
    ]),
    step(2, 'Divers', [
      question('Assainissement', [
        yesNoField('tal'),
        yesNoField('simple'),
        yesNoField('street', {
          visibleWhen: {
            all: [
              { field: 'tal', equals: 0 },
              { field: 'simple', equals: 0 },
            ],
          },
        }),
      ]),
      question('Date du dernier contrôle', [dateField('last_check')], {
        visibleWhen: {
          any: [
            { field: 'tal', equals: 1 },
            { field: 'simple', equals: 1 },
          ],
        },
      }),
      question('Pourquoi aucun prix ?', [textField('no_price_reason', 255)], { visibleWhen: { not: { field: 'price', answered: true } } }),
      question(
        'La société existe-t-elle ?',
        [
          choiceField('company', [
            [1, 'Société existante'],
            [0, 'Société à créer'],
          ]),
        ],
        {
          notes: [
            { text: 'Merci de joindre les statuts.', visibleWhen: { field: 'company', equals: 1 } },
            { text: "L'office peut vous aider à la créer.", visibleWhen: { field: 'company', equals: 0 } },
          ],
          documents: [
            { id: 'statutes', label: 'Statuts de la société', requiredWhen: { field: 'company', equals: 1 } },
            { id: 'id_card', label: "Pièce d'identité" },
          ],
        },
      ),
      question('Date de naissance', [dateField('birth', { maxLength: 10 })], { documents: [{ id: 'id_card', label: "Pièce d'identité" }] }),
    ]),
  ],
});
