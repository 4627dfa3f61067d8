import { Alert, Button, Group, Radio, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  ADMIN_MESSAGES,
  CIVILITY_LABELS,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_REASON_LABELS,
  CONTACT_REASONS,
  contactSchema,
  readContactErrors,
  type ContactErrors,
  type ContactPayload,
  type ErrorCode,
} from '@notadoo/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { readApiError } from '../../../api/api-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSendContactMessage } from '../api/send-contact-message';

type Values = Record<keyof ContactPayload, string>;
/** The refusals whose server message tells the person what to do (a field to fix, a wait); any other shows the spec's failure message. */
const SERVER_MESSAGE_SHOWN = new Set<ErrorCode>(['VALIDATION_FAILED', 'BAD_REQUEST', 'RATE_LIMITED']);
const EMPTY: Values = { civility: '', firstName: '', lastName: '', phone: '', email: '', reason: '', message: '' };

/** The contact form of spec sections 3 and 5: seven required fields, 255 characters per input, 3 to 6 rows of message. */
export function ContactForm() {
  const send = useSendContactMessage();
  const [values, setValues] = useState<Values>(EMPTY);
  const [{ fields: errors, summary }, setErrors] = useState<ContactErrors>({ fields: {}, summary: undefined });
  const [sent, setSent] = useState(false);
  const set = (field: keyof Values) => (value: string | null) => setValues((v) => ({ ...v, [field]: value ?? '' }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = contactSchema.safeParse(values);
    if (!result.success) {
      setErrors(readContactErrors(values, result.error.issues));
      return;
    }
    setErrors({ fields: {}, summary: undefined });
    send.mutate(result.data, {
      onSuccess: () => {
        notifySuccess(ADMIN_MESSAGES.contactSent);
        setValues(EMPTY);
        setSent(true);
      },
      onError: (error) => {
        const { code, message } = readApiError(error, ADMIN_MESSAGES.contactFailed);
        notifyError(code !== null && SERVER_MESSAGE_SHOWN.has(code) ? message : ADMIN_MESSAGES.contactFailed);
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Formulaire de contact">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Tous les champs sont obligatoires.
        </Text>
        {summary && (
          <Alert role="alert" color="red" icon={<IconAlertCircle size={18} aria-hidden />}>
            {summary}
          </Alert>
        )}
        {sent && (
          <Text role="status" c="teal" fw={500}>
            {ADMIN_MESSAGES.contactSent}
          </Text>
        )}
        <Radio.Group label="Civilité" required value={values.civility} onChange={set('civility')} error={errors.civility}>
          <Group mt={4}>
            {Object.entries(CIVILITY_LABELS).map(([value, label]) => (
              <Radio key={value} value={value} label={label} />
            ))}
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Prénom"
            withAsterisk
            autoComplete="given-name"
            required
            maxLength={255}
            value={values.firstName}
            onChange={(e) => set('firstName')(e.currentTarget.value)}
            error={errors.firstName}
          />
          <TextInput
            label="Nom"
            withAsterisk
            autoComplete="family-name"
            required
            maxLength={255}
            value={values.lastName}
            onChange={(e) => set('lastName')(e.currentTarget.value)}
            error={errors.lastName}
          />
          <TextInput
            label="Téléphone"
            withAsterisk
            type="tel"
            autoComplete="tel"
            required
            maxLength={255}
            value={values.phone}
            onChange={(e) => set('phone')(e.currentTarget.value)}
            error={errors.phone}
          />
          <TextInput
            label="Adresse email"
            withAsterisk
            type="email"
            autoComplete="email"
            required
            maxLength={255}
            value={values.email}
            onChange={(e) => set('email')(e.currentTarget.value)}
            error={errors.email}
          />
        </SimpleGrid>
        <Select
          label="Motif de votre demande"
          placeholder="Choisissez un motif"
          required
          data={CONTACT_REASONS.map((reason) => ({ value: reason, label: CONTACT_REASON_LABELS[reason] }))}
          value={values.reason || null}
          onChange={set('reason')}
          error={errors.reason}
          allowDeselect={false}
        />
        <Textarea
          label="Votre message"
          required
          autosize
          minRows={3}
          maxRows={6}
          maxLength={CONTACT_MESSAGE_MAX_LENGTH}
          value={values.message}
          onChange={(e) => set('message')(e.currentTarget.value)}
          error={errors.message}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending}>
            Envoyer mon message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
