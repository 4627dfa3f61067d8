import { describe, expect, it } from 'vitest';
import { purchaseDefinition } from '../definitions/purchase';
import { saleApartmentDefinition } from '../definitions/sale-apartment';
import { saleHouseDefinition } from '../definitions/sale-house';
import { saleLandDefinition } from '../definitions/sale-land';
import { successionDefinition } from '../definitions/succession';
import { civilStatusDefinition } from '../definitions/civil-status';
import { findAnswersTooLong } from './answer-length';
import { listFields } from './definition-index';

const LONG_FIRST_NAMES = 'Marie-Bernadette Joséphine Anne-Charlotte Éléonore Philippine'; // 61 characters

describe('findAnswersTooLong', () => {
  it("keeps the deceased's 61-character first names: a name field takes 255 characters", () => {
    expect(LONG_FIRST_NAMES.length).toBeGreaterThan(50);
    expect(findAnswersTooLong(successionDefinition, { deceased_q1_first_name: LONG_FIRST_NAMES })).toEqual([]);
  });

  it('names the field, its limit and the length typed, instead of cutting', () => {
    const problems = findAnswersTooLong(successionDefinition, {
      deceased_q1_first_name: 'é'.repeat(256),
      deceased_q9_nationality: 'x'.repeat(51),
    });
    expect(problems).toEqual([
      {
        field: 'deceased_q1_first_name',
        label: 'Prénoms',
        maxLength: 255,
        length: 256,
        message: '« Prénoms » : 255 caractères au plus (votre réponse en compte 256). Merci de la raccourcir.',
      },
      expect.objectContaining({
        field: 'deceased_q9_nationality',
        label: 'Quelle était la nationalité du défunt ?',
        maxLength: 50,
        length: 51,
      }),
    ]);
  });

  it('counts characters as a person does (an emoji is one), and leaves hidden answers and dates alone', () => {
    expect(findAnswersTooLong(successionDefinition, { deceased_q9_nationality: '😀'.repeat(50) })).toEqual([]);
    // Hidden (no will): cleared, not refused.
    expect(findAnswersTooLong(successionDefinition, { succession_q2_will: 0, succession_q2_will_notary_name: 'x'.repeat(300) })).toEqual(
      [],
    );
    // The spec trims succession dates itself.
    expect(findAnswersTooLong(successionDefinition, { deceased_q2_birthdate: '01/02/1940 (environ)' })).toEqual([]);
    expect(findAnswersTooLong(successionDefinition, null)).toEqual([]);
  });

  it('gives every field typed as a name (people, borrowers, companies, towns) the long size', () => {
    const nameLike = /(first_name|last_name|_name$|_bank$|_beneficiary$|_org$|_company$|_city$)/;
    const definitions = [
      successionDefinition,
      purchaseDefinition,
      saleApartmentDefinition,
      saleHouseDefinition,
      saleLandDefinition,
      civilStatusDefinition,
    ];
    const short = definitions
      .flatMap((definition) => listFields(definition))
      .filter((field) => nameLike.test(field.name) && field.kind.type === 'text' && field.kind.maxLength < 255)
      .map((field) => field.name);
    expect(short).toEqual([]);
  });
});
