import type { QuestionnaireDocType } from '../../projects/participant-documents';
import type { Condition } from './conditions';
import type { FieldKind } from './kinds';

/**
 * A questionnaire written once, as plain data (JSON-serialisable: no
 * functions), from which the screens, the server's cleaning, the PDF, the
 * progress figure and the tests are all derived.
 */
export interface QuestionnaireDefinition {
  docType: QuestionnaireDocType;
  /** The screen's title. */
  title: string;
  /** What the side panel 'Pourquoi ce questionnaire ?' says. */
  purpose: string;
  steps: readonly Step[];
}

export interface Step {
  /** The step's index as the spec numbers it (the heritage balance's only step is 1). */
  index: number;
  title: string;
  /** Most steps have one untitled section; some have titled subsections (spec 001, section 2). */
  sections: readonly Section[];
}

export interface Section {
  title?: string;
  questions: readonly Question[];
}

/**
 * One block on screen: a wording, the inputs answering it and their
 * follow-ups. Its reset icon clears all of its fields.
 */
export interface Question {
  /** Unique in the definition; by convention the name of its first field. */
  id: string;
  /** The French wording. */
  label: string;
  /** A French explanation shown under the wording (why we ask, what to give). */
  hint?: string;
  /** Supporting documents to attach; listed as a hint and by `requiredSupportingDocuments`. */
  documents?: readonly SupportingDocument[];
  /** Information shown inside the question under a condition (an offer of help, a request). */
  notes?: readonly Note[];
  /** The whole question is hidden (and its answers cleared) unless this holds. */
  visibleWhen?: Condition;
  /**
   * Left empty when it does not apply (an agency's commission, an employer's
   * loan): the spec gives it no yes/no parent to hide it, so it counts in the
   * progress only once answered.
   */
  optional?: boolean;
  fields: readonly Field[];
}

export interface Field {
  /** The spec's exact name, typos included: it is the stored key and the API. */
  name: string;
  kind: FieldKind;
  /** The label next to the input, when the question's wording is not enough. */
  label?: string;
  /** The field is hidden (and its answer cleared) unless this holds. */
  visibleWhen?: Condition;
}

export interface SupportingDocument {
  /** Stable identifier, the same for the same document across questionnaires. */
  id: string;
  /** The French description of what to attach. */
  label: string;
  /** Asked for only when this holds (and its question is visible); always otherwise. */
  requiredWhen?: Condition;
}

export interface Note {
  text: string;
  visibleWhen?: Condition;
}
