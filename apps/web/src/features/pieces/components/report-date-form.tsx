import { Button, Group, Select, TextInput } from '@mantine/core';
import {
  DIAGNOSTIC_FINDING_LABELS,
  DIAGNOSTIC_FINDINGS,
  diagnosticNeedsFinding,
  diagnosticReportSchema,
  MESSAGES,
  type DiagnosticFinding,
  type DiagnosticKind,
} from '@notadoo/domain';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { reportFailure } from '../../../lib/report-failure';
import { useSetReportDate } from '../api/set-report-date';

const FINDING_OPTIONS = DIAGNOSTIC_FINDINGS.map((value) => ({ value, label: DIAGNOSTIC_FINDING_LABELS[value] }));

export interface ReportFields {
  reportDate: string;
  finding: DiagnosticFinding | null;
}

/** The report's date (JJ/MM/AAAA) and, for lead and asbestos, the finding: the fields, shared with the sending modal. */
export function ReportDateFields({
  kind,
  value,
  onChange,
  errors,
  disabled,
}: {
  kind: DiagnosticKind;
  value: ReportFields;
  onChange: (value: ReportFields) => void;
  errors: { reportDate?: string; finding?: string };
  disabled?: boolean;
}) {
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <TextInput
        label="Date du rapport"
        placeholder="JJ/MM/AAAA"
        description="Elle fixe la durée de validité du diagnostic."
        value={value.reportDate}
        onChange={(event) => onChange({ ...value, reportDate: event.currentTarget.value })}
        error={errors.reportDate}
        disabled={disabled}
        w={220}
      />
      {diagnosticNeedsFinding(kind) && (
        <Select
          label="Constat du rapport"
          placeholder="Choisir"
          data={FINDING_OPTIONS}
          value={value.finding}
          onChange={(finding) => onChange({ ...value, finding: finding })}
          error={errors.finding}
          disabled={disabled}
          comboboxProps={{ withinPortal: false }}
          w={220}
        />
      )}
    </Group>
  );
}

/** Checks the fields with the domain's schema: the payload, or the French messages by field. */
export function readReportFields(kind: DiagnosticKind, value: ReportFields) {
  const parsed = diagnosticReportSchema.safeParse({ kind, reportDate: value.reportDate, finding: value.finding ?? undefined });
  if (parsed.success) return { payload: parsed.data, errors: {} };
  const errors: { reportDate?: string; finding?: string } = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'finding' ? 'finding' : 'reportDate';
    errors[field] ??= issue.message;
  }
  return { payload: null, errors };
}

/** Dates a diagnostic report already sent (`PATCH /piece-version/{id}/report`). */
export function ReportDateForm({ versionId, kind, initial }: { versionId: number; kind: DiagnosticKind; initial: ReportFields }) {
  const setReportDate = useSetReportDate();
  const [value, setValue] = useState<ReportFields>(initial);
  const [errors, setErrors] = useState<{ reportDate?: string; finding?: string }>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const { payload, errors: found } = readReportFields(kind, value);
    setErrors(found);
    if (!payload) return;
    setReportDate.mutate(
      { versionId, report: payload },
      { onSuccess: () => notifySuccess(MESSAGES.operationSucceeded), onError: (error) => reportFailure(error, [400, 403]) },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Date du rapport de diagnostic">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <ReportDateFields kind={kind} value={value} onChange={setValue} errors={errors} disabled={setReportDate.isPending} />
        <Button type="submit" size="sm" variant="light" loading={setReportDate.isPending}>
          Enregistrer la date
        </Button>
      </Group>
    </form>
  );
}
