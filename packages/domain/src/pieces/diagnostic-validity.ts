import type { FileTypeCode } from '../documents/file-types';
import { addDays, addMonths, compareDays, formatFrenchDate, parseFrenchDate } from './french-date';

/**
 * How long each report of the diagnostic file (dossier de diagnostic
 * technique) stays valid for a sale, and the warning when one ends before the
 * signing. The references are given as we know them after the 2021
 * recodification of the CCH; the office checks them, and a change is one row.
 */

export const DIAGNOSTIC_KINDS = ['dpe', 'asbestos', 'lead', 'termites', 'gas', 'electricity', 'erp', 'sanitation'] as const;
export type DiagnosticKind = (typeof DIAGNOSTIC_KINDS)[number];

/** What a lead or asbestos report found: its validity depends on it. */
export const DIAGNOSTIC_FINDINGS = ['found', 'not_found'] as const;
export type DiagnosticFinding = (typeof DIAGNOSTIC_FINDINGS)[number];

export const DIAGNOSTIC_FINDING_LABELS: Record<DiagnosticFinding, string> = {
  found: 'Présence constatée',
  not_found: 'Absence constatée',
};

/** A validity in months, or none (the report never has to be redone). */
export type ValidityDuration = { months: number } | 'unlimited';

export interface DiagnosticRule {
  kind: DiagnosticKind;
  label: string;
  /** The file type a report of this kind is filed under. */
  fileType: FileTypeCode;
  /** The supporting-document (piece) ids a report of this kind answers. */
  pieceIds: readonly string[];
  /** The validity when the finding does not matter, or is not known yet (then the shorter one). */
  validity: ValidityDuration;
  /** The validity by finding, for the reports whose validity depends on it. */
  byFinding?: Record<DiagnosticFinding, ValidityDuration>;
  legalSource: string;
}

/** Of the diagnostic file: asked by the apartment questionnaire and, for a house, by the seller's basics. */
const DIAGNOSTIC_FILE = 'technical_diagnostics';

export const DIAGNOSTIC_RULES: readonly DiagnosticRule[] = [
  {
    kind: 'dpe',
    label: 'Diagnostic de performance énergétique (DPE)',
    fileType: 'dpe',
    pieceIds: [DIAGNOSTIC_FILE],
    validity: { months: 120 },
    legalSource: 'CCH, art. L.126-26 et suivants ; durée : art. D.126-19 (anc. R.134-4-2)',
  },
  {
    kind: 'asbestos',
    label: "État mentionnant la présence ou l'absence d'amiante",
    fileType: 'asbestos_report',
    pieceIds: [DIAGNOSTIC_FILE],
    // Where asbestos is found, its state of conservation is evaluated again within 3 years.
    validity: { months: 36 },
    byFinding: { found: { months: 36 }, not_found: 'unlimited' },
    legalSource: 'CSP, art. L.1334-13 et R.1334-15 à R.1334-29-9 (R.1334-27 : nouvelle évaluation sous 3 ans) ; CCH, art. L.271-4',
  },
  {
    kind: 'lead',
    label: "Constat de risque d'exposition au plomb (CREP)",
    fileType: 'lead_report',
    pieceIds: [DIAGNOSTIC_FILE],
    validity: { months: 12 },
    byFinding: { found: { months: 12 }, not_found: 'unlimited' },
    legalSource: 'CSP, art. L.1334-5 et L.1334-6 ; CCH, art. L.271-5 (sans plomb : pas de nouveau constat) et R.271-5 (1 an)',
  },
  {
    kind: 'termites',
    label: 'État relatif à la présence de termites',
    fileType: 'termites_report',
    pieceIds: [DIAGNOSTIC_FILE],
    validity: { months: 6 },
    legalSource: 'CCH, art. R.126-42 ; durée : art. R.271-5 (D.271-5 depuis 2021)',
  },
  {
    kind: 'gas',
    label: "État de l'installation intérieure de gaz",
    fileType: 'gas_report',
    pieceIds: [DIAGNOSTIC_FILE],
    validity: { months: 36 },
    legalSource: 'CCH, art. L.271-4 ; durée : art. R.271-5',
  },
  {
    kind: 'electricity',
    label: "État de l'installation intérieure d'électricité",
    fileType: 'electricity_report',
    pieceIds: [DIAGNOSTIC_FILE],
    validity: { months: 36 },
    legalSource: 'CCH, art. L.271-4 ; durée : art. R.271-5',
  },
  {
    kind: 'erp',
    label: 'État des risques et pollutions (ERP)',
    fileType: 'natural_risks_statement',
    pieceIds: [DIAGNOSTIC_FILE, 'risk_statement'],
    validity: { months: 6 },
    legalSource: "Code de l'environnement, art. L.125-5 et R.125-26 ; CCH, art. L.271-4 et R.271-5",
  },
  {
    kind: 'sanitation',
    label: "Contrôle de l'installation d'assainissement non collectif",
    fileType: 'sanitation_report',
    pieceIds: ['sewage_inspection_report'],
    validity: { months: 36 },
    legalSource: 'CSP, art. L.1331-11-1 ; CCH, art. L.271-4 (contrôle de moins de 3 ans)',
  },
];

export function findDiagnosticRule(kind: DiagnosticKind): DiagnosticRule {
  return DIAGNOSTIC_RULES.find((rule) => rule.kind === kind) as DiagnosticRule;
}

/** The diagnostic a file of this type is, if any. */
export function diagnosticForFileType(fileType: string): DiagnosticKind | undefined {
  return DIAGNOSTIC_RULES.find((rule) => rule.fileType === fileType)?.kind;
}

/** Whether the finding (lead, asbestos found or not) changes the validity: the screen asks it only then. */
export function diagnosticNeedsFinding(kind: DiagnosticKind): boolean {
  return findDiagnosticRule(kind).byFinding !== undefined;
}

export type DiagnosticValidity =
  { unlimited: true } | { unlimited: false; /** JJ/MM/AAAA, the last day it is valid. */ validUntil: string };

/**
 * Until when a report is valid, from its date (JJ/MM/AAAA) and, for lead and
 * asbestos, what it found; null when the date is no real day.
 * "Established less than N months ago" at the signing: the last valid day is
 * the day before the same date N months later (that date per CPC art. 641:
 * the month's last day when it has no such day). A report of 15/03/2024
 * valid 6 months is valid until 14/09/2024; one of 31/08/2023, until 28/02/2024.
 */
export function computeDiagnosticValidity(
  kind: DiagnosticKind,
  reportDate: string,
  finding?: DiagnosticFinding,
): DiagnosticValidity | null {
  const report = parseFrenchDate(reportDate);
  if (!report) return null;
  const rule = findDiagnosticRule(kind);
  const duration = finding && rule.byFinding ? rule.byFinding[finding] : rule.validity;
  if (duration === 'unlimited') return { unlimited: true };
  return { unlimited: false, validUntil: formatFrenchDate(addDays(addMonths(report, duration.months), -1)) };
}

export interface DiagnosticReport {
  kind: DiagnosticKind;
  /** JJ/MM/AAAA. */
  reportDate: string;
  finding?: DiagnosticFinding;
}

export interface DiagnosticWarning {
  kind: DiagnosticKind;
  validUntil: string;
  message: string;
}

/**
 * The reports that will have expired on the signing date (JJ/MM/AAAA), each
 * with a French warning. None without a readable signing date: nothing is
 * planned yet. A report whose date is unreadable is the schema's business.
 */
export function warnDiagnosticsExpiringBeforeSigning(reports: readonly DiagnosticReport[], signingDate: string): DiagnosticWarning[] {
  const signing = parseFrenchDate(signingDate);
  if (!signing) return [];
  const warnings: DiagnosticWarning[] = [];
  for (const report of reports) {
    const validity = computeDiagnosticValidity(report.kind, report.reportDate, report.finding);
    if (!validity || validity.unlimited) continue;
    const until = parseFrenchDate(validity.validUntil);
    if (until && compareDays(until, signing) < 0) {
      warnings.push({
        kind: report.kind,
        validUntil: validity.validUntil,
        message: `Le rapport « ${findDiagnosticRule(report.kind).label} » du ${report.reportDate.trim()} n'est valable que jusqu'au ${validity.validUntil}, avant la signature prévue le ${signingDate.trim()} : il faudra le faire établir à nouveau.`,
      });
    }
  }
  return warnings;
}
