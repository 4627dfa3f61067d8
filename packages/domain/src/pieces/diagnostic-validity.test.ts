import { describe, expect, it } from 'vitest';
import { FILE_TYPES } from '../documents/file-types';
import {
  computeDiagnosticValidity,
  DIAGNOSTIC_KINDS,
  DIAGNOSTIC_RULES,
  diagnosticForFileType,
  diagnosticNeedsFinding,
  warnDiagnosticsExpiringBeforeSigning,
} from './diagnostic-validity';
import { PIECE_KINDS } from './piece-rules';
import { parseFrenchDate } from './french-date';

const until = (...args: Parameters<typeof computeDiagnosticValidity>) => computeDiagnosticValidity(...args);

describe('the validity of diagnostics', () => {
  it('has one row per diagnostic, each with its legal source, file type and the pieces it answers', () => {
    expect(DIAGNOSTIC_RULES.map((rule) => rule.kind)).toEqual([...DIAGNOSTIC_KINDS]);
    for (const rule of DIAGNOSTIC_RULES) {
      expect(rule.legalSource).toMatch(/art\./);
      expect(Object.hasOwn(FILE_TYPES, rule.fileType), rule.fileType).toBe(true);
      for (const pieceId of rule.pieceIds) expect(PIECE_KINDS.has(pieceId), pieceId).toBe(true);
      expect(diagnosticForFileType(rule.fileType)).toBe(rule.kind);
    }
    expect(diagnosticForFileType('identity_card')).toBeUndefined();
  });

  it('gives each row its validity: the day before the same date N months later', () => {
    const report = '15/03/2024';
    expect(until('dpe', report)).toEqual({ unlimited: false, validUntil: '14/03/2034' });
    expect(until('termites', report)).toEqual({ unlimited: false, validUntil: '14/09/2024' });
    expect(until('gas', report)).toEqual({ unlimited: false, validUntil: '14/03/2027' });
    expect(until('electricity', report)).toEqual({ unlimited: false, validUntil: '14/03/2027' });
    expect(until('erp', report)).toEqual({ unlimited: false, validUntil: '14/09/2024' });
    expect(until('sanitation', report)).toEqual({ unlimited: false, validUntil: '14/03/2027' });
    expect(until('lead', report, 'found')).toEqual({ unlimited: false, validUntil: '14/03/2025' });
    expect(until('asbestos', report, 'found')).toEqual({ unlimited: false, validUntil: '14/03/2027' });
  });

  it('keeps a lead or asbestos report without finding valid forever, and reads an unknown finding the short way', () => {
    expect(until('lead', '15/03/2024', 'not_found')).toEqual({ unlimited: true });
    expect(until('asbestos', '15/03/2024', 'not_found')).toEqual({ unlimited: true });
    expect(until('lead', '15/03/2024')).toEqual({ unlimited: false, validUntil: '14/03/2025' });
    expect(until('dpe', '15/03/2024', 'not_found')).toEqual({ unlimited: false, validUntil: '14/03/2034' });
    expect(diagnosticNeedsFinding('lead')).toBe(true);
    expect(diagnosticNeedsFinding('dpe')).toBe(false);
  });

  it('counts months across leap years and short months', () => {
    // 29 February + 1 year: no 29/02/2025, so the year ends on 28/02.
    expect(until('lead', '29/02/2024', 'found')).toEqual({ unlimited: false, validUntil: '27/02/2025' });
    // 31 August + 6 months: February's last day, 29 in a leap year, 28 otherwise.
    expect(until('termites', '31/08/2023')).toEqual({ unlimited: false, validUntil: '28/02/2024' });
    expect(until('termites', '31/08/2024')).toEqual({ unlimited: false, validUntil: '27/02/2025' });
    expect(until('erp', '01/09/2023')).toEqual({ unlimited: false, validUntil: '29/02/2024' });
    expect(until('dpe', '01/01/2020')).toEqual({ unlimited: false, validUntil: '31/12/2029' });
  });

  it('reads only real JJ/MM/AAAA days', () => {
    expect(until('dpe', '31/02/2024')).toBeNull();
    expect(until('dpe', '2024-03-15')).toBeNull();
    expect(until('dpe', '29/02/2023')).toBeNull();
    expect(until('dpe', ' 15/03/2024 ')).toEqual({ unlimited: false, validUntil: '14/03/2034' });
    expect(parseFrenchDate('29/02/2024')).toEqual({ year: 2024, month: 2, day: 29 });
  });
});

describe('the warning before the signing', () => {
  const reports = [
    { kind: 'termites' as const, reportDate: '15/03/2024' },
    { kind: 'lead' as const, reportDate: '15/03/2024', finding: 'not_found' as const },
    { kind: 'dpe' as const, reportDate: '15/03/2024' },
  ];

  it('warns about a report that ends before the signing date, in French', () => {
    expect(warnDiagnosticsExpiringBeforeSigning(reports, '20/09/2024')).toEqual([
      {
        kind: 'termites',
        validUntil: '14/09/2024',
        message:
          "Le rapport « État relatif à la présence de termites » du 15/03/2024 n'est valable que jusqu'au 14/09/2024, avant la signature prévue le 20/09/2024 : il faudra le faire établir à nouveau.",
      },
    ]);
  });

  it('says nothing when the report is still valid on the signing day, or with no signing date', () => {
    expect(warnDiagnosticsExpiringBeforeSigning(reports, '14/09/2024')).toEqual([]);
    expect(warnDiagnosticsExpiringBeforeSigning(reports, '')).toEqual([]);
  });
});
